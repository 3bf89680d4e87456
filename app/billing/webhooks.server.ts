/**
 * The provider's webhooks for one event (POST /billing/stripe-webhook/:eventId): verified by signature with the
 * secret kept when the keys were saved, and applied at most once by event id (processed_stripe_event, written in
 * the same transaction as the change). Each handler also only moves a payment on from where it is, so an event
 * that arrives before the browser's redirect, or after it, leaves the same result.
 *
 * A webhook is bound to the mode whose secret verified it: it touches only payments made in that mode, and settles
 * a payment only for the intent, amount and currency the payment asked (webhook-binding.ts). One that does not fit
 * is recorded as ignored, with why, and logged: a test-mode payment must never settle a live invoice.
 */
import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import { db } from "~/db.server";
import { WebhookSignatureError, type WebhookEvent } from "~/payments/provider";
import { payment, processed_stripe_event } from "~drizzle/schema";
import { afterCardPaymentSucceeded } from "./card-payment-succeeded.server";
import { finishCardSetup } from "./cards.server";
import { completeCheckout } from "./checkout.server";
import { completeGiftCheckout, isGiftSession, recordMonthlyGift } from "./donation-checkout.server";
import { chargedEvent } from "./hosted-pages.server";
import { lockInvoice } from "./invoice.server";
import { recordProviderRefunds } from "./refunds.server";
import { chargingMode, webhookReceivers } from "./settings.server";
import { completeTicketCheckout, isTicketSession } from "./ticket-checkout.server";
import { paymentMode, whyWebhookDoesNotFit, type WebhookContext } from "./webhook-binding";
import type { Transaction } from "~/db/connection.server";

export type WebhookAnswer = "applied" | "duplicate" | "ignored";

/** What applying a webhook came to: applied, or ignored with the reason (logged when it is a refusal). */
type Outcome = { answer: "applied" } | { answer: "ignored"; reason: string; refused: boolean };

const APPLIED: Outcome = { answer: "applied" };
const refused = (reason: string): Outcome => ({ answer: "ignored", reason, refused: true });

export async function receiveWebhook(eventId: number, payload: string, signature: string): Promise<WebhookAnswer> {
  const { webhook, verifiedMode } = await verify(eventId, payload, signature);
  if (await alreadyProcessed(webhook.id)) return "duplicate";
  const [eventRow, mode] = await Promise.all([chargedEvent(eventId), chargingMode(eventId)]);
  const context: WebhookContext = { verifiedMode, chargingMode: mode, currency: eventRow.currency };

  // Stripe says which mode an event belongs to; a secret of the other mode verifying it means something is wrong.
  let early: Outcome | null =
    webhook.mode !== verifiedMode
      ? refused(`event says ${webhook.mode} mode, signed with the ${verifiedMode} mode's secret`)
      : null;
  // Reading a hosted session back asks the provider, which is not done inside a transaction.
  if (!early && webhook.type === "checkout_completed")
    early = await completeSession(eventId, webhook.sessionId, context);

  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processed_stripe_event)
      .values({ stripe_event_id: webhook.id, event_id: eventId, type: webhook.type, payload: JSON.parse(payload) })
      .onConflictDoNothing()
      .returning({ id: processed_stripe_event.stripe_event_id });
    if (!fresh) return "duplicate";
    const outcome = early ?? (await apply(tx, eventId, webhook, context));
    if (outcome.answer === "ignored") {
      await tx
        .update(processed_stripe_event)
        .set({ outcome: "ignored", ignored_reason: outcome.reason })
        .where(eq(processed_stripe_event.stripe_event_id, webhook.id));
      if (outcome.refused)
        console.warn(`[billing] event ${eventId}: webhook ${webhook.id} (${webhook.type}) ignored: ${outcome.reason}`);
    }
    return outcome.answer;
  });
}

/** The webhook, read with the first of the event's secrets that verifies it, and that secret's mode. */
async function verify(eventId: number, payload: string, signature: string) {
  for (const { mode, provider, secret } of await webhookReceivers(eventId)) {
    try {
      return { webhook: await provider.readWebhook(payload, signature, secret), verifiedMode: mode };
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
    }
  }
  throw new WebhookSignatureError();
}

async function alreadyProcessed(id: string) {
  const [row] = await db
    .select({ id: processed_stripe_event.stripe_event_id })
    .from(processed_stripe_event)
    .where(eq(processed_stripe_event.stripe_event_id, id));
  return Boolean(row);
}

