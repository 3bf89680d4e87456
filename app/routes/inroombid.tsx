import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { bidderAction } from "~/bidding/bidder-actions.server";
import { loadBidderContext } from "~/bidding/bidder-page.server";
import { inRoomBidPage } from "~/bidding/in-room-bid-page.server";
import { InRoomBidScreen } from "~/bidding/ui/in-room-bid-screen";
import biddingHref from "~/styles/bidding.css";
import landingHref from "~/styles/landing.css";
import publicChromeHref from "~/styles/public-chrome.css";
import { ErrorPage } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: landingHref },
  { rel: "stylesheet", href: biddingHref },
  { rel: "stylesheet", href: publicChromeHref },
];

/**
 * /inroombid: the bidders' pages of an event's silent and virtual auctions, mobile first. ?id= the event;
 * with &item= one item (bid sheets' QR codes lead here), with &view=mine the bidder's own bids, otherwise the gallery.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return inRoomBidPage(request, await loadBidderContext(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return bidderAction(request);
}

/**
 * A refused bid or the review step changes nothing the page's loader reads (the board follows the live stream), so
 * a phone with JavaScript gets its answer without the whole page being loaded again: in the last minutes, when most
 * bids are refused as outbid, that is most of the server's work (docs/benchmarks.md, "Bidding").
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && ("errors" in actionResult || "review" in actionResult))
    return false;
  return defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Auction · Gavel" }];
  const itemTitle = data.item?.detail.title;
  return [
    { title: `${itemTitle ? `${itemTitle} · ` : data.view === "mine" ? "My bids · " : ""}${data.eventTitle} auction` },
    { name: "description", content: data.subtitle ?? `Bid in the ${data.eventTitle} auction.` },
  ];
};

export default function InRoomBid() {
  return <InRoomBidScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
