import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { BID_FORM, bidSchema, isBidIntent, isPostedBidKey } from "~/bidding/bid-form";
import { bidderHref } from "~/bidding/bidder-links";
import { bidderPageContext, requireBidder } from "~/bidding/bidder-page.server";
import {
  BidRefused,
  joinAuction,
  placeReviewedBid,
  reviewBid,
  saveOutbidChoice,
  watchItem,
} from "~/bidding/bidder.server";
import { inRoomBidPage } from "~/bidding/in-room-bid-page.server";
import { InRoomBidScreen } from "~/bidding/ui/in-room-bid-screen";
import { readRowId } from "~/db/row-id";
import { parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm, refuseForm } from "~/forms/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { PREFERENCE_FORM, preferenceSchema } from "~/messages/message-forms";
import biddingHref from "~/styles/bidding.css";
import landingHref from "~/styles/landing.css";
import publicChromeHref from "~/styles/public-chrome.css";
import { ErrorPage } from "~/ui/error-page";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: landingHref },
  { rel: "stylesheet", href: biddingHref },
  { rel: "stylesheet", href: publicChromeHref },
];

/**
 * /inroombid: the bidders' pages of an event's silent and virtual auctions, mobile first. ?id= the event;
 * with &item= one item (bid sheets' QR codes lead here), with &view=mine the bidder's own bids, otherwise the gallery.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return inRoomBidPage(request, await bidderPageContext(request, context));
}

/**
 * The bidder pages' posts (an event's short path posts here too): joining for a paddle number, watching an item,
 * the bidder's outbid choice, and a bid's two steps, "review" answering the confirmation to show and "place"
 * placing it (bid-form.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const bidder = await requireBidder(request, context);
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const form = await readPostedForm(request);
  const intent = form.get("intent");
  if (intent === "join") {
    const paddle = await joinAuction(bidder);
    return redirectWithToast(here, { title: `You are bidder number ${paddle}`, description: "You can bid now." });
  }
  if (intent === PREFERENCE_FORM)
    return answerForm(PREFERENCE_FORM, parseForm(form, preferenceSchema), async (choice) => {
      await saveOutbidChoice(bidder, choice);
      return redirectWithToast(here, { title: "Saved: we'll tell you as you chose" });
    });
  const itemId = readRowId(form.get("item") ?? url.searchParams.get("item"));
  if (itemId === null) return refuseForm(BID_FORM, "Choose an item first.");
  if (intent === "watch" || intent === "unwatch") {
    await watchItem(bidder, itemId, intent === "watch");
    return redirect(here);
  }
  if (!isBidIntent(intent)) return refuseForm(BID_FORM, "Something went wrong: please try again.");
  if (!isPostedBidKey(form.get("key"))) throw new Response("This bid's confirmation key is not one.", { status: 400 });
  return answerForm(BID_FORM, parseForm(form, bidSchema), async (bid) => {
    if (intent === "review" || intent === "review_buy_now") return { review: await reviewBid(bidder, itemId, bid) };
    try {
      const told = await placeReviewedBid(bidder, itemId, bid);
      return redirectWithToast(bidderHref(bidder.event.event_id, { item: itemId }), told);
    } catch (error) {
      // Only the message: the phone reads the new minimum from it, and nothing was typed (the values were hidden).
      if (error instanceof BidRefused) return refuseForm(BID_FORM, error.message, error.field, 409);
      throw error;
    }
  });
}

/**
 * A refused bid or the review step changes nothing the page's loader reads (the board follows the live stream), so
 * a phone with JavaScript gets its answer without the whole page being loaded again: in the last minutes, when most
 * bids are refused as outbid, that is most of the server's work (docs/benchmarks.md, "Bidding").
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (
    replyFor(actionResult, BID_FORM) ||
    (typeof actionResult === "object" && actionResult && "review" in actionResult)
  )
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
