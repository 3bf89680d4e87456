/**
 * What Gavel asks of a payment provider (docs/decisions/025-payments.md). Stripe is the one implementation
 * (stripe-provider.server.ts); billing code depends on this shape only, so its tests and a future provider see the
 * same few calls. Amounts are cents; currencies are ISO 4217 codes.
 */
export type ProviderMode = "test" | "live";

export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  brand: string | null;
  last4: string | null;
}

export interface HostedPage {
  sessionId: string;
  /** Where to send the browser (a redirect: works without JavaScript). */
  url: string;
  /** The mode the page takes money in: the payment keeps it, and only that mode's webhooks may settle it. */
  mode: ProviderMode;
}

export interface CheckoutInput {
  customerId: string;
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** Keep the card for later charges (it becomes the guest's card on file). */
  saveCard: boolean;
  /** When the page stops taking the payment (Stripe allows 30 minutes to 24 hours). */
  expiresAt: Date;
}

/** A monthly gift: a hosted page in subscription mode, which charges the first month at once. */
export interface SubscriptionCheckoutInput extends Omit<CheckoutInput, "saveCard"> {
  /** Each month's amount (cents). */
  amount: number;
}

export type CheckoutResult =
  | { status: "open" | "expired" }
  | {
      status: "complete";
      kind: "subscription";
      subscriptionId: string;
      /** The first month's charge (cents). */
      amount: number;
      metadata: Record<string, string>;
    }
  | { status: "complete"; kind: "setup"; card: SavedCard; metadata: Record<string, string> }
  | {
      status: "complete";
      kind: "payment";
      paymentIntentId: string;
      amount: number;
      card: SavedCard | null;
      metadata: Record<string, string>;
    };

export interface ChargeInput {
  card: SavedCard;
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** Stored by the caller before this call, and sent again on any retry: Stripe then answers the first result. */
  idempotencyKey: string;
}

export type ChargeOutcome =
  | { status: "succeeded"; paymentIntentId: string }
  | { status: "declined" | "requires_authentication"; paymentIntentId: string | null; message: string };

export interface RefundInput {
  paymentIntentId: string;
  amount: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/**
 * A verified webhook, reduced to what billing acts on; anything else is "ignored". `mode` is what the event says of
 * itself (Stripe's livemode); billing also knows which mode's signing secret verified it, and the two must agree.
 */
export type WebhookEvent = { id: string; mode: ProviderMode } & (
  | {
      type: "payment_succeeded" | "payment_failed";
      paymentIntentId: string;
      /**
       * Our payment's id, from the metadata we sent: the webhook can come before our own record of the intent.
       * Metadata is whatever the intent's creator wrote, so it only names a payment; billing checks the rest.
       */
      paymentId: number | null;
      /** What the intent is for, in cents and a lower-case ISO 4217 code: it must be what the payment asked. */
      amount: number;
      currency: string;
      message: string | null;
    }
  | {
      type: "refunded";
      paymentIntentId: string;
      /** ourRefundId: our refund's id from the metadata we sent; null for a refund made elsewhere. */
      refunds: Array<{ id: string; amount: number; ourRefundId: number | null }>;
    }
  | { type: "disputed"; paymentIntentId: string }
  | {
      /** A month of a subscription (a monthly gift) was paid. */
      type: "subscription_paid";
      subscriptionId: string;
      /** The provider's invoice for that month: one record per invoice. */
      invoiceRef: string;
      amount: number;
      /** The first month, paid as the hosted page completed (recorded from the page, not from this). */
      first: boolean;
    }
  | { type: "checkout_completed"; sessionId: string }
  | { type: "ignored"; providerType: string }
);

/**
 * What the provider did with a payment's or a refund's money (decision 038): its fee, and the payout that took it
 * to the bank, once there is one. From Stripe's balance transactions and payouts.
 */
export type Settlement = {
  /** The provider's fee (cents; 0 for a refund, whose fee Stripe does not return). */
  fee: number;
  /** The payout it went out in, with the day the money arrived at the bank; null while it is not paid out. */
  payout: { id: string; arrival: Date } | null;
} & ({ kind: "payment"; paymentIntentId: string } | { kind: "refund"; refundId: string });

export interface PaymentProvider {
  readonly mode: ProviderMode;
  /** The fees and payouts of the account's payments and refunds since a time (its balance transactions). */
  settlements(since: Date): Promise<Settlement[]>;
  /** idempotencyKey: two callers at once (a guest's two tabs) get the same customer. */
  createCustomer(input: {
    email: string;
    name: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<string>;
  /** A hosted page where the guest enters a card to keep on file (Checkout Session, setup mode). */
  startCardSetup(input: {
    customerId: string;
    currency: string;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
  }): Promise<HostedPage>;
  /** A hosted page where the guest pays an amount (Checkout Session, payment mode). */
  startCheckout(input: CheckoutInput): Promise<HostedPage>;
  /** A hosted page where the guest starts a monthly gift (Checkout Session, subscription mode). */
  startSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<HostedPage>;
  readCheckout(sessionId: string): Promise<CheckoutResult>;
  /** Closes a hosted page that was left (the guest came back through its cancel link); a finished one stays. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Charges a saved card with nobody at the keyboard (PaymentIntent, off_session, confirmed at once). */
  chargeSavedCard(input: ChargeInput): Promise<ChargeOutcome>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Asks the provider to post its events to url; answers the secret that signs them. */
  registerWebhook(url: string): Promise<{ secret: string }>;
  /** Checks the signature and reads the event; throws WebhookSignatureError when it does not hold. */
  readWebhook(payload: string, signature: string, secret: string): Promise<WebhookEvent>;
}

export class WebhookSignatureError extends Error {
  constructor() {
    super("The webhook's signature does not match");
    this.name = "WebhookSignatureError";
  }
}

/** The provider could not be reached or answered an error that is not the card's: nothing is known to be charged. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

/** The provider refused the request itself (bad keys, bad parameters): a person must fix the setup. */
export class ProviderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderRefusedError";
  }
}
