/**
 * The paddle raise's forms, shared by the screens and their actions (client-safe): a pledge spotted in the room and
 * typed by the clerk, a change to one (cancel or correct, always with a reason), and a guest's own pledge on /pi.
 * A pledge's amount is a level (its amount in cents) or "custom" with the amount typed beside it.
 */
import { z, type RefinementCtx } from "zod";
import { GIFT_LIMITS, GIFT_RANGE } from "~/forms/gift-limits";
import { amountUpTo, moneyField, paddleNumber, requiredText, rowId, yesNo } from "~/forms/rules";

/** What the console's posts ask for, read by the screen's forms and its action. */
export const PLEDGE_INTENT = { pledge: "pledge", cancel: "cancel", correct: "correct" } as const;

export const FLOOR_PLEDGE_FORM = "floor-pledge";
export const GUEST_PLEDGE_FORM = "guest-pledge";
export const cancelPledgeForm = (pledgeId: number) => `cancel-pledge-${pledgeId}`;
export const correctPledgeForm = (pledgeId: number) => `correct-pledge-${pledgeId}`;

const reasonField = requiredText(
  200,
  "Say why, for the log (e.g. “spotter misheard the paddle”).",
  "Keep the reason to 200 characters.",
);

const amountChoice = {
  level: z.string().default(""),
  custom: moneyField(),
};

function checkAmountChoice(value: { level: string; custom: number | null }, context: RefinementCtx) {
  if (value.level === "custom" && value.custom === null)
    context.addIssue({ code: "custom", path: ["custom"], message: "Type the amount." });
  if (value.level === "custom" && value.custom === 0)
    context.addIssue({ code: "custom", path: ["custom"], message: "A pledge is more than $0." });
  // A slip of the clerk's hand (a zero too many) is caught at once; a larger gift is a gift staff record by hand.
  if (value.level === "custom" && value.custom !== null && value.custom > GIFT_LIMITS.max)
    context.addIssue({ code: "custom", path: ["custom"], message: FLOOR_PLEDGE_TOO_LARGE });
  if (value.level !== "custom" && !/^\d+$/.test(value.level))
    context.addIssue({ code: "custom", path: ["level"], message: "Choose an amount." });
}

export const FLOOR_PLEDGE_TOO_LARGE = `A pledge here is at most ${(GIFT_LIMITS.max / 100).toLocaleString("en-US")}: record a larger gift under Donations.`;

/** The amount, in cents, that a pledge form chose. */
export const chosenAmount = (value: { level: string; custom: number | null }) =>
  value.level === "custom" ? (value.custom ?? 0) : Number(value.level);

export const floorPledgeSchema = z
  .object({ raise: rowId, paddle: paddleNumber, ...amountChoice, key: z.string().max(100).optional() })
  .superRefine(checkAmountChoice);

export const cancelPledgeSchema = z.object({ pledge: rowId, reason: reasonField });

export const correctPledgeSchema = z.object({
  pledge: rowId,
  paddle: paddleNumber,
  amount: amountUpTo("The amount", GIFT_LIMITS.max, FLOOR_PLEDGE_TOO_LARGE),
  reason: reasonField,
});

/** The message for a level the raise does not offer (an edited address, or a level removed since). */
export const NOT_OFFERED = "Choose one of the amounts shown.";

/**
 * A guest's own amount is a gift as on /dp, within the same limits (GIFT_LIMITS: from 1 to 100,000); a level must
 * also be one the raise offers, which the server checks against the raise (guest-pledge.server.ts).
 */
function checkGuestChoice(value: { level: string; custom: number | null; key: string }, context: RefinementCtx) {
  if (value.level === "custom" && value.custom === null)
    context.addIssue({ code: "custom", path: ["custom"], message: "Type the amount." });
  else if (value.level === "custom" && (value.custom! < GIFT_LIMITS.min || value.custom! > GIFT_LIMITS.max))
    context.addIssue({ code: "custom", path: ["custom"], message: GIFT_RANGE });
  else if (value.level !== "custom" && !/^\d+$/.test(value.level))
    context.addIssue({ code: "custom", path: ["level"], message: "Choose an amount." });
  // The key comes with the choice (the choice form's, kept in the review's address); a confirmation without one could
  // not tell a second tap from a second pledge.
  if (value.key === "")
    context.addIssue({ code: "custom", path: [], message: "This confirmation has expired: choose your amount again." });
}

/**
 * A guest's pledge on /pi: chosen (a GET form, which carries the page's submission key into the review's address),
 * reviewed, then confirmed with that key, so the confirmation sent again (a double tap, or Back to it after
 * pledging) records one pledge.
 */
export const guestPledgeSchema = z
  .object({ raise: rowId, ...amountChoice, anonymous: yesNo, key: z.string().max(100).default("") })
  .superRefine(checkGuestChoice);
