/**
 * The "cover the fee" line of one payment attempt: added with the pending payment (keyed by its idempotency key, so
 * once), and reversed when that payment fails or its page expires, as the guest owes the fee only with the charge.
 */
import { and, eq } from "drizzle-orm";
import { invoice_line } from "~drizzle/schema";
import { coverFee } from "./cover-fee";
import { BILLING_LINE_KINDS } from "./invoice.server";
import { feeRule } from "./settings.server";
import type { Transaction } from "~/db/connection.server";

/** Adds the "cover the fee" line for a charge of `balance`; its key is the charge's, so it is added once. */
export async function addFeeLine(tx: Transaction, eventId: number, invoiceId: number, balance: number, key: string) {
  const rule = await feeRule(eventId, tx);
  const fee = rule.enabled ? coverFee(balance, rule) : 0;
  if (fee <= 0) return 0;
  await tx
    .insert(invoice_line)
    .values({
      invoice_id: invoiceId,
      event_id: eventId,
      source: BILLING_LINE_KINDS.fee,
      source_key: key,
      description: "Processing fee, covered by the guest",
      amount: fee,
      fair_market_value: 0,
      deductible: fee,
    })
    .onConflictDoNothing();
  return fee;
}

/** A failed card payment's fee line is taken back: the guest owes the fee only with the charge it covered. */
export async function reverseFeeLine(tx: Transaction, eventId: number, invoiceId: number, key: string) {
  const [line] = await tx
    .select()
    .from(invoice_line)
    .where(
      and(
        eq(invoice_line.invoice_id, invoiceId),
        eq(invoice_line.source, BILLING_LINE_KINDS.fee),
        eq(invoice_line.source_key, key),
      ),
    );
  if (!line) return;
  await tx
    .insert(invoice_line)
    .values({
      invoice_id: invoiceId,
      event_id: eventId,
      source: BILLING_LINE_KINDS.reversal,
      source_key: `line:${line.invoice_line_id}`,
      description: "Processing fee not charged (the payment did not go through)",
      amount: -line.amount,
      fair_market_value: 0,
      deductible: -line.deductible,
      reverses_line_id: line.invoice_line_id,
    })
    .onConflictDoNothing();
}
