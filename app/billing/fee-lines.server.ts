/**
 * "Cover the fee": a guest paying by card may add the processing fee, so the charity receives the whole amount. The
 * fee is part of the card payment from the start (the charge asks for it), but it becomes a line of the invoice only
 * when that payment goes through: a declined, failed or abandoned payment leaves no fee behind (issue 31).
 */
import { invoice_line, type payment } from "~drizzle/schema";
import { coverFee } from "./cover-fee";
import { BILLING_LINE_KINDS } from "./invoice.server";
import { feeRule } from "./settings.server";
import type { Transaction } from "~/db/connection.server";

/** The fee a guest who covers it adds to a card payment of `base` (0 when the event does not offer it). */
export async function coveredFee(tx: Transaction, eventId: number, base: number): Promise<number> {
  const rule = await feeRule(eventId, tx);
  return rule.enabled ? coverFee(base, rule) : 0;
}

/** What a card payment remembers of the fee it carries, in its payment_result. */
export interface CoveredFeeNote {
  covered_fee?: number;
}

/** The fee line of a card payment that went through; keyed by the payment's key, so added once however often asked. */
export async function addPaidFeeLine(tx: Transaction, eventId: number, paid: typeof payment.$inferSelect) {
  const fee = (paid.payment_result as CoveredFeeNote | null)?.covered_fee ?? 0;
  if (fee <= 0 || paid.invoice_id === null || !paid.idempotency_key) return;
  await tx
    .insert(invoice_line)
    .values({
      invoice_id: paid.invoice_id,
      event_id: eventId,
      source: BILLING_LINE_KINDS.fee,
      source_key: paid.idempotency_key,
      description: "Processing fee, covered by the guest",
      amount: fee,
      fair_market_value: 0,
      deductible: fee,
    })
    .onConflictDoNothing();
}
