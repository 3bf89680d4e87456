import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { findPublicEvent, requireVisibleFeature } from "~/events/public-event.server";
import { ResponsiveImage } from "~/images/responsive-image";
import { publicOrigin } from "~/security/request.server";
import { RichText } from "~/rich-text/rich-text";
import { richTextToPlainText, sanitizeRichText } from "~/rich-text/sanitize.server";
import eventHref from "~/styles/event.css";
import { brandingStyle } from "~/ui/branding";
import { ErrorPage } from "~/ui/error-page";
import { FontFaces, fontPreloadMeta } from "~/ui/event-fonts";
import { eventFonts } from "~/ui/font-faces.server";
import { PreviewBanner } from "~/ui/preview-banner";
import { formatInZone } from "~/ui/zoned-time";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: eventHref }];

type ShareMeta = { share_title?: string | null; share_description?: string | null };

/**
 * /event: the event's public page (spec §2), found by ?id (event subdomains redirect here with it) or ?slug.
 * It shows while the landing feature is live, or in testing to people who may preview it. Its sections and their
 * settings tree come with the page designer; this is the event's own information, in its branding.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const row = await findPublicEvent(request);
  const { preview } = await requireVisibleFeature(request, row, "landing");
  const share = row.meta as ShareMeta;
  const when = row.start_date_time
    ? [formatInZone(row.start_date_time, row.timezone, "long"), row.end_date_time ? formatInZone(row.end_date_time, row.timezone, "time") : null]
        .filter(Boolean)
        .join(" – ")
    : null;
  const description = sanitizeRichText(row.description ?? "");
  const origin = publicOrigin(request);
  return {
    preview,
    branding: brandingStyle(row),
    fonts: eventFonts(row),
    event: {
      title: row.title,
      excerpt: row.excerpt,
      when,
      address: row.address,
      logo: row.logo,
      thumbnail: row.thumbnail,
      description,
    },
    company: {
      name: row.company_name,
      logo: row.company_logo,
      about: sanitizeRichText(row.company_about ?? ""),
    },
    contact: {
      email: row.email,
      phone: row.phone,
      links: (
        [
          ["Website", row.website],
          ["Facebook", row.facebook],
          ["Instagram", row.instagram],
          ["LinkedIn", row.linkedin],
          ["X (Twitter)", row.twitter],
        ] satisfies Array<[string, string | null]>
      ).flatMap(([label, href]) => (href ? [[label, href] as const] : [])),
    },
    share: {
      title: share.share_title || row.title,
      description: share.share_description || row.excerpt || richTextToPlainText(description).slice(0, 200),
      image: row.thumbnail ? new URL(row.thumbnail, origin).href : null,
      url: `${origin}/event?id=${row.event_id}`,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Event not found · Gavel" }];
  const { share } = data;
  return [
    ...fontPreloadMeta(data.fonts),
    { title: share.title },
    { name: "description", content: share.description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: share.title },
    { property: "og:description", content: share.description },
    { property: "og:url", content: share.url },
    ...(share.image ? [{ property: "og:image", content: share.image }] : []),
    { name: "twitter:card", content: share.image ? "summary_large_image" : "summary" },
  ];
};

export default function EventPage() {
  const { preview, branding, fonts, event, company, contact } = useLoaderData<typeof loader>();
  return (
    <div className="event-page" style={branding}>
      <FontFaces css={fonts.css} />
      {preview ? <PreviewBanner feature="The landing page" /> : null}
      <header className="event-page__bar">
        {event.logo ? (
          <ResponsiveImage image={event.logo} alt={event.title} className="event-page__logo" sizes="12rem" loading="eager" />
        ) : (
          <span className="event-page__name">{event.title}</span>
        )}
      </header>
      <main id="main">
        <section className="event-hero" aria-labelledby="event-title">
          <div className="event-hero__text">
            <h1 id="event-title">{event.title}</h1>
            {event.when ? <p className="event-hero__when">{event.when}</p> : null}
            {event.address ? <p className="event-hero__where">{event.address}</p> : null}
            {event.excerpt ? <p className="event-hero__excerpt">{event.excerpt}</p> : null}
          </div>
          {event.thumbnail ? (
            <ResponsiveImage image={event.thumbnail} alt="" className="event-hero__image" sizes="(min-width: 60rem) 40vw, 100vw" loading="eager" />
          ) : null}
        </section>
        {event.description ? (
          <section className="event-section" aria-labelledby="event-details">
            <h2 id="event-details">About the evening</h2>
            <RichText html={event.description} />
          </section>
        ) : null}
        {company.name || company.about ? (
          <section className="event-section event-section--band" aria-labelledby="event-company">
            <h2 id="event-company">{company.name ? `About ${company.name}` : "About the organisers"}</h2>
            {company.logo ? <ResponsiveImage image={company.logo} alt={company.name ?? "The organisers' logo"} className="event-section__logo" sizes="10rem" /> : null}
            {company.about ? <RichText html={company.about} /> : null}
          </section>
        ) : null}
        {contact.email || contact.phone || contact.links.length > 0 ? (
          <section className="event-section" aria-labelledby="event-contact">
            <h2 id="event-contact">Contact</h2>
            <ul className="event-contact">
              {contact.email ? (
                <li>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </li>
              ) : null}
              {contact.phone ? (
                <li>
                  <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a>
                </li>
              ) : null}
              {contact.links.map(([label, href]) => (
                <li key={label}>
                  <a href={href} rel="noopener noreferrer" target="_blank">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
