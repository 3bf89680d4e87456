/**
 * The giving forms (client-safe): the donor's form on /dp, the staff's gift dialog at /admin/solemen/donations, and
 * the event's suggested amounts. Amounts are typed as people type them and read into cents.
 */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { GIFT_LIMITS, GIFT_RANGE } from "~/forms/gift-limits";
import { optionalEmail, optionalText, readMoney, rowId, rowIdOr, yesNo } from "~/forms/rules";

export const GIFT_FORM = "give";
export const BUY_ITEM_FORM = "buy-item";
export const SUGGESTED_FORM = "suggested-amounts";
/** The donation page's posts (/dp): a gift (reviewed, then confirmed), an item bought onto the bill. */
export const DONATION_PAGE_INTENT = { give: "give", buy: "buy" } as const;
/** The donations list's actions on the ticked gifts (beside its row dialog's). */
export const DONATION_BULK_INTENT = { letters: "letters", refund: "refund", anonymise: "anonymise" } as const;

export const DEFAULT_SUGGESTED = [2_500, 5_000, 10_000, 25_000] as const;

/** An amount of a gift: blank reads as null; anything else must be a gift a card can take. One message at a time. */
const giftAmount = (label: string) =>
  z
    .string()
    .default("")
    .transform((value, context) => {
      const reading = readMoney(value);
      if ("error" in reading) context.addIssue({ code: "custom", message: reading.error });
      else if (reading.cents !== null && (reading.cents < GIFT_LIMITS.min || reading.cents > GIFT_LIMITS.max))
        context.addIssue({ code: "custom", message: `${label}: ${GIFT_RANGE}` });
      else return reading.cents;
      return z.NEVER;
    });

const isGiftInCents = (text: string) =>
  /^\d{1,9}$/.test(text) && Number(text) >= GIFT_LIMITS.min && Number(text) <= GIFT_LIMITS.max;

const tributeKind = z
  .enum(["", "honour", "memory"], { errorMap: () => ({ message: "Choose in honour or in memory." }) })
  .default("")
  .transform((value) => value || null);

/** A fundraiser's page the gift counts on, by its id; blank for none. */
const fundraiserPage = z
  .string()
  .default("")
  .transform((value) => value || null)
  .pipe(rowId.nullable());

/** The donor's form: a suggested amount or their own, once or monthly, a tribute, the fee, how to pay. */
export const giftSchema = z
  .object({
    choice: z.string().default(""),
    other: giftAmount("Your amount"),
    frequency: z.enum(["one_time", "monthly"]).default("one_time"),
    tribute_kind: tributeKind,
    tribute_name: optionalText(120, "The name"),
    cover_fee: yesNo,
    first_name: optionalText(80, "Your first name"),
    last_name: optionalText(80, "Your last name"),
    email: optionalEmail,
    is_anonymous: yesNo,
    message: optionalText(500, "The note"),
    pay: z.enum(["card", "invoice"]).default("card"),
    submission: z.string().min(8).max(80),
    // The fundraiser's page the gift is given on (/dp?fundraiser=, from the page's give button).
    fundraiser: fundraiserPage,
    // The form is posted to review the gift (amount + fee = total, and where it goes), then again with the same
    // submission to confirm it, or to change it. Only a confirm records: nothing is given on one tap.
    step: z.enum(["review", "confirm", "change"]).default("review"),
  })
  .superRefine((value, context) => {
    if (value.choice === "" || (value.choice === "other" && value.other === null))
      context.addIssue({
        code: "custom",
        path: [value.choice === "other" ? "other" : "choice"],
        message: value.choice === "other" ? "Enter your amount." : "Choose an amount.",
      });
    // A suggested amount is posted in cents; like a typed one it must be a gift a card can take (a forged
    // 999999999 was a $9,999,999.99 pledge, a 1 a charge the provider refused).
    else if (value.choice !== "other" && !isGiftInCents(value.choice))
      context.addIssue({ code: "custom", path: ["choice"], message: "Choose an amount." });
    if (value.tribute_kind && !value.tribute_name)
      context.addIssue({ code: "custom", path: ["tribute_name"], message: "Enter the name of the person." });
    if (value.frequency === "monthly" && value.pay === "invoice")
      context.addIssue({ code: "custom", path: ["pay"], message: "A monthly gift is paid by card." });
  })
  .transform(({ choice, other, ...rest }) => ({
    ...rest,
    amount: choice === "other" ? other! : Number(choice),
  }));

