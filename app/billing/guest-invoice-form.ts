/**
 * The guest invoice page's posts (/invoice), client-safe: the page's buttons and its action read the same names.
 */
import { z } from "zod";
import { moneyField, yesNo } from "~/forms/rules";

/** Pay the balance with the card on file or a new card (the provider's page); save or replace a card. */
export const GUEST_INVOICE_INTENT = { paySaved: "pay-saved", payNew: "pay-new", saveCard: "save-card" } as const;

/** The id the page's refusals carry (the page shows them as one line, `problem`, above its buttons). */
export const GUEST_INVOICE_FORM = "guest-invoice";

export type GuestInvoiceIntent = (typeof GUEST_INVOICE_INTENT)[keyof typeof GUEST_INVOICE_INTENT];

/** The form of every button: "Pay part now" (to split the balance across two cards; blank is the whole balance). */
export const guestPaymentSchema = z.object({
  amount: moneyField(),
  cover_fee: yesNo,
  save_card: yesNo,
  // The page's key: paying with the card on file twice from the same page (a double tap, a resent form) charges once.
  submission: z.string().min(8).max(80),
});

export type GuestPayment = z.output<typeof guestPaymentSchema>;
