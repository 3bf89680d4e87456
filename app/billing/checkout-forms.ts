/**
 * The staff forms of /admin/billing/winners, one zod schema each (client-safe: Conform checks them in the browser
 * with the same schema). Each posts an intent and the invoice it acts on.
 */
import { z } from "zod";
import { assignedPaddle, countWithin, moneyField, requiredText, rowId, rowIdOr, yesNo } from "~/forms/rules";

/** The winners screen's posts: a guest's checkout (card, cash, check, a comped line, the receipt) and charge all. */
export const WINNERS_INTENT = {
  charge: "charge",
  cash: "cash",
  check: "check",
  comp: "comp",
  emailReceipt: "email-receipt",
  chargeAll: "charge-all",
  received: "received",
} as const;

export const CHARGE_FORM = "charge-card";
export const CASH_FORM = "take-cash";
export const CHECK_FORM = "take-check";
/** One comp form per line: its refusal shows beside that line. */
export const compFormId = (lineId: number) => `comp-line-${lineId}`;
export const CHARGE_ALL_FORM = "charge-all";
/** The form a post names by a row's id (its line, its payment): the id posted, or 0 when it is not a number. */
const postedRow = (form: FormData, field: string) => {
  const id = Number(form.get(field));
  return Number.isSafeInteger(id) ? id : 0;
};
export const compFormOf = (form: FormData) => compFormId(postedRow(form, "line"));
/** The receipt's button: it posts the invoice only. */
export const RECEIPT_FORM = "email-receipt";

const invoiceField = rowId;

export const chargeSchema = z.object({
  invoice: invoiceField,
  // Blank charges the whole balance; an amount charges part of it (a split).
  amount: moneyField({ label: "The amount" }),
  cover_fee: z
    .string()
    .optional()
    .transform((value) => value === "yes" || value === "on"),
  // The page's key: a double click or a resent form charges the card once.
  submission: z.string().min(8).max(80),
});

export const cashSchema = z.object({
  invoice: invoiceField,
  amount: moneyField({ required: true, label: "The amount" }),
  submission: z.string().min(8).max(80),
  // The guest takes what they paid for as they pay: the payment is marked picked up with it.
  picked_up: yesNo,
});

export const checkSchema = cashSchema.extend({
  check_number: requiredText(30, "Enter the check's number.", "A check number is at most 30 characters."),
});

export const compSchema = z.object({
  invoice: invoiceField,
  line: rowId,
  reason: requiredText(200, "Say why this line is comped.", "Keep the reason to 200 characters."),
});

export const receiptSchema = z.object({ invoice: invoiceField });

/** "Charge all cards on file" posts nothing but its intent. */
export const chargeAllSchema = z.object({});

export const refundFormId = (paymentId: number) => `refund-${paymentId}`;
export const refundFormOf = (form: FormData) => refundFormId(postedRow(form, "payment"));

export const refundSchema = z.object({
  payment: rowId,
  // Blank refunds what is left of the payment.
  amount: moneyField({ label: "The amount" }),
  reason: requiredText(200, "Say why the money is given back.", "Keep the reason to 200 characters."),
  // Made when the form is shown: the same form posted twice refunds once (refunds.server.ts).
  submission: z.string().min(8).max(80),
});

export const RECEIVED_FORM = "received";
/** The payments screen's posts: a won item marked received, a payment refunded. */
export const PAYMENTS_INTENT = { received: "received", refund: "refund" } as const;

export const receivedSchema = z.object({
  payment: rowId,
  received: z.enum(["yes", "no"]),
});

export const PURCHASE_FORM = "record-purchase";

export const purchaseSchema = z.object({
  item: rowIdOr("Choose an item for sale."),
  paddle: assignedPaddle,
  quantity: countWithin(1, 1_000, {
    missing: "Enter how many.",
    notWhole: "Enter a whole number.",
    tooFew: "At least 1.",
    tooMany: "At most 1,000 at once.",
  }),
  submission: z.string().min(8).max(80),
});
