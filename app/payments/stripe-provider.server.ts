/**
 * The PaymentProvider over the official Stripe SDK (pinned in package.json, docs/decisions/025-payments.md).
 * STRIPE_API_URL points the SDK at another host (the tests' local stand-in) through its host/port/protocol
 * options, as the demo's sandbox does for its own key (app/sandbox); nothing else differs from production.
 */
import Stripe from "stripe";
import { config } from "~/config.server";
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type ChargeOutcome,
  type CheckoutResult,
  type HostedPage,
  type PaymentProvider,
  type ProviderMode,
  type SavedCard,
  type Settlement,
  type SubscriptionCheckoutInput,
  type WebhookEvent,
} from "./provider";

function sdkOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === "https:" ? "443" : "80"),
    protocol: url.protocol === "https:" ? "https" : "http",
  };
}

/** Maps the SDK's errors onto ours: the card's refusals are outcomes, not errors (see chargeSavedCard). */
function providerError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
    return new ProviderUnavailableError(error.message);
  if (error instanceof Stripe.errors.StripeError) return new ProviderRefusedError(error.message);
  return error instanceof Error ? error : new Error(String(error));
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The provider for a secret key; apiUrl: where the SDK's requests go instead of Stripe (STRIPE_API_URL by default). */
export function stripeProvider(secretKey: string, apiUrl = config.STRIPE_API_URL): PaymentProvider {
  const stripe = new Stripe(secretKey, sdkOptions(apiUrl));
  const mode: ProviderMode = secretKey.startsWith("sk_live_") ? "live" : "test";

  async function savedCard(customerId: string, paymentMethodId: string): Promise<SavedCard> {
    const method = await call(() => stripe.paymentMethods.retrieve(paymentMethodId));
    return { customerId, paymentMethodId, brand: method.card?.brand ?? null, last4: method.card?.last4 ?? null };
  }

  return {
    mode,
    async settlements(since) {
      return call(() => readSettlements(stripe, since));
    },
    async createCustomer({ email, name, metadata, idempotencyKey }) {
      const customer = await call(() => stripe.customers.create({ email, name, metadata }, { idempotencyKey }));
      return customer.id;
    },
    async startCardSetup({ customerId, currency, successUrl, cancelUrl, metadata }) {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: "setup",
          customer: customerId,
          currency: currency.toLowerCase(),
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata,
        }),
      );
      return { sessionId: session.id, url: session.url!, mode };
    },
    async startCheckout(input) {
      return openHostedPage(stripe, mode, input, {
        mode: "payment",
        line_items: oneLine(input),
        payment_intent_data: {
          description: input.description,
          metadata: input.metadata,
          ...(input.saveCard ? { setup_future_usage: "off_session" as const } : {}),
        },
      });
    },
    async startSubscriptionCheckout(input) {
      return openHostedPage(stripe, mode, input, {
        mode: "subscription",
        line_items: oneLine(input, { interval: "month" }),
        subscription_data: { description: input.description, metadata: input.metadata },
      });
    },
    async readCheckout(sessionId): Promise<CheckoutResult> {
      const session = await call(() => stripe.checkout.sessions.retrieve(sessionId));
      if (session.status !== "complete") return { status: session.status === "expired" ? "expired" : "open" };
      const metadata = (session.metadata ?? {}) as Record<string, string>;
      const customerId = idOf(session.customer)!;
      if (session.mode === "subscription") {
        // The first month is paid when the session completes ("paid"); a later month's failure is the provider's.
        if (session.payment_status !== "paid") return { status: "open" };
        return {
          status: "complete",
          kind: "subscription",
          subscriptionId: idOf(session.subscription)!,
          amount: session.amount_total ?? 0,
          metadata,
        };
      }
      if (session.mode === "setup") {
        const setup = await call(() => stripe.setupIntents.retrieve(idOf(session.setup_intent)!));
        return {
          status: "complete",
          kind: "setup",
          card: await savedCard(customerId, idOf(setup.payment_method)!),
          metadata,
        };
      }
      const intent = await call(() => stripe.paymentIntents.retrieve(idOf(session.payment_intent)!));
      if (intent.status !== "succeeded") return { status: "open" };
      const methodId = idOf(intent.payment_method);
      return {
        status: "complete",
        kind: "payment",
        paymentIntentId: intent.id,
        amount: intent.amount,
        card: methodId ? await savedCard(customerId, methodId) : null,
        metadata,
      };
    },
    async expireCheckout(sessionId) {
      const session = await call(() => stripe.checkout.sessions.retrieve(sessionId));
      if (session.status === "open") await call(() => stripe.checkout.sessions.expire(sessionId));
    },
    async chargeSavedCard(input): Promise<ChargeOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.card.customerId,
            payment_method: input.card.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === "succeeded") return { status: "succeeded", paymentIntentId: intent.id };
        return {
          status: intent.status === "requires_action" ? "requires_authentication" : "declined",
          paymentIntentId: intent.id,
          message: intent.last_payment_error?.message ?? "The card was not charged.",
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = (error.raw as { payment_intent?: { id: string } }).payment_intent;
          return {
            status: error.code === "authentication_required" ? "requires_authentication" : "declined",
            paymentIntentId: intent?.id ?? null,
            message: error.message,
          };
        }
        throw providerError(error);
      }
    },
    async refund({ paymentIntentId, amount, idempotencyKey, metadata }) {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: paymentIntentId, amount, metadata }, { idempotencyKey }),
      );
      return { refundId: refund.id };
    },
    async registerWebhook(url) {
      const endpoint = await call(() =>
        stripe.webhookEndpoints.create({
          url,
          enabled_events: [
            "checkout.session.completed",
            "payment_intent.succeeded",
            "payment_intent.payment_failed",
            "charge.refunded",
            "charge.dispute.created",
            "invoice.paid",
          ],
        }),
      );
      return { secret: endpoint.secret! };
    },
    async readWebhook(payload, signature, secret): Promise<WebhookEvent> {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(payload, signature, secret);
      } catch {
        throw new WebhookSignatureError();
      }
      const said = { id: event.id, mode: event.livemode ? "live" : "test" } as const;
      switch (event.type) {
        case "payment_intent.succeeded":
        case "payment_intent.payment_failed": {
          const intent = event.data.object;
          return {
            ...said,
            type: event.type === "payment_intent.succeeded" ? "payment_succeeded" : "payment_failed",
            paymentIntentId: intent.id,
            paymentId: Number(intent.metadata?.gavel_payment) || null,
            amount: intent.amount,
            currency: intent.currency,
            message: intent.last_payment_error?.message ?? null,
          };
        }
        case "charge.refunded": {
          const charge = event.data.object;
          return {
            ...said,
            type: "refunded",
            paymentIntentId: idOf(charge.payment_intent)!,
            refunds: (charge.refunds?.data ?? []).map((refund) => ({
              id: refund.id,
              amount: refund.amount,
              ourRefundId: Number(refund.metadata?.gavel_refund) || null,
            })),
          };
        }
        case "charge.dispute.created":
          return { ...said, type: "disputed", paymentIntentId: idOf(event.data.object.payment_intent)! };
        case "checkout.session.completed":
          return { ...said, type: "checkout_completed", sessionId: event.data.object.id };
        case "invoice.paid": {
          const invoice = event.data.object;
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          if (!subscriptionId) return { ...said, type: "ignored", providerType: event.type };
          return {
            ...said,
            type: "subscription_paid",
            subscriptionId,
            invoiceRef: invoice.id!,
            amount: invoice.amount_paid,
            first: invoice.billing_reason === "subscription_create",
          };
        }
        default:
          return { ...said, type: "ignored", providerType: event.type };
      }
    },
  };
}

