/**
 * An event's payment settings (/admin/setup/billing) and the payment provider they open. Secret keys are sealed
 * (app/security/secret-box.server.ts) and only their last four characters ever leave the server. Without keys,
 * or without SECRETS_KEY on the server, there is no provider: billing takes cash, check and
 * "pay at the event" only.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { stripeProvider } from "~/payments/stripe-provider.server";
import { cardsInSandbox, isSandboxStripeKey, releaseFromSandbox, stripeApiFor } from "~/sandbox/switch.server";
import { canStoreSecrets, openSecret, sealSecret } from "~/security/secret-box.server";
import { storedSecretsOff } from "~/security/stored-secrets";
import { billing_settings, event } from "~drizzle/schema";
import type { Executor } from "./line-sources/line-source";
import type { BillingSettingsInput } from "./settings-form";
import type { PaymentProvider, ProviderMode } from "~/payments/provider";

export interface BillingSettingsView {
  mode: "test" | "live";
  test: { publishableKey: string; secretLast4: string | null; webhook: boolean };
  live: { publishableKey: string; secretLast4: string | null; webhook: boolean };
  currency: string;
  timeZone: string;
  coverFeeEnabled: boolean;
  feeBasisPoints: number;
  feeFixed: number;
  receiptText: string;
  taxId: string;
  checkoutOpensAt: Date | null;
  checkoutClosesAt: Date | null;
  /** Whether this server can store keys (SECRETS_KEY is set). */
  canStoreKeys: boolean;
  /** Whether cards can be taken now: keys for the chosen mode and a way to read them. */
  cardsEnabled: boolean;
  /** The demo's sandbox takes this event's cards: no real money moves (docs/decisions/037-demo-sandbox.md). */
  demoSandbox: boolean;
}

const DEFAULTS = { mode: "test", cover_fee_enabled: false, fee_basis_points: 290, fee_fixed: 30 } as const;

async function settingsRow(eventId: number, executor: Executor = db) {
  const [row] = await executor.select().from(billing_settings).where(eq(billing_settings.event_id, eventId));
  return row ?? null;
}

export async function billingSettings(eventId: number): Promise<BillingSettingsView> {
  const [eventRow] = await db
    .select({ currency: event.currency, timeZone: event.timezone })
    .from(event)
    .where(eq(event.event_id, eventId));
  if (!eventRow) throw new Response("This event no longer exists.", { status: 404 });
  const row = await settingsRow(eventId);
  const mode = (row?.mode ?? DEFAULTS.mode) as "test" | "live";
  const secretFor = mode === "live" ? row?.live_secret_key_encrypted : row?.test_secret_key_encrypted;
  return {
    mode,
    test: {
      publishableKey: row?.test_publishable_key ?? "",
      secretLast4: row?.test_secret_key_last4 ?? null,
      webhook: Boolean(row?.test_webhook_secret_encrypted),
    },
    live: {
      publishableKey: row?.live_publishable_key ?? "",
      secretLast4: row?.live_secret_key_last4 ?? null,
      webhook: Boolean(row?.live_webhook_secret_encrypted),
    },
    currency: eventRow.currency,
    timeZone: eventRow.timeZone,
    coverFeeEnabled: row?.cover_fee_enabled ?? DEFAULTS.cover_fee_enabled,
    feeBasisPoints: row?.fee_basis_points ?? DEFAULTS.fee_basis_points,
    feeFixed: row?.fee_fixed ?? DEFAULTS.fee_fixed,
    receiptText: row?.receipt_text ?? "",
    taxId: row?.tax_id ?? "",
    checkoutOpensAt: row?.checkout_opens_at ?? null,
    checkoutClosesAt: row?.checkout_closes_at ?? null,
    canStoreKeys: canStoreSecrets(),
    cardsEnabled: canStoreSecrets() && Boolean(secretFor),
    demoSandbox: cardsInSandbox(eventId),
  };
}

/**
 * Saves the settings. A secret key typed in replaces the stored one (blank keeps it), and Stripe is asked to send
 * this event's webhooks to webhookUrl; the secret that signs them is sealed beside the key.
 */
