/**
 * What a bidder does on the bidder pages (/inroombid): join the auction for a paddle number, watch an item, review a
 * bid and place it, choose how to hear of being outbid. A team member with can_bid may add a paddle number to bid for
 * that guest (a bid station). Each takes a signed-in bidder's context and refuses with a `Refusal`.
 */
import { billablePaddleHolder } from "~/billing/paddle-holders.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { loadMessagePreference, saveMessagePreference } from "~/messages/preferences.server";
import { ensurePaddle } from "~/registration/paddles.server";
import { formatMoney } from "~/ui/format";
import { bidSummary, isBuyNow, newBidKey, type Bid, type BidReview } from "./bid-form";
import { ownBids, silentAuctionPageSettings, type Bidder } from "./bidder-page.server";
import { loadBoard, setWatching } from "./board.server";
import { placeBid } from "./place-bid.server";
import { refusalMessage } from "./refusal-messages";
import type { Submission } from "./engine";
import type { z } from "zod";
import type { ToastInput } from "~/http/toast.server";
import type { preferenceSchema } from "~/messages/preference-form";

/**
 * The engine refused the bid against the item's state at that moment (outbid meanwhile, closed): the form was
 * right, the auction moved on, so the page answers 409 and the bidder's phone learns the new minimum from it.
 */
export class BidRefused extends Refusal {}

/** The bidder's paddle number at the event, given now if they had none. */
export function joinAuction(bidder: Bidder): Promise<number> {
  return ensurePaddle(db, bidder.event.event_id, bidder.user.usrId);
}

export async function watchItem(bidder: Bidder, itemId: number, watching: boolean) {
  await boardItem(bidder, itemId);
  await setWatching(db, bidder.user.usrId, itemId, watching);
}

/** The bid checked against the item as it stands, and the confirmation to show, with a fresh idempotency key. */
export async function reviewBid(bidder: Bidder, itemId: number, bid: Bid): Promise<BidReview> {
  await refuseWhatThePageDoesNotOffer(bidder, bid);
  const paddle = guestPaddle(bidder, bid);
  const item = await boardItem(bidder, itemId);
  const money = (cents: number) => formatMoney(cents, bidder.rules.currency);
  const buyNow = isBuyNow(bid.intent);
  // Placing it would be refused (a phone's bid on an item taken in the room only): said now, not after a confirmation
  // the page without JavaScript would not even show.
  if (item.inPersonOnly && paddle === null)
    throw new Refusal(refusalMessage("in_person_only", { nextMinimum: null }), "amount");
  if (!buyNow && bid.amount !== null && bid.amount < item.live.nextMinimum)
    throw new Refusal(`The next minimum bid is ${money(item.live.nextMinimum)}.`, "amount");
  const amount = buyNow ? null : bid.amount;
  const maximum = buyNow ? null : bid.maximum;
  return {
    kind: buyNow ? "buy_now" : "bid",
    itemId,
    amount,
    maximum,
    paddle,
    key: newBidKey(),
    summary: bidSummary({ buyNow, amount, maximum, paddle }, { title: item.title, buyNow: item.live.buyNow }, money),
  };
}

/**
 * The confirmed bid, placed as reviewed, the engine deciding against the item's state at that moment (a refusal of
 * its is a `BidRefused`); what the bidder is told.
 */
