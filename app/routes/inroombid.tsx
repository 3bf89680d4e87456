import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { z } from "zod";
import { BID_FORM, BIDDER_INTENT, bidSchema, isPostedBidKey, type Bid } from "~/bidding/bid-form";
import { bidderHref } from "~/bidding/bidder-links";
import { bidderPageContext, requireBidder, type Bidder } from "~/bidding/bidder-page.server";
import {
  BidRefused,
  joinAuction,
  ownStandingOn,
  placeReviewedBid,
  reviewBid,
  saveOutbidChoice,
  watchItem,
} from "~/bidding/bidder.server";
import { inRoomBidPage } from "~/bidding/in-room-bid-page.server";
import { InRoomBidScreen } from "~/bidding/ui/in-room-bid-screen";
import { readRowId } from "~/db/row-id";
import { replyFor } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { refuseForm } from "~/forms/reply.server";
import { redirectWithToast, toastOf } from "~/http/toast.server";
import { PREFERENCE_FORM, preferenceSchema } from "~/messages/preference-form";
import { ANSWERED_IN_PLACE, unlessAnsweredInPlace, wantsAnswerInPlace } from "~/navigation/answer-in-place";
import pageStylesHref from "~/styles/pages/inroombid.css";
import { ErrorPage } from "~/ui/error-page";
import type { PlacedBid } from "~/bidding/placed-bid";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

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
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  /** The item a post is about: posted, or the page's own (?item=). */
  const itemOf = (form: FormData) => readRowId(form.get("item") ?? url.searchParams.get("item"));
  const watch = (watching: boolean) => ({
    formId: BID_FORM,
    schema: z.object({}),
    run: async ({ bidder, form }: { bidder: Bidder; form: FormData }) => {
      const itemId = itemOf(form);
      if (itemId === null) return refuseForm(BID_FORM, "Choose an item first.");
      await watchItem(bidder, itemId, watching);
      return redirect(here);
    },
  });
  const bid = {
    formId: BID_FORM,
    // A key longer than a bid form's own is a forged post, refused before the form is read.
    schema: ({ form }: { form: FormData }) => {
      if (!isPostedBidKey(form.get("key")))
        throw new Response("This bid's confirmation key is not one.", { status: 400 });
      return bidSchema;
    },
    run: async ({ bidder, form }: { bidder: Bidder; form: FormData }, posted: Bid) => {
      const itemId = itemOf(form);
      if (itemId === null) return refuseForm(BID_FORM, "Choose an item first.");
      if (posted.intent === BIDDER_INTENT.review || posted.intent === BIDDER_INTENT.reviewBuyNow)
        return data({ review: await reviewBid(bidder, itemId, posted), ...ANSWERED_IN_PLACE });
      try {
        const told = await placeReviewedBid(bidder, itemId, posted);
        // The page's script takes the outcome as data and the item's new state from its live stream; a plain form
        // is redirected to the item's page, loaded again.
        if (wantsAnswerInPlace(form))
          return data({
            placed: { toast: toastOf(told), itemId, own: await ownStandingOn(bidder, itemId) } satisfies PlacedBid,
            ...ANSWERED_IN_PLACE,
          });
        return redirectWithToast(bidderHref(bidder.event.event_id, { item: itemId }), told);
      } catch (error) {
        // Only the message: the phone reads the new minimum from it, and nothing was typed (the values were hidden).
        if (error instanceof BidRefused) return refuseForm(BID_FORM, error.message, error.field, 409);
        throw error;
      }
    },
  };
  return intentAction(request, {
    access: async (request) => ({ bidder: await requireBidder(request, context) }),
    intents: (intent) => ({
      [BIDDER_INTENT.join]: intent({
        formId: BID_FORM,
        schema: z.object({}),
        run: async ({ bidder }) => {
          const paddle = await joinAuction(bidder);
          return redirectWithToast(here, { title: `You are bidder number ${paddle}`, description: "You can bid now." });
        },
      }),
      [PREFERENCE_FORM]: intent({
        formId: PREFERENCE_FORM,
        schema: preferenceSchema,
        run: async ({ bidder }, choice) => {
          await saveOutbidChoice(bidder, choice);
          return redirectWithToast(here, { title: "Saved: we'll tell you as you chose" });
        },
      }),
      [BIDDER_INTENT.watch]: intent(watch(true)),
      [BIDDER_INTENT.unwatch]: intent(watch(false)),
      [BIDDER_INTENT.review]: intent(bid),
      [BIDDER_INTENT.reviewBuyNow]: intent(bid),
      [BIDDER_INTENT.place]: intent(bid),
      [BIDDER_INTENT.buyNow]: intent(bid),
    }),
  });
}

/**
 * A refused bid, the review step or a bid placed from the page's script (answered with the bidder's standing) changes
 * nothing the page's loader reads again (the board follows the live stream), so a phone with JavaScript gets its
 * answer without the whole page being loaded again: in the last minutes, when most bids are refused as outbid, that
 * is most of the server's work (docs/benchmarks.md, "Bidding").
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  replyFor(args.actionResult, BID_FORM) ? false : unlessAnsweredInPlace(args);

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
