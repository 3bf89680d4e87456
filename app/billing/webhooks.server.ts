/**
 * The provider's webhooks for one event (POST /billing/stripe-webhook/:eventId): verified by signature with the
 * secret kept when the keys were saved, and applied at most once by event id (processed_stripe_event, written in
 * the same transaction as the change). Each handler also only moves a payment on from where it is, so an event
 * that arrives before the browser's redirect, or after it, leaves the same result.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { db } from "~/db.server";
import { WebhookSignatureError, type WebhookEvent } from "~/payments/provider";
import { payment, processed_stripe_event } from "~drizzle/schema";
import { finishCardSetup } from "./cards.server";
import { completeCheckout } from "./checkout.server";
import { completeGiftCheckout, isGiftSession, recordMonthlyGift } from "./donation-checkout.server";
import { whenPaidInFull } from "./paid-in-full.server";
import { recordProviderRefunds } from "./refunds.server";
import { webhookReceivers } from "./settings.server";
import type { Transaction } from "~/db/connection.server";

export type WebhookAnswer = "applied" | "duplicate" | "ignored";

export async function receiveWebhook(eventId: number, payload: string, signature: string): Promise<WebhookAnswer> {
  let verified: WebhookEvent | null = null;
  for (const { provider, secret } of await webhookReceivers(eventId)) {
    try {
      verified = await provider.readWebhook(payload, signature, secret);
      break;
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
    }
  }
  if (!verified) throw new WebhookSignatureError();
  const webhook = verified;
  if (await alreadyProcessed(webhook.id)) return "duplicate";

  // Reading a hosted session back asks the provider, which is not done inside a transaction.
  if (webhook.type === "checkout_completed") {
    const session = await sessionPurpose(eventId, webhook.sessionId);
    if (session === "card_setup") await finishCardSetup(eventId, webhook.sessionId);
    else if (await isGiftSession(eventId, webhook.sessionId)) await completeGiftCheckout(eventId, webhook.sessionId);
    else await completeCheckout(eventId, webhook.sessionId);
  }

  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processed_stripe_event)
      .values({ stripe_event_id: webhook.id, event_id: eventId, type: webhook.type, payload: JSON.parse(payload) })
      .onConflictDoNothing()
      .returning({ id: processed_stripe_event.stripe_event_id });
    if (!fresh) return "duplicate";
    return apply(tx, eventId, webhook);
  });
}

async function alreadyProcessed(id: string) {
  const [row] = await db
    .select({ id: processed_stripe_event.stripe_event_id })
    .from(processed_stripe_event)
    .where(eq(processed_stripe_event.stripe_event_id, id));
  return Boolean(row);
}

/** A checkout session is ours to pay an invoice unless the payment table knows nothing of it (a card setup). */
async function sessionPurpose(eventId: number, sessionId: string) {
  const [row] = await db
    .select({ id: payment.payment_id })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.checkout_session_id, sessionId)));
  return row ? "invoice_payment" : "card_setup";
}

async function apply(tx: Transaction, eventId: number, webhook: WebhookEvent): Promise<WebhookAnswer> {
  const byIntent = (id: string) => and(eq(payment.event_id, eventId), eq(payment.provider_ref, id));
  switch (webhook.type) {
    case "payment_succeeded":
    case "payment_failed": {
      const target = webhook.paymentId
        ? and(eq(payment.event_id, eventId), eq(payment.payment_id, webhook.paymentId))
        : byIntent(webhook.paymentIntentId);
      const succeeded = webhook.type === "payment_succeeded";
      // A success may follow a failed attempt (the guest authenticated later); a failure never undoes a success,
      // and does not end a hosted page's payment, where the guest may try another card until the page expires.
      const changed = await tx
        .update(payment)
        .set({
          status: succeeded ? "paid" : "failed",
          provider_ref: webhook.paymentIntentId,
          failure_message: succeeded ? null : webhook.message,
        })
        .where(
          succeeded
            ? and(target, inArray(payment.status, ["pending", "failed"]))
            : and(target, eq(payment.status, "pending"), ne(payment.method, "checkout")),
        )
        .returning({ invoiceId: payment.invoice_id });
      for (const { invoiceId } of changed)
        if (succeeded && invoiceId !== null) await whenPaidInFull(tx, eventId, invoiceId);
      return "applied";
    }
    case "disputed":
      await tx.update(payment).set({ status: "disputed" }).where(byIntent(webhook.paymentIntentId));
      return "applied";
    case "refunded":
      await recordProviderRefunds(tx, eventId, webhook.paymentIntentId, webhook.refunds);
      return "applied";
    case "checkout_completed":
      return "applied";
    case "subscription_paid":
      if (!webhook.first) await recordMonthlyGift(tx, eventId, webhook);
      return "applied";
    case "ignored":
      return "ignored";
  }
}