export async function placeReviewedBid(bidder: Bidder, itemId: number, bid: Bid): Promise<ToastInput> {
  await refuseWhatThePageDoesNotOffer(bidder, bid);
  const paddle = guestPaddle(bidder, bid);
  const eventId = bidder.event.event_id;
  const { user } = bidder;
  const money = (cents: number) => formatMoney(cents, bidder.rules.currency);
  let bidderId = user.usrId;
  if (paddle !== null) {
    const guest = await db.transaction((tx) => billablePaddleHolder(tx, eventId, paddle));
    if (guest === null) throw new Refusal(`No guest holds paddle ${paddle} at this event.`, "paddle");
    bidderId = guest.usrId;
  }
  const submission: Submission = isBuyNow(bid.intent)
    ? { kind: "buy_now" }
    : { kind: "bid", amount: bid.amount, maximum: bid.maximum };
  const result = await placeBid(db, {
    eventId,
    itemId,
    usrId: bidderId,
    submission,
    idempotencyKey: bid.key,
    placedByUsrId: paddle !== null ? user.usrId : null,
    allowTesting: bidder.preview,
    rules: bidder.rules,
    // The page read the bidder's own paddle and card already; a guest bid for at a station is read afresh.
    standing: bidderId === user.usrId ? { paddle: user.paddle, hasCard: !user.needsCard } : undefined,
  });
  if (!result.ok) {
    const message = refusalMessage(result.refusal, {
      nextMinimum: result.nextMinimum !== null ? money(result.nextMinimum) : null,
    });
    throw new BidRefused(message, submission.kind === "bid" && submission.amount === null ? "maximum" : "amount");
  }
  const title = {
    winning: paddle !== null ? `Bidder ${paddle} has the highest bid` : "You have the highest bid",
    outbid: "Outbid at once by an earlier maximum bid",
    won: paddle !== null ? `Bidder ${paddle} won it` : "It is yours!",
    maximum_raised: "Your maximum is raised",
  }[result.outcome];
  return {
    title,
    description: result.item.currentBid !== null ? `The current bid is ${money(result.item.currentBid)}.` : undefined,
    type: result.outcome === "outbid" ? "error" : "success",
  };
}

/**
 * The bidder's own standing on an item now (null when they have no bid on it): a bid placed from the page's script is
 * answered with it (app/navigation/answer-in-place.ts), since the page's loader does not read it again.
 */
export async function ownStandingOn(bidder: Bidder, itemId: number) {
  const [own] = await ownBids(bidder.user.usrId, bidder.event.event_id, [itemId]);
  return own ?? null;
}

/** The bidder's outbid channel and consent to texts, from their own page. */
export async function saveOutbidChoice(bidder: Bidder, choice: z.output<typeof preferenceSchema>) {
  const usrId = bidder.user.usrId;
  const eventId = bidder.event.event_id;
  const wantsTexts = choice.outbid_channel === "text" || choice.outbid_channel === "both";
  if (wantsTexts && !(await loadMessagePreference(db, usrId, eventId)).textingAvailable)
    throw new Refusal("This event does not send text messages.", "outbid_channel");
  await saveMessagePreference(db, usrId, eventId, choice);
}

/** The item on this event's board; a 404 when there is none. */
async function boardItem(bidder: Bidder, itemId: number) {
  const [item] = await loadBoard(db, bidder.rules, [itemId]);
  if (!item) throw new Response("There is no such item in this auction.", { status: 404 });
  return item;
}

/** The guest's paddle a team member bids for at a bid station; null for a bid of one's own. */
function guestPaddle(bidder: Bidder, bid: Bid): number | null {
  if (bid.paddle !== null && !bidder.user.canBidForGuests)
    throw new Refusal("Only the event's team can bid for a guest.", "paddle");
  return bid.paddle;
}

/**
 * What the page's designer switched off (buy now, maximum bids) is refused here as well: a hidden button is no
 * rule, and a form can be posted without it.
 */
async function refuseWhatThePageDoesNotOffer(bidder: Bidder, bid: Bid) {
  const buyNow = isBuyNow(bid.intent);
  const maximum = !buyNow && bid.maximum !== null;
  // A plain bid asks for nothing the page can switch off, so most bids need not read the page's settings.
  if (!buyNow && !maximum) return;
  const toolbar = (await silentAuctionPageSettings(bidder.event)).biddingToolbarSection;
  if (buyNow && !toolbar.showBuyNow) throw new Refusal("Buy now is not offered in this auction: place a bid instead.");
  if (maximum && !toolbar.showMaxBid)
    throw new Refusal("Maximum bids are not offered in this auction: enter your bid only.", "maximum");
}
