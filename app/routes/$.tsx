import { useLoaderData } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { loadBidderContext } from "~/bidding/bidder-page.server";
import { inRoomBidPage } from "~/bidding/in-room-bid-page.server";
import { InRoomBidScreen } from "~/bidding/ui/in-room-bid-screen";
import { publicEventById } from "~/events/public-event.server";
import { findShortPath } from "~/events/short-paths.server";
import { fundraiserWords } from "~/giving/fundraisers.server";
import { givingPage } from "~/giving/giving-page.server";
import { GivingPageScreen } from "~/giving/ui/giving-page-screen";
import pageStylesHref from "~/styles/pages/short-path.css";
import { ErrorPage } from "~/ui/error-page";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

// A short path shows one of two pages; both pages' styles come with either (links cannot depend on the data).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: !data
      ? "Page not found · Gavel"
      : data.kind === "giving"
        ? `Give · ${data.page.eventTitle}`
        : `${data.page.eventTitle} auction`,
  },
];

/** The short path's event, or the 404 every path no route claims answers. */
async function shortPathEvent(path: string | undefined) {
  const found = path ? await findShortPath(path) : null;
  if (!found) throw new Response("Not found", { status: 404 });
  return { shows: found.shows, event: await publicEventById(found.eventId) };
}

/**
 * Every path no other route claims ends here (Remix ranks a splat last). A short path staff gave an event
 * (/woa2025give, /cisnew; docs/decisions/026-giving.md) shows its giving page or its bidding page, the gallery of
 * /inroombid for that event; any other path answers HTTP 404 with the not-found page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shows, event } = await shortPathEvent(params["*"]);
  if (shows === "bidding")
    return { kind: "bidding" as const, page: await inRoomBidPage(request, await loadBidderContext(request, event)) };
  const user = await getSignedInUser(request);
  const here = new URL(request.url).pathname;
  return {
    kind: "giving" as const,
    page: {
      ...(await givingPage(event.event_id)),
      guestName: user ? (user.first_name ?? user.email_address) : null,
      signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
      fundraisersLabel: (await fundraiserWords(event.event_id)).plural,
    },
  };
}

export default function ShortPathPage() {
  const data = useLoaderData<typeof loader>();
  // The bidding page's forms post to /inroombid (its postHref), which answers them.
  return data.kind === "bidding" ? <InRoomBidScreen data={data.page} /> : <GivingPageScreen data={data.page} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
