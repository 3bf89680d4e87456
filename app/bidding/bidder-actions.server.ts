/**
 * The bidder page's form posts. Every bid goes through two plain forms, so it works without JavaScript: "review"
 * checks the amounts and answers with a confirmation carrying a fresh idempotency key; "place" (or "buy_now")
 * places it. A team member with can_bid may add a paddle number to bid for that guest (a bid station).
 */
import { randomUUID } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { answerForm } from "~/forms/reply.server";
import { PREFERENCE_FORM, preferenceSchema } from "~/messages/message-forms";
import { loadMessagePreference, saveMessagePreference } from "~/messages/preferences.server";
import { ensurePaddle, usrOfPaddle } from "~/registration/paddles.server";
import { formatMoney } from "~/ui/format";
import { readMoney } from "~/ui/money-input";
import { redirectWithToast } from "~/ui/toast.server";
import { bidderHref } from "./bidder-links";
import { loadBidderContext, silentAuctionPageSettings, type BidderContext } from "./bidder-page.server";
import { loadBoard, setWatching } from "./board.server";
import { placeBid } from "./place-bid.server";
import { refusalMessage } from "./refusal-messages";
import type { Submission } from "./engine";
import type { PublicEvent } from "~/events/public-event.server";

export interface BidReview {
  kind: "bid" | "buy_now";
  itemId: number;
  amount: number | null;
  maximum: number | null;
  paddle: number | null;
  key: string;
  /** The words of the confirmation, such as "Bid $150.00 with a maximum of $300.00". */
  summary: string;
}

export type FieldErrors = Partial<Record<"amount" | "maximum" | "paddle" | "form", string>>;
export type BidderActionData = { review: BidReview; errors?: undefined } | { errors: FieldErrors; review?: undefined };

const fail = (errors: FieldErrors, status = 400) => data<BidderActionData>({ errors }, { status });

export async function bidderAction(request: Request, found?: PublicEvent) {
  const context = await loadBidderContext(request, found);
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  if (!context.user) throw redirect(`/auth/sign-in?returnTo=${encodeURIComponent(here)}`);
  const form = await readPostedForm(request);
  const intent = String(form.get("intent") ?? "");
  const itemId = readRowId(form.get("item") ?? url.searchParams.get("item")) ?? 0;
  const eventId = context.event.event_id;

  if (intent === "join") {
    const paddle = await ensurePaddle(db, eventId, context.user.usrId);
    return redirectWithToast(here, { title: `You are bidder number ${paddle}`, description: "You can bid now." });
  }
  if (intent === PREFERENCE_FORM) return saveMessageChoice(form, context, here);
  if (!Number.isSafeInteger(itemId) || itemId <= 0) return fail({ form: "Choose an item first." });
  if (BID_INTENTS.has(intent)) {
    const notOffered = await notOfferedByPage(context, intent, form);
    if (notOffered) return fail(notOffered);
  }
  if (intent === "place" || intent === "buy_now") return placeConfirmed(form, context, intent, itemId);
  const [item] = await loadBoard(db, context.rules, [itemId]);
  if (!item) throw new Response("There is no such item in this auction.", { status: 404 });

  if (intent === "watch" || intent === "unwatch") {
    await setWatching(db, context.user.usrId, itemId, intent === "watch");
    return redirect(String(form.get("returnTo") ?? "").startsWith("/inroombid?") ? String(form.get("returnTo")) : here);
  }

  const read = readBid(form, context, intent === "review_buy_now" ? "buy_now" : "bid");
  if ("errors" in read) return fail(read.errors);
  const money = (cents: number) => formatMoney(cents, context.rules.currency);

  if (intent === "review" || intent === "review_buy_now") {
    if (read.kind === "bid" && read.amount !== null && read.amount < item.live.nextMinimum) {
      return fail({ amount: `The next minimum bid is ${money(item.live.nextMinimum)}.` });
    }
    if (read.kind === "bid" && read.amount !== null && read.maximum !== null && read.maximum < read.amount) {
      return fail({ maximum: "Your maximum must be at least your bid." });
    }
    const summary =
      read.kind === "buy_now"
        ? `Buy now for ${money(item.live.buyNow ?? 0)}`
        : read.amount === null
          ? `Set your maximum to ${money(read.maximum!)}`
          : `Bid ${money(read.amount)}${read.maximum !== null ? ` with a maximum of ${money(read.maximum)}` : ""}`;
    const forWhom = read.paddle !== null ? ` for bidder ${read.paddle}` : "";
    return data<BidderActionData>({
      review: { ...read, itemId, key: randomUUID(), summary: `${summary}${forWhom} on “${item.title}”` },
    });
  }

  return fail({ form: "Something went wrong: please try again." });
}

const BID_INTENTS = new Set(["review", "review_buy_now", "place", "buy_now"]);

/**
 * What the page's designer switched off (buy now, maximum bids) is refused here as well: a hidden button is no
 * rule, and a form can be posted without it.
 */
