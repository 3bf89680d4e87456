/**
 * The paddle raise's forms, shared by the screens and their actions (client-safe): a pledge spotted in the room and
 * typed by the clerk, a change to one (cancel or correct, always with a reason), and a guest's own pledge on /pi.
 * A pledge's amount is a level (its amount in cents) or "custom" with the amount typed beside it.
 */
import { z, type RefinementCtx } from "zod";
import { moneyField, paddleNumber, requiredText, rowId, yesNo } from "~/forms/rules";

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
  if (value.level !== "custom" && !/^\d+$/.test(value.level))
    context.addIssue({ code: "custom", path: ["level"], message: "Choose an amount." });
}

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
  amount: moneyField({ required: true, label: "The amount" }),
  reason: reasonField,
});

export const guestPledgeSchema = z
  .object({ raise: rowId, ...amountChoice, anonymous: yesNo, key: z.string().max(100).optional() })
  .superRefine(checkAmountChoice);
