/**
 * Refunds, whole or part, with a reason. Card refunds go through the provider with an idempotency key stored
 * first (a retry reuses it); cash and check refunds are money handed back, recorded at once. Each refund adds a
 * negative line to the invoice, so the balance stays true (a refunded guest does not owe again) and the receipt's
 * deductible part goes down with it. The line says "Refund"; its reason is staff-only (docs DOMAIN "Money"), kept in
 * the line's reason column, which staff screens show and the guest's never do (./invoice-document.server.ts).
 *
 * A refund is recorded once per form: the form carries a submission key made when it was shown, and the refund's
 * idempotency key (which the provider is sent too) is derived from it. The same form posted again (a double click,
 * a resubmission, a second tab) answers the first refund's result and gives nothing more back; a card refund whose
 * answer was lost stays pending and the same form sends the same key again, which the provider answers without
 * refunding twice.
 */
import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { ProviderUnavailableError, type ProviderMode } from "~/payments/provider";
import { formatMoney } from "~/ui/format";
import { invoice_line, payment, refund } from "~drizzle/schema";
import { markGiftRefundedWhenGivenBack } from "./gift-records.server";
import { chargedEvent } from "./hosted-pages.server";
import { BILLING_LINE_KINDS, invoiceTotals, lockInvoice } from "./invoice.server";
import { chargingMode, paymentProviderInMode } from "./settings.server";
import { paymentMode } from "./webhook-binding";
import type { Transaction } from "~/db/connection.server";

const CARD_METHODS = ["card", "checkout"];

/** What a refund's line says, to the guest too: never its reason (migration 0026 rewrote the lines that did). */
export const REFUND_LINE_DESCRIPTION = "Refund";

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
      description: REFUND_LINE_DESCRIPTION,
      amount: -amount,
      fair_market_value: 0,
      deductible: -Math.min(amount, totals.deductible),
      reason,
    })
    .onConflictDoNothing();
}

export interface RefundInput {
  amount: number;
  reason: string;
  byUsrId: number;
  /**
   * The refund form's submission key (made when the form was shown): the same key refunds once. Every form must
   * send one; without it (a caller not yet passing its form's key) each call is a refund of its own.
   */
  submissionKey?: string;
}

export interface RefundResult {
  refundId: number;
  /** What the refund gives back: the first post's amount when the form was posted again. */
  amount: number;
  /** The form was posted before: this is that post's refund, and nothing more was given back. */
  repeated: boolean;
}

/** The refund's idempotency key (ours and the provider's): one per event, payment and form. */
export const refundKey = (eventId: number, paymentId: number, submissionKey: string) =>
  `refund-${eventId}-${paymentId}-${submissionKey}`;

export async function refundPayment(eventId: number, paymentId: number, input: RefundInput): Promise<RefundResult> {
  const key = refundKey(eventId, paymentId, input.submissionKey ?? randomUUID());
  const prepared = await db.transaction(async (tx) => {
    const ofPayment = and(eq(payment.event_id, eventId), eq(payment.payment_id, paymentId));
    const [found] = await tx.select({ invoiceId: payment.invoice_id }).from(payment).where(ofPayment);
    if (!found) throw new Response("Payment not found", { status: 404 });
    // The invoice's lock before the payment's, as on every money path (decision 034): the order that cannot deadlock.
    if (found.invoiceId !== null) await lockInvoice(tx, eventId, found.invoiceId);
    const [paid] = await tx.select().from(payment).where(ofPayment).for("update");
    const byCard = CARD_METHODS.includes(paid.method);
    const mode = paymentMode(paid, await chargingMode(eventId, tx));
    // Under the payment's lock: a second post of the same form waits for the first, then finds its refund.
    const [earlier] = await tx.select().from(refund).where(eq(refund.idempotency_key, key));
    if (earlier) return { refund: earlier, paid, byCard, mode, repeated: true };
    if (paid.status !== "paid") throw new Refusal("Only a payment that went through can be refunded.", "amount");
    const left = paid.amount - (await refundedSoFar(tx, paymentId));
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      throw new Refusal("Enter an amount above zero.", "amount");
    if (input.amount > left)
      throw new Refusal(
        `Refund at most ${formatMoney(left, (await chargedEvent(eventId, tx)).currency)}, what is left of this payment.`,
        "amount",
      );
    const [created] = await tx
      .insert(refund)
      .values({
        event_id: eventId,
        payment_id: paymentId,
        amount: input.amount,
        reason: input.reason,
        status: byCard ? "pending" : "succeeded",
        idempotency_key: key,
        created_by_usr_id: input.byUsrId,
      })
      .returning();
    // A payment outside any invoice (a gift paid on /dp) has no line to take back.
    if (!byCard && paid.invoice_id !== null) {
      await addRefundLine(tx, eventId, paid.invoice_id, created.refund_id, input.amount, input.reason);
    }
    if (!byCard) await markGiftRefundedWhenGivenBack(tx, eventId, paymentId);
    return { refund: created, paid, byCard, mode, repeated: false };
  });
  const ours = prepared.refund;
  const answer = { refundId: ours.refund_id, amount: ours.amount, repeated: prepared.repeated };
  if (ours.status === "failed") throw refusedRefund(ours.failure_message);
  if (ours.status === "succeeded") return answer;
  await refundByProvider(eventId, prepared.paid, ours, prepared.mode);
  return answer;
}

/**
 * Sends a pending card refund to the provider, in the mode its payment was made in, with its stored key: sent again
 * (the first answer was lost), the provider answers the first refund instead of making another.
 */
async function refundByProvider(
  eventId: number,
  paid: typeof payment.$inferSelect,
  pending: typeof refund.$inferSelect,
  mode: ProviderMode,
) {
  const provider = await paymentProviderInMode(eventId, mode);
  if (!provider) throw new Refusal("Card refunds need the event's payment keys (Setup › Billing).");
  let refundId: string;
  try {
    ({ refundId } = await provider.refund({
      paymentIntentId: paid.provider_ref!,
      amount: pending.amount,
      idempotencyKey: pending.idempotency_key,
      metadata: { gavel_event: String(eventId), gavel_refund: String(pending.refund_id) },
    }));
  } catch (error) {
    // No answer is not a "no": the refund may have been made. It stays pending (what is left of the payment counts
    // it), and the same form sends the same key again.
    if (error instanceof ProviderUnavailableError)
      throw new Refusal("The payment service did not answer. Send the same refund again: it will not refund twice.");
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(refund)
      .set({ status: "failed", failure_message: message })
      .where(and(eq(refund.refund_id, pending.refund_id), eq(refund.status, "pending")));
    throw refusedRefund(message);
  }
  const invoiceId = paid.invoice_id;
  await db.transaction(async (tx) => {
    if (invoiceId !== null) await lockInvoice(tx, eventId, invoiceId);
    await tx
      .update(refund)
      .set({ status: "succeeded", provider_ref: refundId })
      .where(and(eq(refund.refund_id, pending.refund_id), ne(refund.status, "succeeded")));
    if (invoiceId !== null)
      await addRefundLine(tx, eventId, invoiceId, pending.refund_id, pending.amount, pending.reason);
    await markGiftRefundedWhenGivenBack(tx, eventId, paid.payment_id);
  });
}

const refusedRefund = (message: string | null) =>
  new Refusal(`The refund was refused: ${message ?? "no reason given"}.`);

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