export async function saveBillingSettings(eventId: number, input: BillingSettingsInput, webhookUrl: string) {
  const existing = await settingsRow(eventId);
  const sealed: Partial<typeof billing_settings.$inferInsert> = {};
  for (const mode of ["test", "live"] as const) {
    const secret = mode === "test" ? input.test_secret_key : input.live_secret_key;
    if (!secret) continue;
    if (!canStoreSecrets()) throw new Refusal(storedSecretsOff("payment keys"), `${mode}_secret_key`);
    if (isSandboxStripeKey(secret))
      throw new Refusal("This is the demo sandbox's key. Enter a key from your Stripe account.", `${mode}_secret_key`);
    let webhookSecret: string;
    try {
      ({ secret: webhookSecret } = await stripeProvider(secret).registerWebhook(webhookUrl));
    } catch (error) {
      throw new Refusal(
        `Stripe did not accept this key (${error instanceof Error ? error.message : "no answer"}). Check it and try again.`,
        `${mode}_secret_key`,
      );
    }
    sealed[`${mode}_secret_key_encrypted`] = sealSecret(secret, eventId);
    sealed[`${mode}_secret_key_last4`] = secret.slice(-4);
    sealed[`${mode}_webhook_secret_encrypted`] = sealSecret(webhookSecret, eventId);
  }
  const chosenSecret =
    sealed[`${input.mode}_secret_key_encrypted`] ??
    (input.mode === "live" ? existing?.live_secret_key_encrypted : existing?.test_secret_key_encrypted);
  if (!chosenSecret && (input.mode === "live" || input.live_publishable_key))
    throw new Refusal(
      `Add the ${input.mode} secret key to take cards in ${input.mode} mode.`,
      `${input.mode}_secret_key`,
    );
  const values = {
    mode: input.mode,
    test_publishable_key: input.test_publishable_key,
    live_publishable_key: input.live_publishable_key,
    cover_fee_enabled: input.cover_fee_enabled,
    fee_basis_points: input.fee_basis_points,
    fee_fixed: input.fee_fixed,
    receipt_text: input.receipt_text,
    tax_id: input.tax_id,
    checkout_opens_at: input.checkout_opens_at,
    checkout_closes_at: input.checkout_closes_at,
    ...sealed,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(billing_settings)
      .values({ event_id: eventId, ...values })
      .onConflictDoUpdate({ target: billing_settings.event_id, set: values });
    await tx.update(event).set({ currency: input.currency }).where(eq(event.event_id, eventId));
  });
  // Real keys replace the sandbox's: from now on this event's cards are real ones.
  if (Object.keys(sealed).length > 0) releaseFromSandbox(eventId, "cards");
}

/** The provider for a key of the event's; null for the sandbox's key where the sandbox does not serve the event. */
function providerFor(eventId: number, key: string): PaymentProvider | null {
  const apiUrl = stripeApiFor(eventId, key);
  return apiUrl === "off" ? null : stripeProvider(key, apiUrl);
}

/** The provider for the event's chosen mode, or null when cards are not set up. */
export async function paymentProviderFor(eventId: number): Promise<PaymentProvider | null> {
  return paymentProviderInMode(eventId, await chargingMode(eventId));
}

/**
 * The provider for one mode, whatever the event charges in now: a payment is refunded (or read back) in the mode
 * it was made in, so a test payment stays a test payment after the event goes live.
 */
export async function paymentProviderInMode(eventId: number, mode: ProviderMode): Promise<PaymentProvider | null> {
  if (!canStoreSecrets()) return null;
  const row = await settingsRow(eventId);
  const key = openSecret(row?.[`${mode}_secret_key_encrypted`] ?? null, eventId);
  return key ? providerFor(eventId, key) : null;
}

/** The mode the event charges in now. */
export async function chargingMode(eventId: number, executor: Executor = db): Promise<ProviderMode> {
  const row = await settingsRow(eventId, executor);
  return row?.mode === "live" ? "live" : "test";
}

/** Whether the event takes cards (its payment keys are set and this server can open them). */
export async function cardPaymentsOpen(eventId: number): Promise<boolean> {
  return (await paymentProviderFor(eventId)) !== null;
}

/**
 * Both modes' providers with their webhook secrets, to check a webhook that may come from either; each says its
 * mode, because a webhook verified with one mode's secret may only touch that mode's payments.
 */
export async function webhookReceivers(eventId: number) {
  if (!canStoreSecrets()) return [];
  const row = await settingsRow(eventId);
  if (!row) return [];
  return (["test", "live"] as const).flatMap((mode) => {
    const key = openSecret(row[`${mode}_secret_key_encrypted`], eventId);
    const secret = openSecret(row[`${mode}_webhook_secret_encrypted`], eventId);
    const provider = key && providerFor(eventId, key);
    return provider && secret ? [{ mode, provider, secret }] : [];
  });
}

/** The cover-the-fee rule; pass the transaction when inside one (PGlite has a single connection). */
export async function feeRule(eventId: number, executor: Executor = db) {
  const row = await settingsRow(eventId, executor);
  return {
    enabled: row?.cover_fee_enabled ?? false,
    basisPoints: row?.fee_basis_points ?? DEFAULTS.fee_basis_points,
    fixed: row?.fee_fixed ?? DEFAULTS.fee_fixed,
  };
}
