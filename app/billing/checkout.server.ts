/**
 * A guest pays on /invoice with a card typed on the provider's hosted page (Checkout Session, payment mode): a
 * redirect there and back, so it works without JavaScript. The pending payment and its idempotency key are written
 * before the session is asked for; a second tab finds that payment and is sent to the same page. The return from
 * the page and the provider's webhook both complete the payment, whichever comes first; the second changes nothing.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { payment } from "~drizzle/schema";
import { CardsNotSetUpError, customerFor, keepCard } from "./cards.server";
import { addFeeLine, reverseFeeLine } from "./fee-lines.server";
import { chargedEvent, openHostedPage, SESSION_MINUTES } from "./hosted-pages.server";
import { insertInvoicePayment, lockInvoice, owedBeyondPending, syncInvoices } from "./invoice.server";
import { whenPaidInFull } from "./paid-in-full.server";
import { paymentProviderFor } from "./settings.server";
import type { CheckoutResult } from "~/payments/provider";

// Stripe's shortest session: after it, an abandoned payment page no longer holds the balance.

export interface CheckoutPages {
  /** Must contain {CHECKOUT_SESSION_ID}: the provider puts the session's id there. */
  successUrl: string;
  cancelUrl: string;
}

/** Starts (or finds the already started) payment of the balance on a hosted page; answers its address. */
export async function startInvoiceCheckout(
  eventId: number,
  invoiceId: number,
  options: {
    coverFee: boolean;
    saveCard: boolean;
    pages: CheckoutPages;
    /** Part of the balance (paying across two cards); the whole balance when omitted. */
    amount?: number;
  },
): Promise<string> {
  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new CardsNotSetUpError();
  await settleOpenCheckouts(eventId, invoiceId);
  const pending = await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, eventId, invoiceId);
    if (!row) throw new Response("Invoice not found", { status: 404 });
    await syncInvoices(tx, eventId, [row.usr_id]);
    const [open] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.invoice_id, invoiceId), eq(payment.method, "checkout"), eq(payment.status, "pending")));
    if (open) return open;
    const owed = await owedBeyondPending(tx, invoiceId);
    if (owed <= 0) throw new Refusal("Nothing is owed on this invoice.");
    if (options.amount !== undefined && (options.amount < 50 || options.amount > owed))
      throw new Refusal(`Pay from 0.50 up to the ${(owed / 100).toFixed(2)} owed.`, "amount");
    const base = options.amount ?? owed;
    const key = `checkout-${randomUUID()}`;
    const fee = options.coverFee ? await addFeeLine(tx, eventId, invoiceId, base, key) : 0;
    const [created] = await insertInvoicePayment(
      tx,
      { eventId, invoiceId, usrId: row.usr_id },
      {
        amount: base + fee,
        method: "checkout",
        status: "pending",
        idempotency_key: key,
        payment_result: { save_card: options.saveCard },
      },
    ).returning();
    return created;
  });

  const eventRow = await chargedEvent(eventId);
  return openHostedPage(pending.payment_id, async () =>
    provider.startCheckout({
      customerId: await customerFor(provider, eventId, pending.usr_id!),
      amount: pending.amount,
      currency: eventRow.currency,
      description: `${eventRow.title}: invoice`,
      successUrl: options.pages.successUrl,
      cancelUrl: options.pages.cancelUrl,
      metadata: {
        gavel_event: String(eventId),
        gavel_invoice: String(invoiceId),
        gavel_payment: String(pending.payment_id),
        gavel_purpose: "invoice_payment",
      },
      idempotencyKey: pending.idempotency_key!,
      saveCard: Boolean((pending.payment_result as { save_card?: boolean } | null)?.save_card),
      expiresAt: new Date(pending.created_at.getTime() + SESSION_MINUTES * 60_000),
    }),
  );
}

/** Applies a finished hosted payment to its invoice (and keeps the card when asked). Safe to call twice. */
export async function completeCheckout(eventId: number, sessionId: string, known?: CheckoutResult) {
  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new CardsNotSetUpError();
  // Only a page this event opened is asked about: the provider refuses a session it never made, such as one typed
  // into the address.
  const [own] = await db
    .select({ id: payment.payment_id })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
  if (!own) return;
  const result = known ?? (await provider.readCheckout(sessionId));
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
    if (!found || found.status !== "pending") return;
    await lockInvoice(tx, eventId, found.invoice_id!);
    if (result.status === "complete" && result.kind === "payment") {
      await tx
        .update(payment)
        .set({ status: "paid", provider_ref: result.paymentIntentId })
        .where(and(eq(payment.payment_id, found.payment_id), eq(payment.status, "pending")));
      const saveCard = (found.payment_result as { save_card?: boolean } | null)?.save_card;
      if (saveCard && result.card) await keepCard(tx, eventId, found.usr_id!, provider.mode, result.card);
      await whenPaidInFull(tx, eventId, found.invoice_id!);
    } else if (result.status === "expired") {
      await tx
        .update(payment)
        .set({ status: "cancelled", failure_message: "The payment page expired." })
        .where(and(eq(payment.payment_id, found.payment_id), eq(payment.status, "pending")));
      await reverseFeeLine(tx, eventId, found.invoice_id!, found.idempotency_key!);
    }
  });
}

/** Pending hosted payments of the invoice that finished or expired meanwhile are settled before anything else. */
export async function settleOpenCheckouts(eventId: number, invoiceId: number) {
  const open = await db
    .select({ sessionId: payment.checkout_session_id })
    .from(payment)
    .where(and(eq(payment.invoice_id, invoiceId), eq(payment.method, "checkout"), eq(payment.status, "pending")));
  for (const { sessionId } of open) if (sessionId) await completeCheckout(eventId, sessionId);
}

/** The guest came back through the hosted page's cancel link: close the page, so the balance is theirs to pay again. */
export async function abandonOpenCheckouts(eventId: number, invoiceId: number) {
  const provider = await paymentProviderFor(eventId);
  if (!provider) return;
  const open = await db
    .select({ sessionId: payment.checkout_session_id })
    .from(payment)
    .where(and(eq(payment.invoice_id, invoiceId), eq(payment.method, "checkout"), eq(payment.status, "pending")));
  for (const { sessionId } of open) {
    if (!sessionId) continue;
    await provider.expireCheckout(sessionId);
    await completeCheckout(eventId, sessionId);
  }
}
