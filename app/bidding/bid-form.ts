import { z } from "zod";
import { moneyField, optionalPaddle } from "~/forms/rules";
/**
 * The bid panel's form, client-safe: the bid (an amount, a maximum, a guest's paddle at a bid station), its
 * confirmation and buy now post to the server as one form, told apart by `intent`. Every bid takes two plain posts,
 * so it works without JavaScript: "review" (or "review_buy_now") checks it and answers with a confirmation carrying a
 * fresh idempotency key; "place" (or "buy_now") places it.
 */

export const BID_FORM = "bid";

/**
 * The bidder pages' posts: joining for a paddle, watching an item, and a bid's two steps (the outbid choice posts
 * its form id, PREFERENCE_FORM).
 */
export const BIDDER_INTENT = {
  join: "join",
  watch: "watch",
  unwatch: "unwatch",
  review: "review",
  reviewBuyNow: "review_buy_now",
  place: "place",
  buyNow: "buy_now",
} as const;

const BID_INTENTS = [
  BIDDER_INTENT.review,
  BIDDER_INTENT.reviewBuyNow,
  BIDDER_INTENT.place,
  BIDDER_INTENT.buyNow,
] as const;

export const isBuyNow = (intent: (typeof BID_INTENTS)[number]) =>
  intent === BIDDER_INTENT.buyNow || intent === BIDDER_INTENT.reviewBuyNow;

/**
 * A quick bid's button posts its amount beside the typed field's, which is usually blank: the first amount given is
 * the bid.
 */
const firstGiven = (value: unknown) =>
  Array.isArray(value) ? (value.find((entry) => String(entry).trim() !== "") ?? "") : value;

/**
 * The longest idempotency key a bid form may carry (the form's own, hidden: a UUID of 36 characters). A longer one
 * is not a typing mistake but a forged post, refused as a bad request (issue 32, finding 9).
 */
export const IDEMPOTENCY_KEY_MAX = 100;

/** Whether the posted key (or its absence) can be a bid form's. */
export const isPostedBidKey = (value: FormDataEntryValue | null) =>
  value === null || (typeof value === "string" && value.length <= IDEMPOTENCY_KEY_MAX);

export const bidSchema = z
  .object({
    intent: z.enum(BID_INTENTS),
    amount: z.preprocess(firstGiven, moneyField()),
    maximum: moneyField(),
    paddle: optionalPaddle,
    key: z.string().max(IDEMPOTENCY_KEY_MAX).default(""),
  })
  .superRefine((bid, context) => {
    if (!isBuyNow(bid.intent) && bid.amount === null && bid.maximum === null)
      context.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount you bid." });
    if (!isBuyNow(bid.intent) && bid.amount !== null && bid.maximum !== null && bid.maximum < bid.amount)
      context.addIssue({ code: "custom", path: ["maximum"], message: "Your maximum must be at least your bid." });
    if ((bid.intent === BIDDER_INTENT.place || bid.intent === BIDDER_INTENT.buyNow) && !/^[0-9a-f-]{36}$/.test(bid.key))
      context.addIssue({
        code: "custom",
        path: [],
        message: "This confirmation has expired: please review your bid again.",
      });
  });

export type Bid = z.output<typeof bidSchema>;

/** What the review step answers: the bid as it will be placed, and the words of its confirmation. */
export interface BidReview {
  kind: "bid" | "buy_now";
  itemId: number;
  amount: number | null;
  maximum: number | null;
  paddle: number | null;
  key: string;
  /** Such as "Bid $150.00 with a maximum of $300.00 on “Weekend in Napa”". */
  summary: string;
}
