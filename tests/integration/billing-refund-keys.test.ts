// A refund is recorded once per form (issue 31): /admin/billing/payments shows each refund form with a submission
// key, and the same form posted again (a double click, a resubmission, two tabs at once) answers the first refund
// and gives nothing more back; the provider is sent a key derived from the form's. A lost answer is retried with
// the same key. On PostgreSQL the posts at once really contend; on PGlite they queue: the outcome must be the same.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chargeCardOnFile, invoiceIdFor } from "~/billing/charges.server";
import { invoiceTotals } from "~/billing/invoice.server";
import { refundKey, refundPayment } from "~/billing/refunds.server";
import * as paymentsRoute from "~/routes/admin._workspace.billing.payments";
import { refund } from "~drizzle/schema";
import { makeBillingEvent, makeWinner, saveCard, webhookReceiver } from "../support/billing";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

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
let biller: string;
const receiver = await webhookReceiver(() => eventId);

afterAll(async () => {
  await receiver.close();
  await fake.close();
});

beforeEach(async () => {
  eventId = (await makeBillingEvent(db, receiver.url)).event_id;
  const person = await makeUser(db, { selected_event: eventId });
  staffId = person.usr_id;
  await giveRole(db, person.usr_id, eventId, teamRole("can_bill"));
  biller = await sessionCookie(person.usr_id);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** A guest's winnings charged to their card: the card payment's id and its invoice. */
async function cardPayment(amount: number) {
  const guest = await makeWinner(db, eventId, amount);
  await saveCard(eventId, guest.usrId);
  const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
  const charged = await chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId });
  if (charged.status !== "paid") throw new Error(`not charged: ${charged.status}`);
  return { paymentId: charged.paymentId, invoiceId };
}

/** The payments screen as staff sees it: its refund forms' submission key. */
async function shownKey(): Promise<string> {
  const page = await call(
    paymentsRoute.loader as RouteFunction,
    makeRequest(`/admin/billing/payments?id=${eventId}`, { cookie: biller }),
  );
  return (page.data as { submissionKey: string }).submissionKey;
}

const postRefund = (form: Record<string, string>) =>
  call(
    paymentsRoute.action as RouteFunction,
    makeRequest(`/admin/billing/payments?id=${eventId}`, { cookie: biller, form: { intent: "refund", ...form } }),
  );

const refundsAtStripe = () => fake.requests.filter((request) => request.path === "/v1/refunds" && !request.replayed);
const refundsOf = (paymentId: number) => db.select().from(refund).where(eq(refund.payment_id, paymentId));

describe(`refunds once per form on ${process.env.TEST_DB_ENGINE}`, () => {
  it("refunds once when the same refund form is posted three times, and three times at once", async () => {
    const { paymentId, invoiceId } = await cardPayment(12_000);
    const before = refundsAtStripe().length;
    const form = { payment: String(paymentId), amount: "30", reason: "Item damaged", submission: await shownKey() };
    for (let post = 0; post < 3; post++) expect((await postRefund(form)).status).toBe(302);
    const again = { ...form, submission: await shownKey() };
    const answers = await Promise.all([postRefund(again), postRefund(again), postRefund(again)]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302]);
    await settle();

    expect((await refundsOf(paymentId)).map((row) => [row.amount, row.status])).toEqual([
      [3_000, "succeeded"],
      [3_000, "succeeded"],
    ]);
    // Two forms, two refunds at Stripe, each sent with the key derived from its form's.
    expect(
      refundsAtStripe()
        .slice(before)
        .map((request) => request.idempotencyKey),
    ).toEqual([refundKey(eventId, paymentId, form.submission), refundKey(eventId, paymentId, again.submission)]);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ paid: 6_000, balance: 0 });
  });

  it("answers the first refund's amount when the same form comes back with another", async () => {
    const { paymentId } = await cardPayment(5_000);
    const submissionKey = "refund-form-shown-once";
    const first = await refundPayment(eventId, paymentId, {
      amount: 1_000,
      reason: "Late",
      byUsrId: staffId,
      submissionKey,
    });
    const second = await refundPayment(eventId, paymentId, {
      amount: 4_000,
      reason: "Late",
      byUsrId: staffId,
      submissionKey,
    });
    expect(second).toEqual({ refundId: first.refundId, amount: 1_000, repeated: true });
    expect(await refundsOf(paymentId)).toHaveLength(1);
  });

  it("keeps a refund whose answer was lost pending, and the same form retries it with the same key", async () => {
    const { paymentId, invoiceId } = await cardPayment(8_000);
    const submissionKey = "refund-answer-lost";
    fake.loseAnswersWhen((path) => path === "/v1/refunds");
    await expect(
      refundPayment(eventId, paymentId, { amount: 2_000, reason: "Broken", byUsrId: staffId, submissionKey }),
    ).rejects.toThrow(/did not answer/);
    fake.loseAnswersWhen(null);
    await settle();
    // The webhook may have settled it meanwhile; either way it is one refund, never a failed one to do again.
    expect((await refundsOf(paymentId)).map((row) => row.status)).not.toContain("failed");
    const retried = await refundPayment(eventId, paymentId, {
      amount: 2_000,
      reason: "Broken",
      byUsrId: staffId,
      submissionKey,
    });
    expect(retried.repeated).toBe(true);
    await settle();
    expect((await refundsOf(paymentId)).map((row) => [row.amount, row.status])).toEqual([[2_000, "succeeded"]]);
    const sent = fake.requests.filter((request) => request.path === "/v1/refunds").map((r) => r.idempotencyKey);
    expect(new Set(sent.filter((key) => key?.endsWith(submissionKey)))).toEqual(
      new Set([refundKey(eventId, paymentId, submissionKey)]),
    );
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ paid: 6_000, balance: 0 });
  });

  it("refuses a refund form without its key", async () => {
    const { paymentId } = await cardPayment(3_000);
    const answer = await postRefund({ payment: String(paymentId), amount: "10", reason: "No key" });
    expect(answer.status).toBe(400);
    expect(await refundsOf(paymentId)).toHaveLength(0);
  });
});
