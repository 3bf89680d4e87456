/**
 * What follows a card payment that went through, wherever Gavel learnt it (the charge's own answer, the guest's return
 * from the payment page, or the provider's webhook), in the transaction that marked it paid: the fee it covered becomes
 * a line, then the invoice may be paid in full. Each step is keyed, so learning it twice changes nothing.
 */
import { addPaidFeeLine } from "./fee-lines.server";
import { whenPaidInFull } from "./paid-in-full.server";
import type { Transaction } from "~/db/connection.server";
import type { payment } from "~drizzle/schema";

export async function afterCardPaymentSucceeded(tx: Transaction, eventId: number, paid: typeof payment.$inferSelect) {
  await addPaidFeeLine(tx, eventId, paid);
  if (paid.invoice_id !== null) await whenPaidInFull(tx, eventId, paid.invoice_id);
}