/**
 * A hosted page finished: its payment (an invoice's, a gift's, an order's) is settled by reading the session back,
 * and a page no payment knows saved a card. Each is read with the event's current keys, so a webhook of the other
 * mode is not acted on.
 */
async function completeSession(eventId: number, sessionId: string, context: WebhookContext): Promise<Outcome | null> {
  const [paid] = await db
    .select({ provider_mode: payment.provider_mode })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
  const made = paid ? paymentMode(paid, context.chargingMode) : context.chargingMode;
  if (made !== context.verifiedMode)
    return refused(`session made in ${made} mode, webhook signed with the ${context.verifiedMode} mode's secret`);
  if (!paid) await finishCardSetup(eventId, sessionId);
  else if (await isGiftSession(eventId, sessionId)) await completeGiftCheckout(eventId, sessionId);
  else if (await isTicketSession(eventId, sessionId)) await completeTicketCheckout(eventId, sessionId);
  else await completeCheckout(eventId, sessionId);
  return null;
}

/**
 * Locks the invoice of the payment a webhook is about, before the payment itself: every money path takes the
 * invoice's lock first (decision 034), the one order in which a webhook, the guest's return from the payment page
 * and the desk never deadlock (the money drill found a webhook that locked the payment first doing so).
 */
async function lockInvoiceOf(tx: Transaction, eventId: number, which: SQL | undefined) {
  const [row] = await tx.select({ invoiceId: payment.invoice_id }).from(payment).where(which);
  if (row?.invoiceId != null) await lockInvoice(tx, eventId, row.invoiceId);
}

async function apply(
  tx: Transaction,
  eventId: number,
  webhook: WebhookEvent,
  context: WebhookContext,
): Promise<Outcome> {
  switch (webhook.type) {
    case "payment_succeeded":
    case "payment_failed": {
      const which = webhook.paymentId
        ? and(eq(payment.event_id, eventId), eq(payment.payment_id, webhook.paymentId))
        : byIntent(eventId, webhook.paymentIntentId);
      await lockInvoiceOf(tx, eventId, which);
      const [target] = await tx.select().from(payment).where(which).for("update");
      if (!target) return APPLIED;
      const misfit = whyWebhookDoesNotFit(target, webhook, context);
      if (misfit) return refused(`payment ${target.payment_id}: ${misfit}`);
      const succeeded = webhook.type === "payment_succeeded";
      // A success may follow a failed attempt (the guest authenticated later); a failure never undoes a success,
      // and does not end a hosted page's payment, where the guest may try another card until the page expires.
      const changed = await tx
        .update(payment)
        .set({
          status: succeeded ? "paid" : "failed",
          provider_ref: webhook.paymentIntentId,
          provider_mode: context.verifiedMode,
          failure_message: succeeded ? null : webhook.message,
        })
        .where(
          succeeded
            ? and(eq(payment.payment_id, target.payment_id), inArray(payment.status, ["pending", "failed"]))
            : and(
                eq(payment.payment_id, target.payment_id),
                eq(payment.status, "pending"),
                ne(payment.method, "checkout"),
              ),
        )
        .returning();
      if (succeeded) for (const paid of changed) await afterCardPaymentSucceeded(tx, eventId, paid);
      return APPLIED;
    }
    case "disputed":
    case "refunded": {
      await lockInvoiceOf(tx, eventId, byIntent(eventId, webhook.paymentIntentId));
      const [target] = await tx.select().from(payment).where(byIntent(eventId, webhook.paymentIntentId));
      if (!target) return APPLIED;
      const misfit = whyWebhookDoesNotFit(target, webhook, context);
      if (misfit) return refused(`payment ${target.payment_id}: ${misfit}`);
      if (webhook.type === "disputed")
        await tx.update(payment).set({ status: "disputed" }).where(eq(payment.payment_id, target.payment_id));
      else await recordProviderRefunds(tx, eventId, webhook.paymentIntentId, webhook.refunds);
      return APPLIED;
    }
    case "checkout_completed":
      return APPLIED;
    case "subscription_paid":
      if (!webhook.first) await recordMonthlyGift(tx, eventId, { ...webhook, mode: context.verifiedMode });
      return APPLIED;
    case "ignored":
      return { answer: "ignored", reason: `not a kind billing acts on (${webhook.providerType})`, refused: false };
  }
}

const byIntent = (eventId: number, intentId: string): SQL | undefined =>
  and(eq(payment.event_id, eventId), eq(payment.provider_ref, intentId));
