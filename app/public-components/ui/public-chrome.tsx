/**
 * The shared components of an event's public pages (/admin/setup/components), as the landing page, registration and
 * the bidding pages draw them, in the page's theme (the custom properties its wrapper sets). Plain links and
 * images: complete without JavaScript.
 */
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { SponsorItem } from "./sponsor-item";
import type { PublicChrome } from "../public-chrome";
import type { ReactNode } from "react";

/** The announcement bar above the page's header; nothing when it is switched off. */
export function AnnouncementBar({ chrome }: { chrome: PublicChrome | undefined }) {
  const announcement = chrome?.announcement;
  if (!announcement) return null;
  return (
    <aside className="announcement-bar" aria-label="Announcement">
      <p>
        {announcement.text}
        {announcement.link ? (
          <>
            {" "}
            <a href={announcement.link.href} className="announcement-bar__link">
              {announcement.link.label}
            </a>
          </>
        ) : null}
      </p>
    </aside>
  );
}

/** The event's logo and name, as the header shows them. */
export function ChromeBrand({ brand }: { brand: PublicChrome["brand"] }) {
  return (
    <span className="chrome-brand">
      {brand.logo ? (
        <ResponsiveImage
          image={brand.logo}
          // The name beside the logo already says it.
          alt={brand.showName ? "" : brand.name}
          className="chrome-brand__logo"
          sizes="12rem"
          loading="eager"
          width={192}
          height={48}
        />
      ) : null}
      {brand.showName ? <span className="chrome-brand__name">{brand.name}</span> : null}
    </span>
  );
}

/** The sponsors' logos in one row, above the footer, when the strip is switched on and the event shows sponsors. */
export function SponsorStrip({ chrome }: { chrome: PublicChrome | undefined }) {
  const strip = chrome?.sponsorStrip;
  if (!strip) return null;
  return (
    <aside className="sponsor-strip" aria-label={strip.title}>
      <p className="sponsor-strip__title">{strip.title}</p>
      <ul className="sponsor-strip__list">
        {strip.sponsors.map((sponsor) => (
          <SponsorItem
            key={sponsor.id}
            sponsor={sponsor}
            block="sponsor-strip"
            logo={{ sizes: "8rem", width: 128, height: 64 }}
          />
        ))}
      </ul>
    </aside>
  );
}

/**
 * The page's footer: the shared text and links, and whatever the page adds of its own (the landing page's contact
 * details). Nothing at all when neither has anything to say.
 */
export function ChromeFooter({
  chrome,
  className = "",
  children,
}: {
  chrome: PublicChrome | undefined;
  className?: string;
  children?: ReactNode;
}) {
  const footer = chrome?.footer;
  if (!footer && !children) return null;
  return (
    <footer className={`chrome-footer ${className}`.trim()}>
      {children}
      {footer?.links.length ? (
        <ul className="chrome-footer__links" aria-label="Links">
          {footer.links.map((link) => (
            <li key={`${link.label} ${link.href}`}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {footer?.text ? <p className="chrome-footer__text">{footer.text}</p> : null}
    </footer>
  );
}
