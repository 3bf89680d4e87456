import { useLoaderData } from "@remix-run/react";
import { FontFaces, fontPreloadMeta } from "~/fonts/ui/event-fonts";
import { loadLandingPage } from "~/landing/landing.server";
import { LandingPage } from "~/landing/ui/landing-page";
import pageStylesHref from "~/styles/pages/event.css";
import { ErrorPage } from "~/ui/error-page";
import { PreviewBanner } from "~/ui/preview-banner";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * /event: the event's public landing page, found by ?id (event subdomains redirect here with it) or
 * ?slug. It shows while the landing feature is live, or in testing to people who may preview it; they may also
 * see the unpublished draft of the page designer with ?draft.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadLandingPage(request);
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
    { tagName: "link", rel: "canonical", href: share.url },
  ];
};

export default function EventPage() {
  const { preview, draft, context, settings, chrome, fonts } = useLoaderData<typeof loader>();
  return (
    <>
      <FontFaces css={fonts.css} />
      <LandingPage
        context={context}
        settings={settings}
        chrome={chrome}
        banner={
          <>
            {preview ? <PreviewBanner feature="The landing page" /> : null}
            {draft ? (
              <div className="preview-banner" role="note">
                <strong>Draft.</strong> You are looking at the unpublished draft of this page; guests see the published
                version.
              </div>
            ) : null}
          </>
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
