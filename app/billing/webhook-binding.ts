/**
 * Whether a verified webhook may touch a payment (decision 025, "Webhooks bound to their mode and intent"). A valid
 * signature only proves the provider sent it, from the account and mode whose secret checked it; the metadata naming
 * our payment is whatever the intent's creator wrote. So a webhook settles a payment only when it comes from the
 * mode the payment was made in, for the intent the payment created (once known), for its amount and currency.
 * Pure: the caller reads the payment and says what it expects.
 */
import type { ProviderMode, WebhookEvent } from "~/payments/provider";

export interface PaymentToBind {
  /** The mode the payment was made in; null for a card charge recorded before payments kept it. */
  provider_mode: string | null;
  /** The intent the payment created, once its answer (or a webhook) told us. */
  provider_ref: string | null;
  amount: number;
}

export interface WebhookContext {
  /** The mode whose signing secret verified the webhook. */
  verifiedMode: ProviderMode;
  /** The mode the event charges in now: the best knowledge of a payment that did not record its own. */
  chargingMode: ProviderMode;
  /** The event's currency, which every payment of the event is charged in. */
  currency: string;
}

/** The mode a payment was made in. */
export function paymentMode(paid: Pick<PaymentToBind, "provider_mode">, chargingMode: ProviderMode): ProviderMode {
  return paid.provider_mode === "live" || paid.provider_mode === "test" ? paid.provider_mode : chargingMode;
}

/** Why the webhook must not touch the payment, or null when it may. */
export function whyWebhookDoesNotFit(
  paid: PaymentToBind,
  webhook: Extract<WebhookEvent, { paymentIntentId: string }>,
  context: WebhookContext,
): string | null {
  const made = paymentMode(paid, context.chargingMode);
  if (made !== context.verifiedMode)
    return `payment made in ${made} mode, webhook signed with the ${context.verifiedMode} mode's secret`;
  if (paid.provider_ref !== null && paid.provider_ref !== webhook.paymentIntentId)
    return `payment created intent ${paid.provider_ref}, webhook is for ${webhook.paymentIntentId}`;
  if (webhook.type !== "payment_succeeded" && webhook.type !== "payment_failed") return null;
  if (webhook.amount !== paid.amount) return `payment is for ${paid.amount} cents, the intent for ${webhook.amount}`;
  if (webhook.currency.toLowerCase() !== context.currency.toLowerCase())
    return `payment is in ${context.currency.toUpperCase()}, the intent in ${webhook.currency.toUpperCase()}`;
  return null;
}