async function notOfferedByPage(context: BidderContext, intent: string, form: FormData): Promise<FieldErrors | null> {
  const buyNow = intent === "buy_now" || intent === "review_buy_now";
  const maximum = (intent === "review" || intent === "place") && String(form.get("maximum") ?? "").trim() !== "";
  // A plain bid asks for nothing the page can switch off, so most bids need not read the page's settings.
  if (!buyNow && !maximum) return null;
  const toolbar = (await silentAuctionPageSettings(context.event)).biddingToolbarSection;
  if (buyNow && !toolbar.showBuyNow) return { form: "Buy now is not offered in this auction: place a bid instead." };
  if (maximum && !toolbar.showMaxBid)
    return { maximum: "Maximum bids are not offered in this auction: enter your bid only." };
  return null;
}

/** The confirmed bid: placed as reviewed, the engine deciding against the item's state at that moment. */
async function placeConfirmed(form: FormData, context: BidderContext, intent: "place" | "buy_now", itemId: number) {
  const eventId = context.event.event_id;
  const user = context.user!;
  const read = readBid(form, context, intent === "buy_now" ? "buy_now" : "bid");
  if ("errors" in read) return fail(read.errors);
  const money = (cents: number) => formatMoney(cents, context.rules.currency);
  const key = String(form.get("key") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(key))
    return fail({ form: "This confirmation has expired: please review your bid again." });
  let bidderId = user.usrId;
  if (read.paddle !== null) {
    const guest = await usrOfPaddle(db, eventId, read.paddle);
    if (guest === null) return fail({ paddle: `No guest holds paddle ${read.paddle} at this event.` });
    bidderId = guest;
  }
  const submission: Submission =
    read.kind === "buy_now" ? { kind: "buy_now" } : { kind: "bid", amount: read.amount, maximum: read.maximum };
  const result = await placeBid(db, {
    eventId,
    itemId,
    usrId: bidderId,
    submission,
    idempotencyKey: key,
    placedByUsrId: read.paddle !== null ? user.usrId : null,
    allowTesting: context.preview,
    rules: context.rules,
    // The page read the bidder's own paddle and card already; a guest bid for at a station is read afresh.
    standing: bidderId === user.usrId ? { paddle: user.paddle, hasCard: !user.needsCard } : undefined,
  });
  if (!result.ok) {
    const message = refusalMessage(result.refusal, {
      nextMinimum: result.nextMinimum !== null ? money(result.nextMinimum) : null,
    });
    return fail({ [read.kind === "bid" && read.amount === null ? "maximum" : "amount"]: message }, 409);
  }
  const title = {
    winning: read.paddle !== null ? `Bidder ${read.paddle} has the highest bid` : "You have the highest bid",
    outbid: "Outbid at once by an earlier maximum bid",
    won: read.paddle !== null ? `Bidder ${read.paddle} won it` : "It is yours!",
    maximum_raised: "Your maximum is raised",
  }[result.outcome];
  const description =
    result.item.currentBid !== null ? `The current bid is ${money(result.item.currentBid)}.` : undefined;
  return redirectWithToast(bidderHref(eventId, { item: itemId }), {
    title,
    description,
    type: result.outcome === "outbid" ? "error" : "success",
  });
}

type ReadBid = Omit<BidReview, "key" | "summary" | "itemId">;

function readBid(form: FormData, context: BidderContext, kind: "bid" | "buy_now"): ReadBid | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  let paddle: number | null = null;
  const paddleText = String(form.get("paddle") ?? "").trim();
  if (paddleText) {
    if (!context.user?.canBidForGuests) errors.paddle = "Only the event's team can bid for a guest.";
    else if (!/^\d{1,9}$/.test(paddleText)) errors.paddle = "Enter the guest's paddle number.";
    else paddle = Number(paddleText);
  }
  if (kind === "buy_now")
    return Object.keys(errors).length ? { errors } : { kind, amount: null, maximum: null, paddle };
  const amount = readMoney(String(form.get("amount") ?? ""));
  const maximum = readMoney(String(form.get("maximum") ?? ""));
  if ("error" in amount) errors.amount = amount.error;
  if ("error" in maximum) errors.maximum = maximum.error;
  if (!("error" in amount) && !("error" in maximum) && amount.cents === null && maximum.cents === null)
    errors.amount = "Enter the amount you bid.";
  if (Object.keys(errors).length) return { errors };
  return {
    kind,
    amount: (amount as { cents: number | null }).cents,
    maximum: (maximum as { cents: number | null }).cents,
    paddle,
  };
}

/** The bidder's outbid channel and consent to texts, from their own page. */
async function saveMessageChoice(form: FormData, context: BidderContext, here: string) {
  const usrId = context.user!.usrId;
  const eventId = context.event.event_id;
  return answerForm(PREFERENCE_FORM, parseForm(form, preferenceSchema), async (choice) => {
    const wantsTexts = choice.outbid_channel === "text" || choice.outbid_channel === "both";
    if (wantsTexts && !(await loadMessagePreference(db, usrId, eventId)).textingAvailable)
      throw new Refusal("This event does not send text messages.", "outbid_channel");
    await saveMessagePreference(db, usrId, eventId, choice);
    return redirectWithToast(here, { title: "Saved: we'll tell you as you chose" });
  });
}
