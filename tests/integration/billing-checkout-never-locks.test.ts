// A checkout that never locks (issue 31): a payment page the guest declined on, abandoned or left open holds none of
// the balance; cash, a check or the card on file close it first at the fake Stripe, so it can no longer take money;
// when Stripe cannot be reached the desk still takes cash, and a late payment on the old page is recorded as credit,
// never lost. Amounts obey one set of rules (above zero, at most what is owed, a card's minimum), and a charge the
// provider refuses outright ends failed instead of blocking the invoice's later charges.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chargeCardOnFile, compLine, invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { completeCheckout, startInvoiceCheckout } from "~/billing/checkout.server";
import { invoiceLines, invoiceTotals } from "~/billing/invoice.server";
import { saveBillingSettings } from "~/billing/settings.server";
import * as winnersRoute from "~/routes/admin._workspace.billing.winners";
import { card_on_file, payment } from "~drizzle/schema";
import {
  BILLING_DEFAULTS,
  fillHostedPage,
  makeBillingEvent,
  makeWinner,
  saveCard,
  webhookReceiver,
} from "../support/billing";
import { testDatabase } from "../support/database";
import { holdTransaction, until, waitingOnLocks } from "../support/lock-waits";
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
const receiver = await webhookReceiver(() => eventId);

afterAll(async () => {
  await receiver.close();
  await fake.close();
});

beforeEach(async () => {
  eventId = (await makeBillingEvent(db, receiver.url)).event_id;
  staffId = (await makeUser(db)).usr_id;
});

