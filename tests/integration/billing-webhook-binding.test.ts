// Webhooks bound to the mode and the intent they were made for (issue 31, decision 025): an event with test and
// live keys, charging live. Anyone holding the test keys can make Stripe send a correctly signed test-mode webhook
// about an intent of their own whose metadata names a live payment; anyone able to create intents in the live
// account can name a payment with an intent for another amount. Neither settles, disputes or fails anything: the
// webhook is recorded as ignored, with why, and logged.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chargeCardOnFile, invoiceIdFor } from "~/billing/charges.server";
import { startInvoiceCheckout } from "~/billing/checkout.server";
import { saveBillingSettings } from "~/billing/settings.server";
import { payment, processed_stripe_event } from "~drizzle/schema";
import { BILLING_DEFAULTS, fillHostedPage, makeWinner, saveCard, webhookReceiver } from "../support/billing";
import { testDatabase } from "../support/database";
import { makeEvent, makeUser } from "../support/people";

const fake = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});

const { db } = testDatabase();
let eventId: number;
let staffId: number;
let testKey: string;
let liveKey: string;
const receiver = await webhookReceiver(() => eventId);

afterAll(async () => {
  await receiver.close();
  await fake.close();
});

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  staffId = (await makeUser(db)).usr_id;
  const account = `${eventId}_${Math.random().toString(36).slice(2)}`;
  testKey = `sk_test_${account}`;
  liveKey = `sk_live_${account}`;
  await saveBillingSettings(
    eventId,
    {
      ...BILLING_DEFAULTS,
      mode: "live",
      test_secret_key: testKey,
      live_secret_key: liveKey,
      live_publishable_key: "pk_live_gavel",
      cover_fee_enabled: false,
    },
    receiver.url,
  );
});

const pages = {
  successUrl: "http://gavel.test/invoice?session={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://gavel.test/",
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const paymentRow = async (id: number) => (await db.select().from(payment).where(eq(payment.payment_id, id)))[0];
const recorded = async (stripeEventId: string) =>
  (
    await db
      .select({ outcome: processed_stripe_event.outcome, reason: processed_stripe_event.ignored_reason })
      .from(processed_stripe_event)
      .where(eq(processed_stripe_event.stripe_event_id, stripeEventId))
  )[0];

/** A made-up succeeded intent whose metadata names our payment, as its creator may write. */
const intentNaming = (paymentId: number, amount: number, currency = "usd", id = `pi_forged_${paymentId}`) => ({
  id,
  object: "payment_intent",
  amount,
  currency,
  status: "succeeded",
  metadata: { gavel_payment: String(paymentId) },
  last_payment_error: null,
});

/** A guest's invoice with a live hosted page open on it: a pending payment, its intent not known yet. */
async function livePendingPayment(amount = 25_000) {
  const guest = await makeWinner(db, eventId, amount);
  const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
  const pageUrl = await startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages });
  const [pending] = await db.select().from(payment).where(eq(payment.invoice_id, invoiceId));
  return { pageUrl, pending, invoiceId };
}

describe(`webhooks bound to their mode and intent on ${process.env.TEST_DB_ENGINE}`, () => {
  it("records the mode a hosted page takes money in on its payment", async () => {
    const { pending } = await livePendingPayment();
    expect(pending).toMatchObject({ status: "pending", method: "checkout", provider_mode: "live", provider_ref: null });
  });

  it("a test-mode intent naming a live payment settles nothing, and is recorded as ignored and logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { pending } = await livePendingPayment();
    const sent = await fake.sendEvent(testKey, "payment_intent.succeeded", intentNaming(pending.payment_id, 25_000));
    expect(receiver.answers.at(-1)).toBe("ignored");
    expect(await paymentRow(pending.payment_id)).toMatchObject({ status: "pending", provider_ref: null });
    expect(await recorded(sent.id)).toEqual({
      outcome: "ignored",
      reason: expect.stringContaining("made in live mode, webhook signed with the test mode's secret"),
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`webhook ${sent.id} (payment_succeeded) ignored`));
  });

  it("a live intent for another amount or currency settles nothing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { pending } = await livePendingPayment(25_000);
    await fake.sendEvent(liveKey, "payment_intent.succeeded", intentNaming(pending.payment_id, 100));
    expect(receiver.answers.at(-1)).toBe("ignored");
    await fake.sendEvent(
      liveKey,
      "payment_intent.succeeded",
      intentNaming(pending.payment_id, 25_000, "eur", "pi_forged_in_euros"),
    );
    expect(receiver.answers.at(-1)).toBe("ignored");
    expect(await paymentRow(pending.payment_id)).toMatchObject({ status: "pending", provider_ref: null });
  });

  it("settles a payment only by the intent it created, once that intent is known", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const guest = await makeWinner(db, eventId, 9_000);
    // This card saves, then declines: the charge is recorded failed, with its own intent.
    await saveCard(eventId, guest.usrId, "4000000000000341");
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const charged = await chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId });
    expect(charged.status).toBe("declined");
    await settle();
    const failed = (await db.select().from(payment).where(eq(payment.invoice_id, invoiceId)))[0];
    expect(failed).toMatchObject({ status: "failed", provider_ref: expect.stringMatching(/^pi_/) });

    await fake.sendEvent(liveKey, "payment_intent.succeeded", intentNaming(failed.payment_id, 9_000));
    expect(receiver.answers.at(-1)).toBe("ignored");
    expect(await paymentRow(failed.payment_id)).toMatchObject({ status: "failed", provider_ref: failed.provider_ref });
  });

  it("a test-mode dispute of a live intent changes nothing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { pageUrl, pending } = await livePendingPayment();
    const before = receiver.answers.length;
    await fillHostedPage(pageUrl, "4242424242424242");
    // Both of the payment's own webhooks answered first (the intent's success and the session's completion): the
    // session's came after the dispute's on a loaded machine, and was the last answer read below.
    await vi.waitFor(() => expect(receiver.answers.slice(before)).toEqual(["applied", "applied"]));
    const paid = await paymentRow(pending.payment_id);
    expect(paid.status).toBe("paid");
    expect(paid).toMatchObject({ provider_mode: "live", provider_ref: expect.stringMatching(/^pi_/) });
    await fake.sendEvent(testKey, "charge.dispute.created", {
      id: "dp_forged",
      object: "dispute",
      amount: paid.amount,
      payment_intent: paid.provider_ref,
      status: "needs_response",
    });
    expect(receiver.answers.at(-1)).toBe("ignored");
    expect((await paymentRow(pending.payment_id)).status).toBe("paid");
  });

  it("still applies the live webhooks of a live payment", async () => {
    const { pageUrl, pending } = await livePendingPayment();
    const before = receiver.answers.length;
    await fillHostedPage(pageUrl, "4242424242424242");
    // The intent's success and the session's completion (the fake sends no others for a hosted payment).
    await vi.waitFor(() => expect(receiver.answers.slice(before)).toEqual(["applied", "applied"]));
    expect(await paymentRow(pending.payment_id)).toMatchObject({ status: "paid", provider_mode: "live" });
  });
});
