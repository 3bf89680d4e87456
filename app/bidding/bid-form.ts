import { z } from "zod";
import { moneyField, optionalPaddle } from "~/forms/rules";
/**
 * The bid panel's form, client-safe: the bid (an amount, a maximum, a guest's paddle at a bid station), its
 * confirmation and buy now post to the server as one form, told apart by `intent`. Every bid takes two plain posts,
 * so it works without JavaScript: "review" (or "review_buy_now") checks it and answers with a confirmation carrying a
 * fresh idempotency key; "place" (or "buy_now") places it. Once hydrated, the page reviews a quick bid itself
 * (ui/bid-panel.tsx) with the same words and a key of its own, and only the confirmation is posted.
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

/**
 * The words of a bid's confirmation: the server's review and the page's own review of a quick bid (bid-panel.tsx)
 * say the same.
 */
export function bidSummary(
  bid: { buyNow: boolean; amount: number | null; maximum: number | null; paddle: number | null },
  item: { title: string; buyNow: number | null },
  money: (cents: number) => string,
): string {
  const what = bid.buyNow
    ? `Buy now for ${money(item.buyNow ?? 0)}`
    : bid.amount === null
      ? `Set your maximum to ${money(bid.maximum!)}`
      : `Bid ${money(bid.amount)}${bid.maximum !== null ? ` with a maximum of ${money(bid.maximum)}` : ""}`;
  const forWhom = bid.paddle !== null ? ` for bidder ${bid.paddle}` : "";
  return `${what}${forWhom} on “${item.title}”`;
}

/**
 * A fresh idempotency key for a reviewed bid, a random UUID. The page makes its own where the browser cannot give one
 * (crypto.randomUUID is only for secure origins, and a venue may serve Gavel over plain HTTP on its own network).
 */
export function newBidKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