export type GiftInput = z.output<typeof giftSchema>;

/** A gift's dedication as the receipt, the confirmation and the staff list say it ("In memory of Ada Byron"). */
export function tributeText(kind: string | null | undefined, name: string | null | undefined): string | null {
  if (!kind || !name) return null;
  return `${kind === "memory" ? "In memory of" : "In honour of"} ${name}`;
}

export const buyItemSchema = z.object({
  item: rowIdOr("Choose an item."),
  submission: z.string().min(8).max(80),
});

/** The staff's dialog: a gift taken in cash or by check, or the details of any gift when editing it. */
export const donationSchema = z
  .object({
    first_name: optionalText(80, "The first name"),
    last_name: optionalText(80, "The last name"),
    email: optionalEmail,
    amount: giftAmount("The amount"),
    method: z.enum(["cash", "check"], { errorMap: () => ({ message: "Choose cash or check." }) }).default("cash"),
    check_number: optionalText(30, "The check number"),
    tribute_kind: tributeKind,
    tribute_name: optionalText(120, "The name"),
    is_anonymous: yesNo,
    message: optionalText(500, "The note"),
    // The fundraiser's page the gift counts on; blank for none.
    fundraiser: fundraiserPage,
    // The new gift's form key, made when the form was shown (a gift being edited has its row instead).
    submission: z.string().min(8).max(80).optional(),
  })
  .superRefine((value, context) => {
    if (value.amount === null) context.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount." });
    if (value.tribute_kind && !value.tribute_name)
      context.addIssue({ code: "custom", path: ["tribute_name"], message: "Enter the name of the person." });
  });

export type DonationInput = z.output<typeof donationSchema>;

/** The event's suggested amounts: 3 to 5, typed on one line ("25, 50, 100, 250"). */
export const suggestedSchema = z.object({
  amounts: z
    .string()
    .default("")
    .transform((text, context) => {
      const parts = text
        .split(/[\s;]+|,(?!\d{3}\b)/)
        .map((part) => part.trim())
        .filter(Boolean);
      const cents: number[] = [];
      for (const part of parts) {
        const reading = readMoney(part);
        if ("error" in reading || reading.cents === null || reading.cents < GIFT_LIMITS.min) {
          context.addIssue({ code: "custom", message: `“${part}” is not an amount of at least 1.` });
          return z.NEVER;
        }
        cents.push(reading.cents);
      }
      const unique = [...new Set(cents)].sort((a, b) => a - b);
      if (unique.length < 3 || unique.length > 5) {
        context.addIssue({ code: "custom", message: "Give 3 to 5 different amounts, such as 25, 50, 100, 250." });
        return z.NEVER;
      }
      return unique;
    }),
});

/** The suggested amounts kept in the event's settings (meta.giving), or the defaults. */
export function suggestedAmounts(meta: Record<string, unknown> | null | undefined): number[] {
  const stored = (meta?.giving as { suggested?: unknown } | undefined)?.suggested;
  return Array.isArray(stored) && stored.every((value) => Number.isInteger(value)) && stored.length >= 3
    ? (stored as number[])
    : [...DEFAULT_SUGGESTED];
}

/** A new gift's form without its key: shown before the key was asked for, or not from our page. */
export const STALE_GIFT_FORM = "This form is out of date: reload the page, then record the gift again.";

export const REFUND_REASONS = [
  { value: "The donor asked for it back", label: "The donor asked for it back" },
  { value: "Recorded twice", label: "Recorded twice" },
  { value: "Entered in error", label: "Entered in error" },
] as const;

/** The donations list's row dialog, a gift staff record (cash or check), read by its action and its screen. */
export const staffGiftDialog = listDialogForm({ key: "gift", schema: donationSchema });
