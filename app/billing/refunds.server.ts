/**
 * Refunds, whole or part, with a reason. Card refunds go through the provider with an idempotency key stored
 * first (a retry reuses it); cash and check refunds are money handed back, recorded at once. Each refund adds a
 * negative line to the invoice, so the balance stays true (a refunded guest does not owe again) and the receipt's
 * deductible part goes down with it.
 */
import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { ProviderUnavailableError } from "~/payments/provider";
import { invoice_line, payment, refund } from "~drizzle/schema";
import { BILLING_LINE_KINDS, invoiceTotals, lockInvoice } from "./invoice.server";
import { paymentProviderFor } from "./settings.server";
import type { Transaction } from "~/db/connection.server";

const CARD_METHODS = ["card", "checkout"];

async function refundedSoFar(tx: Transaction, paymentId: number) {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refund.amount}), 0)::int` })
    .from(refund)
    .where(and(eq(refund.payment_id, paymentId), ne(refund.status, "failed")));
  return row.total;
}

async function addRefundLine(
  tx: Transaction,
  eventId: number,
  invoiceId: number,
  refundId: number,
  amount: number,
  reason: string,
) {
  const totals = await invoiceTotals(tx, invoiceId);
  await tx
    .insert(invoice_line)
    .values({
      invoice_id: invoiceId,
      event_id: eventId,
      source: BILLING_LINE_KINDS.refund,
      source_key: `refund:${refundId}`,
      description: `Refund: ${reason}`,
      amount: -amount,
      fair_market_value: 0,
      deductible: -Math.min(amount, totals.deductible),
      reason,
    })
    .onConflictDoNothing();
}

export async function refundPayment(
  eventId: number,
  paymentId: number,
  input: { amount: number; reason: string; byUsrId: number },
) {
  const prepared = await db.transaction(async (tx) => {
    const [paid] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.event_id, eventId), eq(payment.payment_id, paymentId)))
      .for("update");
    if (!paid) throw new Response("Payment not found", { status: 404 });
    if (paid.status !== "paid") throw new Refusal("Only a payment that went through can be refunded.", "amount");
    const left = paid.amount - (await refundedSoFar(tx, paymentId));
    if (input.amount <= 0 || input.amount > left)
      throw new Refusal(`Refund at most ${(left / 100).toFixed(2)}, what is left of this payment.`, "amount");
    const byCard = CARD_METHODS.includes(paid.method);
    const [created] = await tx
      .insert(refund)
      .values({
        event_id: eventId,
        payment_id: paymentId,
        amount: input.amount,
        reason: input.reason,
        status: byCard ? "pending" : "succeeded",
        idempotency_key: `refund-${randomUUID()}`,
        created_by_usr_id: input.byUsrId,
      })
      .returning();
    // A payment outside any invoice (a gift paid on /dp) has no line to take back.
    if (!byCard && paid.invoice_id !== null) {
      await lockInvoice(tx, eventId, paid.invoice_id);
      await addRefundLine(tx, eventId, paid.invoice_id, created.refund_id, input.amount, input.reason);
    }
    return { refund: created, paid, byCard };
  });
  if (!prepared.byCard) return prepared.refund.refund_id;

  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new Refusal("Card refunds need the event's payment keys (Setup › Billing).");
  let refundId: string;
  try {
    ({ refundId } = await provider.refund({
      paymentIntentId: prepared.paid.provider_ref!,
      amount: input.amount,
      idempotencyKey: prepared.refund.idempotency_key,
      metadata: { gavel_event: String(eventId), gavel_refund: String(prepared.refund.refund_id) },
    }));
  } catch (error) {
    await db
      .update(refund)
      .set({ status: "failed", failure_message: error instanceof Error ? error.message : String(error) })
      .where(eq(refund.refund_id, prepared.refund.refund_id));
    if (error instanceof ProviderUnavailableError)
      throw new Refusal("The payment service did not answer; nothing was refunded. Try again.");
    throw new Refusal(`The refund was refused: ${error instanceof Error ? error.message : "no reason given"}.`);
  }
  const invoiceId = prepared.paid.invoice_id;
  await db.transaction(async (tx) => {
    if (invoiceId !== null) await lockInvoice(tx, eventId, invoiceId);
    await tx
      .update(refund)
      .set({ status: "succeeded", provider_ref: refundId })
      .where(and(eq(refund.refund_id, prepared.refund.refund_id), ne(refund.status, "succeeded")));
    if (invoiceId !== null)
      await addRefundLine(tx, eventId, invoiceId, prepared.refund.refund_id, input.amount, input.reason);
  });
  return prepared.refund.refund_id;
}

/**
 * Refunds the provider reports (its webhook): ours are already recorded; one made in the provider's dashboard is
 * added, with its line, so the payments screen and the invoice show it too.
 */
export async function recordProviderRefunds(
  tx: Transaction,
  eventId: number,
  paymentIntentId: string,
  refunds: Array<{ id: string; amount: number; ourRefundId: number | null }>,
) {
  const [paid] = await tx
    .select()
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.provider_ref, paymentIntentId)));
  if (!paid || paid.invoice_id === null) return;
  for (const reported of refunds) {
    const [known] = await tx.select({ id: refund.refund_id }).from(refund).where(eq(refund.provider_ref, reported.id));
    if (known) continue;
    if (reported.ourRefundId !== null) {
      // Ours, reported before our own call came back (or after it crashed): settle it the same way it would have.
      const [ours] = await tx
        .update(refund)
        .set({ status: "succeeded", provider_ref: reported.id })
        .where(
          and(eq(refund.refund_id, reported.ourRefundId), eq(refund.event_id, eventId), ne(refund.status, "succeeded")),
        )
        .returning();
      if (ours) {
        await lockInvoice(tx, eventId, paid.invoice_id);
        await addRefundLine(tx, eventId, paid.invoice_id, ours.refund_id, ours.amount, ours.reason);
      }
      continue;
    }
    const [created] = await tx
      .insert(refund)
      .values({
        event_id: eventId,
        payment_id: paid.payment_id,
        amount: reported.amount,
        reason: "Refunded in the payment service's dashboard",
        status: "succeeded",
        provider_ref: reported.id,
        idempotency_key: `provider-${reported.id}`,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await lockInvoice(tx, eventId, paid.invoice_id);
      await addRefundLine(tx, eventId, paid.invoice_id, created.refund_id, reported.amount, created.reason);
    }
  }
}