/**
 * The account's charges and refunds since a time with their fees (its balance transactions, each with its source
 * expanded to reach the PaymentIntent), then the payouts made since, each listing the transactions it paid out.
 * The SDK's auto-pagination reads every page.
 */
async function readSettlements(stripe: Stripe, since: Date): Promise<Settlement[]> {
  const created = { gte: Math.floor(since.getTime() / 1000) };
  const paidOutIn = new Map<string, { id: string; arrival: Date }>();
  for await (const payout of stripe.payouts.list({ created, limit: 100 })) {
    if (payout.status !== "paid" && payout.status !== "in_transit") continue;
    const arrival = new Date(payout.arrival_date * 1000);
    for await (const txn of stripe.balanceTransactions.list({ payout: payout.id, limit: 100 }))
      paidOutIn.set(txn.id, { id: payout.id, arrival });
  }
  const settlements: Settlement[] = [];
  for await (const txn of stripe.balanceTransactions.list({ created, limit: 100, expand: ["data.source"] })) {
    const source = txn.source;
    if (!source || typeof source === "string") continue;
    const payout = paidOutIn.get(txn.id) ?? null;
    if (source.object === "charge" && idOf(source.payment_intent))
      settlements.push({ kind: "payment", paymentIntentId: idOf(source.payment_intent)!, fee: txn.fee, payout });
    else if (source.object === "refund")
      settlements.push({ kind: "refund", refundId: source.id, fee: txn.fee, payout });
  }
  return settlements;
}

/**
 * A hosted payment page for the customer, with what every one of ours carries (the ways back, our metadata, when
 * it expires) around what its mode adds; the idempotency key makes a retried request open the same page.
 */
async function openHostedPage(
  stripe: Stripe,
  mode: ProviderMode,
  input: SubscriptionCheckoutInput,
  page: Stripe.Checkout.SessionCreateParams,
): Promise<HostedPage> {
  const session = await call(() =>
    stripe.checkout.sessions.create(
      {
        ...page,
        customer: input.customerId,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
  return { sessionId: session.id, url: session.url!, mode };
}

/** The page's one line: the amount, named by the description; monthly for a subscription. */
function oneLine(
  input: SubscriptionCheckoutInput,
  recurring?: Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring,
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return [
    {
      quantity: 1,
      price_data: {
        currency: input.currency.toLowerCase(),
        unit_amount: input.amount,
        ...(recurring ? { recurring } : {}),
        product_data: { name: input.description },
      },
    },
  ];
}
