/**
 * What the shared components (/admin/setup/components) put on an event's public pages, worked out from the stored
 * settings and the event: the brand in the header, the announcement bar, the sponsor strip and the footer. The
 * landing page, registration and the bidding pages draw it; so does the setup screen's preview, from the form being
 * edited. Client-safe.
 */
import { paths } from "~/http/paths";
import type { ResolvedPublicComponents } from "~drizzle/schema/settings";

export interface ChromeSponsor {
  id: number;
  title: string;
  logo: string | null;
  website: string | null;
}

export interface PublicChrome {
  /** The event's landing page: the header's brand leads there. */
  homeHref: string;
  brand: { name: string; logo: string | null; showName: boolean };
  announcement: { text: string; link: { label: string; href: string } | null } | null;
  sponsorStrip: { title: string; sponsors: ChromeSponsor[] } | null;
  footer: { text: string; links: Array<{ label: string; href: string }> } | null;
}

export function publicChrome(
  components: ResolvedPublicComponents,
  event: { event_id: number; title: string; logo: string | null },
  sponsors: ChromeSponsor[],
): PublicChrome {
  const { header, announcement, sponsorStrip, footer } = components;
  const logo = header.logo || event.logo || null;
  return {
    homeHref: paths.event(event.event_id),
    // Without a logo the name is the header: it shows whatever the switch says.
    brand: { name: header.name.trim() || event.title, logo, showName: header.showName || !logo },
    announcement:
      announcement.isVisible && announcement.text.trim()
        ? {
            text: announcement.text.trim(),
            link:
              announcement.linkHref && announcement.linkLabel.trim()
                ? { label: announcement.linkLabel.trim(), href: announcement.linkHref }
                : null,
          }
        : null,
    sponsorStrip: sponsorStrip.isVisible && sponsors.length > 0 ? { title: sponsorStrip.title, sponsors } : null,
    footer: footer.text.trim() || footer.links.length > 0 ? { text: footer.text.trim(), links: footer.links } : null,
  };
}