const pages = {
  successUrl: "http://gavel.test/invoice?session={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://gavel.test/invoice?cancelled=1",
};
/** Waits until the fake's webhooks stop arriving (no new answer for 300 ms). */
async function webhooksQuiet() {
  for (let seen = -1; seen !== receiver.answers.length;) {
    seen = receiver.answers.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
const paymentsOf = (invoiceId: number) =>
  db.select().from(payment).where(eq(payment.invoice_id, invoiceId)).orderBy(payment.payment_id);
const cash = (invoiceId: number, amount: number, submissionKey: string) =>
  recordManualPayment(eventId, invoiceId, {
    method: "cash",
    amount,
    checkNumber: null,
    byUsrId: staffId,
    submissionKey,
  });

describe(`a checkout that never locks, on ${process.env.TEST_DB_ENGINE}`, () => {
  it("leaves the balance payable after a declined page, and closes that page at Stripe when cash is taken", async () => {
    const guest = await makeWinner(db, eventId, 12_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const page = await startInvoiceCheckout(eventId, invoiceId, { coverFee: true, saveCard: false, pages });
    expect((await fillHostedPage(page, "4000000000000002")).html).toContain("Your card was declined.");

    // Left on the declined page (120.00 and its 3.90 fee): the desk still sees and may take the whole balance, and no
    // fee is billed.
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ balance: 12_000, charging: 0, openPages: 12_390 });
    expect((await invoiceLines(db, invoiceId)).map((line) => line.source)).toEqual(["auction"]);

    await cash(invoiceId, 12_000, "cash-after-decline");
    expect((await paymentsOf(invoiceId)).map((row) => [row.method, row.status])).toEqual([
      ["checkout", "cancelled"],
      ["cash", "paid"],
    ]);
    // Closed at Stripe: the old page no longer takes a card.
    expect((await fillHostedPage(page, "4242424242424242")).html).toContain("This payment page has expired.");
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ balance: 0, openPages: 0 });
  });

  it("sends the guest's other tab to the same page, and opens a new page for another amount", async () => {
    const guest = await makeWinner(db, eventId, 20_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const whole = await startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages });
    expect(await startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages })).toBe(whole);
    const part = await startInvoiceCheckout(eventId, invoiceId, {
      coverFee: false,
      saveCard: false,
      pages,
      amount: 5_000,
    });
    expect(part).not.toBe(whole);
    expect((await fillHostedPage(whole, "4242424242424242")).html).toContain("This payment page has expired.");
    const paid = await fillHostedPage(part, "4242424242424242");
    await completeCheckout(eventId, new URL(paid.location!).searchParams.get("session")!);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ paid: 5_000, balance: 15_000, openPages: 0 });
  });

  it("records a page already paid when cash is offered, and refuses the cash as more than is owed", async () => {
    const guest = await makeWinner(db, eventId, 8_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const page = await startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages });
    // Paid at Stripe, but the guest never came back and the webhook has not arrived.
    fake.holdWebhooks(true);
    await fillHostedPage(page, "4242424242424242");
    await expect(cash(invoiceId, 8_000, "cash-too-late")).rejects.toThrow("Nothing is owed on this invoice.");
    fake.holdWebhooks(false);
    expect((await paymentsOf(invoiceId)).map((row) => [row.method, row.status])).toEqual([["checkout", "paid"]]);
  });

  it("takes cash when Stripe cannot be reached, and counts a late payment on the old page as credit", async () => {
    const guest = await makeWinner(db, eventId, 5_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const page = await startInvoiceCheckout(eventId, invoiceId, { coverFee: true, saveCard: false, pages });
    fake.loseAnswersWhen((path) => path.startsWith("/v1/checkout/sessions/"));
    try {
      await cash(invoiceId, 5_000, "cash-offline");
    } finally {
      fake.loseAnswersWhen(null);
    }
    expect((await paymentsOf(invoiceId)).map((row) => [row.method, row.status])).toEqual([
      ["checkout", "cancelled"],
      ["cash", "paid"],
    ]);
    // The guest pays on the page they still hold: the money is recorded, with the fee it covered, as credit.
    const paid = await fillHostedPage(page, "4242424242424242");
    await completeCheckout(eventId, new URL(paid.location!).searchParams.get("session")!);
    const totals = await invoiceTotals(db, invoiceId);
    expect((await paymentsOf(invoiceId)).map((row) => [row.method, row.status])).toEqual([
      ["checkout", "paid"],
      ["cash", "paid"],
    ]);
    expect(totals.balance).toBe(-5_000);
    expect((await invoiceLines(db, invoiceId)).map((line) => line.source)).toEqual(["auction", "fee"]);
  });

  it("closes a test-mode page left open after the event goes live, in the mode it was made in", async () => {
    const guest = await makeWinner(db, eventId, 7_500);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const page = await startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages });
    await saveBillingSettings(
      eventId,
      {
        ...BILLING_DEFAULTS,
        mode: "live",
        live_publishable_key: "pk_live_gavel",
        live_secret_key: `sk_live_${eventId}_${Math.random().toString(36).slice(2)}`,
      },
      receiver.url,
    );
    await cash(invoiceId, 7_500, "cash-after-going-live");
    expect((await paymentsOf(invoiceId)).map((row) => [row.method, row.status, row.provider_mode])).toEqual([
      ["checkout", "cancelled", "test"],
      ["cash", "paid", null],
    ]);
    expect((await fillHostedPage(page, "4242424242424242")).html).toContain("This payment page has expired.");
  });

  it("refuses a zero, more than is owed, and a card charge under Stripe's minimum, recording nothing", async () => {
    const guest = await makeWinner(db, eventId, 4_800);
    await saveCard(eventId, guest.usrId);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    await expect(cash(invoiceId, 0, "cash-zero")).rejects.toThrow("Enter an amount above zero.");
    await expect(cash(invoiceId, 4_801, "cash-over")).rejects.toThrow("That is more than the $48.00 still owed.");
    await expect(chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId, amount: 1 })).rejects.toThrow(
      "A card payment must be at least $0.50.",
    );
    await expect(
      startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages, amount: 49 }),
    ).rejects.toThrow("A card payment must be at least $0.50.");
    expect(await paymentsOf(invoiceId)).toEqual([]);

    // After a comp the balance is what any payment is measured against.
    const [line] = await invoiceLines(db, invoiceId);
    await compLine(eventId, invoiceId, line.invoice_line_id, { reason: "Board member", byUsrId: staffId });
    await expect(cash(invoiceId, 100, "cash-after-comp")).rejects.toThrow("Nothing is owed on this invoice.");
  });

  it("ends a charge Stripe refuses outright as failed, so the next charge of the invoice goes through", async () => {
    const guest = await makeWinner(db, eventId, 3_000);
    await saveCard(eventId, guest.usrId);
    // The card setup's webhook would keep the card again, undoing the removal below: let it arrive first.
    await webhooksQuiet();
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    // Stripe refuses the request itself, not the card: the card kept on file was removed from the account.
    const onFile = and(eq(card_on_file.event_id, eventId), eq(card_on_file.usr_id, guest.usrId));
    const [kept] = await db.select().from(card_on_file).where(onFile);
    await db.update(card_on_file).set({ payment_method_id: "pm_removed" }).where(onFile);
    await expect(chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId })).rejects.toThrow(/^Not charged: /);
    await db.update(card_on_file).set({ payment_method_id: kept.payment_method_id }).where(onFile);
    expect((await paymentsOf(invoiceId)).map((row) => row.status)).toEqual(["failed"]);
    expect(await chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId })).toMatchObject({ status: "paid" });
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ paid: 3_000, balance: 0, charging: 0 });
  });

  it("leaves another event's open page alone when a biller here names its invoice (drill: one organisation, another's page)", async () => {
    const other = (await makeBillingEvent(db, receiver.url)).event_id;
    const theirGuest = await makeWinner(db, other, 15_000);
    const theirInvoice = (await invoiceIdFor(other, theirGuest.usrId))!;
    const theirPage = await startInvoiceCheckout(other, theirInvoice, { coverFee: false, saveCard: false, pages });

    await giveRole(db, staffId, eventId, teamRole("can_bill"));
    const cookie = await sessionCookie(staffId);
    const post = (form: Record<string, string>) =>
      call(
        winnersRoute.action as RouteFunction,
        makeRequest(`/admin/billing/winners?id=${eventId}`, {
          cookie,
          form: { invoice: String(theirInvoice), ...form },
        }),
      );
    expect((await post({ intent: "cash", amount: "150", submission: "elsewhere-cash-1" })).status).toBe(404);
    expect((await post({ intent: "charge", amount: "150", submission: "elsewhere-card-1" })).status).toBe(404);

    // Their page is still open at Stripe and in their records, and the guest can pay on it.
    expect((await paymentsOf(theirInvoice)).map((row) => [row.event_id, row.method, row.status])).toEqual([
      [other, "checkout", "pending"],
    ]);
    const paid = await fillHostedPage(theirPage, "4242424242424242");
    await completeCheckout(other, new URL(paid.location!).searchParams.get("session")!);
    expect(await invoiceTotals(db, theirInvoice)).toMatchObject({ paid: 15_000, balance: 0 });
  });

  // The money drill's overpaid invoice (bench/money.ts, 2026-12-04): the desk read a page still being made, the page's
  // making ended, and the desk marked it closed without asking Stripe, so the guest paid on it after the desk's cash.
  // Two sessions waiting on the page's row in turn put the three steps in that order; PGlite runs one at a time.
  it.skipIf(process.env.TEST_DB_ENGINE !== "postgres")(
    "closes at Stripe a page whose making ended while the desk was closing it, so the desk's cash is the only payment",
    async () => {
      const guest = await makeWinner(db, eventId, 40_000);
      const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
      // Stripe makes the page at once and its answer is held: Gavel's payment is pending, without its page yet.
      fake.stallAnswersWhen((route) => route === "/v1/checkout/sessions");
      const opening = startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages });
      const pageRow = async () => (await paymentsOf(invoiceId)).find((row) => row.method === "checkout");
      await until(async () => (await pageRow()) !== undefined);
      const pageId = (await pageRow())!.payment_id;

      // Another session holds the page's row, so whoever writes it next waits, in the order they came.
      const holder = await holdTransaction(db, async (tx) => {
        await tx.execute(sql`select 1 from ${payment} where ${payment.payment_id} = ${pageId} for update`);
      });
      // The page's making ends: Gavel keeps its address (waiting on the row) …
      fake.stallAnswersWhen(null);
      await until(async () => (await waitingOnLocks(db)) >= 1);
      // … while the desk, which read the page before it had one, closes it and takes the balance in cash.
      const cashTaken = cash(invoiceId, 40_000, "cash-while-the-page-is-made");
      await until(async () => (await waitingOnLocks(db)) >= 2);
      holder.release();
      await holder.done;
      const url = await opening;
      await cashTaken;

      // The page was closed at Stripe: the guest cannot pay on it, and the cash is the invoice's one payment.
      expect((await fillHostedPage(url, "4242424242424242")).html).toContain("This payment page has expired.");
      await webhooksQuiet();
      expect((await paymentsOf(invoiceId)).map((row) => [row.method, row.status, row.amount])).toEqual([
        ["checkout", "cancelled", 40_000],
        ["cash", "paid", 40_000],
      ]);
      expect(await invoiceTotals(db, invoiceId)).toMatchObject({ paid: 40_000, balance: 0 });
    },
  );
});
