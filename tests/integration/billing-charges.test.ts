// Billing against the fake Stripe (app/demo/sandbox/stripe, the demo's sandbox): invoices from every source, cards charged once
// whatever the races, retries after a timeout reusing their key, declines, webhooks applied once, and "charge all"
// resumed after it was cut off. The races only contend on PostgreSQL (PGlite runs one transaction at a time); the
// outcome must be the same on both.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chargeAllPreview, processChargeRun, startChargeAll, latestChargeRun } from "~/billing/charge-all.server";
import { chargeCardOnFile, compLine, invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { completeCheckout, startInvoiceCheckout } from "~/billing/checkout.server";
import { invoicePath } from "~/billing/invoice-link.server";
import { invoiceLines, invoiceTotals, lockInvoice, syncInvoices } from "~/billing/invoice.server";
import { refundPayment } from "~/billing/refunds.server";
import { winnersScreen } from "~/billing/winners.server";
import * as winnersRoute from "~/routes/admin._workspace.billing.winners";
import * as invoiceRoute from "~/routes/invoice";
import { auction_item, card_on_file, duel, duel_gift, invoice, payment, pledge, winner } from "~drizzle/schema";
import {
  fillHostedPage,
  makeBillingEvent,
  makePledge,
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

/** Successful charges the fake made for a customer: the proof that nobody paid twice. */
const chargesAtStripe = (customerId: string) =>
  fake
    .events()
    .filter(
      (event) =>
        event.type === "payment_intent.succeeded" &&
        (event.data as { object: { customer: string } }).object.customer === customerId,
    ).length;

const paymentsOf = (invoiceId: number) => db.select().from(payment).where(eq(payment.invoice_id, invoiceId));
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe(`billing on ${process.env.TEST_DB_ENGINE}`, () => {
  it("sums a guest's sources into one numbered invoice; later lines add to it and never rewrite it", async () => {
    const guest = await makeWinner(db, eventId, 30_000, 10_000);
    await makePledge(db, eventId, guest.usrId, 50_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const [first] = await db.select().from(invoice).where(eq(invoice.invoice_id, invoiceId));
    expect(first.number).toBe(1001);
    expect(await invoiceLines(db, invoiceId)).toMatchObject([
      { source: "auction", amount: 30_000, fair_market_value: 10_000, deductible: 20_000 },
      { source: "pledge", amount: 50_000, fair_market_value: 0, deductible: 50_000 },
    ]);
    await recordManualPayment(eventId, invoiceId, {
      method: "cash",
      amount: 80_000,
      checkNumber: null,
      byUsrId: staffId,
      submissionKey: "cash-1",
    });
    expect((await invoiceTotals(db, invoiceId)).balance).toBe(0);

    // A late pledge is a new balance; a pledge cancelled afterwards is reversed by a line of its own.
    const late = await makePledge(db, eventId, guest.usrId, 25_000);
    expect(await invoiceIdFor(eventId, guest.usrId)).toBe(invoiceId);
    expect((await invoiceTotals(db, invoiceId)).balance).toBe(25_000);
    await db.update(pledge).set({ status: "cancelled" }).where(eq(pledge.pledge_id, late));
    await invoiceIdFor(eventId, guest.usrId);
    const lines = await invoiceLines(db, invoiceId);
    expect(lines.map((line) => [line.source, line.amount])).toEqual([
      ["auction", 30_000],
      ["pledge", 50_000],
      ["pledge", 25_000],
      ["reversal", -25_000],
    ]);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ balance: 0, deductible: 70_000 });
    const second = await makeWinner(db, eventId, 5_000);
    const [next] = await db
      .select()
      .from(invoice)
      .where(eq(invoice.invoice_id, (await invoiceIdFor(eventId, second.usrId))!));
    expect(next.number).toBe(1002);
  });

  it("bills duel gifts still pledged, wholly deductible", async () => {
    const guest = await makeWinner(db, eventId, 1_000);
    const [match] = await db
      .insert(duel)
      .values({
        event_id: eventId,
        title: "Table 4 vs Table 9",
        side_a: "Table 4",
        side_b: "Table 9",
        increments: [2_500],
      })
      .returning({ id: duel.duel_id });
    await db.insert(duel_gift).values([
      { duel_id: match.id, event_id: eventId, side: "b", usr_id: guest.usrId, amount: 2_500 },
      { duel_id: match.id, event_id: eventId, side: "a", usr_id: guest.usrId, amount: 2_500, status: "cancelled" },
    ]);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    expect((await invoiceLines(db, invoiceId)).map((line) => [line.source, line.description, line.deductible])).toEqual(
      [
        ["auction", expect.any(String), 0],
        ["duel", "Table 4 vs Table 9 · for Table 9", 2_500],
      ],
    );
  });

  it("credits a comped line once when its sale is undone afterwards (a read-only audit found it credited twice)", async () => {
    const guest = await makeWinner(db, eventId, 50_000);
    await makePledge(db, eventId, guest.usrId, 20_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const [won] = await invoiceLines(db, invoiceId);
    await compLine(eventId, invoiceId, won.invoice_line_id, { reason: "Board member's lot", byUsrId: staffId });
    await db.delete(winner).where(eq(winner.winner_id, guest.winnerId));
    await invoiceIdFor(eventId, guest.usrId);
    expect((await invoiceLines(db, invoiceId)).map((line) => [line.source, line.amount])).toEqual([
      ["auction", 50_000],
      ["pledge", 20_000],
      ["comp", -50_000],
    ]);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ total: 20_000, balance: 20_000 });
  });

  // A read-only audit (2026-12-04): a whole-event sync (reports, figures, charge all) read the sources, waited for an
  // invoice's lock, then compared them with lines billed meanwhile, and reversed a sale made in between: never billed.
  it.skipIf(process.env.TEST_DB_ENGINE !== "postgres")(
    "keeps a sale billed while a whole-event sync waited for the invoice, instead of reversing it",
    async () => {
      const guest = await makeWinner(db, eventId, 10_000);
      const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
      const win = async (executor: Pick<typeof db, "insert">, title: string, amount: number) => {
        const [item] = await executor
          .insert(auction_item)
          .values({ event_id: eventId, title, type: "silent", status: "published", value: null })
          .returning({ id: auction_item.auction_item_id });
        await executor
          .insert(winner)
          .values({ event_id: eventId, auction_item_id: item.id, usr_id: guest.usrId, paddle: guest.paddle, amount });
      };
      await win(db, "Wine case", 20_000);

      // The desk holds the invoice; the whole-event sync reads the sources (the wine case new) and waits for it.
      const desk = await holdTransaction(
        db,
        async (tx) => {
          await lockInvoice(tx, eventId, invoiceId);
        },
        async (tx) => {
          // Meanwhile another win, billed by the guest's own sync under the lock.
          await win(tx, "Spa day", 30_000);
          await syncInvoices(tx, eventId, [guest.usrId]);
        },
      );
      const wholeEvent = db.transaction((tx) => syncInvoices(tx, eventId));
      await until(async () => (await waitingOnLocks(db)) >= 1);
      desk.release();
      await desk.done;
      await wholeEvent;
      expect((await invoiceLines(db, invoiceId)).map((line) => [line.source, line.amount])).toEqual([
        ["auction", 10_000],
        ["auction", 20_000],
        ["auction", 30_000],
      ]);
    },
  );

  it("shows a corrected hammer price as a reversal and a new line", async () => {
    const guest = await makeWinner(db, eventId, 30_000, 10_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    await db.update(winner).set({ amount: 27_500 }).where(eq(winner.winner_id, guest.winnerId));
    await invoiceIdFor(eventId, guest.usrId);
    expect((await invoiceLines(db, invoiceId)).map((line) => [line.source, line.amount, line.deductible])).toEqual([
      ["auction", 30_000, 20_000],
      ["auction", 27_500, 17_500],
      ["reversal", -30_000, -20_000],
    ]);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ total: 27_500, deductible: 17_500 });
  });

  it("charges the card on file once when two staff press at the same moment", async () => {
    const guest = await makeWinner(db, eventId, 42_000);
    const card = await saveCard(eventId, guest.usrId);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const results = await Promise.all([
      chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId }),
      chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId }),
      chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId }),
    ]);
    expect(results.filter((result) => result.status === "paid").length).toBeGreaterThanOrEqual(1);
    for (const result of results) expect(["paid", "nothing_owed"]).toContain(result.status);
    const paid = (await paymentsOf(invoiceId)).filter((row) => row.status === "paid");
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: 42_000, method: "card" });
    await settle();
    expect(chargesAtStripe(card!.customerId)).toBe(1);
    expect((await invoiceTotals(db, invoiceId)).balance).toBe(0);
  });

  it("retries a charge whose answer was lost with the same idempotency key, and charges once", async () => {
    const guest = await makeWinner(db, eventId, 12_345);
    const card = await saveCard(eventId, guest.usrId);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    // The charge is made at Stripe, but no answer comes back (the SDK's own retries lose theirs too), and its
    // webhook is late.
    fake.holdWebhooks(true);
    fake.loseAnswersWhen((path) => path === "/v1/payment_intents");
    await expect(chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId })).rejects.toThrow(/did not answer/);
    fake.loseAnswersWhen(null);
    const [pending] = await paymentsOf(invoiceId);
    expect(pending).toMatchObject({ status: "pending", amount: 12_345 });

    const retried = await chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId });
    expect(retried).toMatchObject({ status: "paid", paymentId: pending.payment_id, amount: 12_345 });
    const sent = fake.requests.filter((request) => request.idempotencyKey === pending.idempotency_key);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.at(-1)!.replayed).toBe(true);
    fake.holdWebhooks(false);
    await settle();
    expect(await paymentsOf(invoiceId)).toMatchObject([{ status: "paid", amount: 12_345 }]);
    expect(chargesAtStripe(card!.customerId)).toBe(1);
  });

  it("charges part of a balance once per form, however often and however fast the form is sent", async () => {
    const guest = await makeWinner(db, eventId, 25_000);
    const card = await saveCard(eventId, guest.usrId);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const part = { byUsrId: staffId, amount: 10_000, submissionKey: "form-shown-once" };
    const first = await chargeCardOnFile(eventId, invoiceId, part);
    expect(first).toMatchObject({ status: "paid", amount: 10_000 });
    // Sent again after it ended, and twice at once: the first charge's answer, nothing more charged.
    const again = await Promise.all([
      chargeCardOnFile(eventId, invoiceId, part),
      chargeCardOnFile(eventId, invoiceId, part),
    ]);
    expect(again).toEqual([first, first]);
    // The same key on another guest's invoice is another charge (the key is the form's, on its invoice).
    const other = await makeWinner(db, eventId, 5_000);
    await saveCard(eventId, other.usrId);
    const otherInvoice = (await invoiceIdFor(eventId, other.usrId))!;
    expect(
      await chargeCardOnFile(eventId, otherInvoice, { byUsrId: staffId, submissionKey: part.submissionKey }),
    ).toMatchObject({ status: "paid", amount: 5_000 });
    // A new form (the page shown again) charges again.
    const next = await chargeCardOnFile(eventId, invoiceId, { ...part, submissionKey: "form-shown-again" });
    expect(next).toMatchObject({ status: "paid", amount: 10_000 });
    expect((await paymentsOf(invoiceId)).map((row) => [row.status, row.amount])).toEqual([
      ["paid", 10_000],
      ["paid", 10_000],
    ]);
    await settle();
    expect(chargesAtStripe(card!.customerId)).toBe(2);
    expect((await invoiceTotals(db, invoiceId)).balance).toBe(5_000);
  });

  it("charges once when the guest's page or the winners screen sends its card form twice", async () => {
    const guest = await makeWinner(db, eventId, 25_000);
    await saveCard(eventId, guest.usrId);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const shown = (await call(invoiceRoute.loader as RouteFunction, makeRequest(invoicePath(eventId, invoiceId))))
      .data as { submissionKey: string };
    const payPart = { intent: "pay-saved", amount: "100", submission: shown.submissionKey };
    const payOnPage = () =>
      call(invoiceRoute.action as RouteFunction, makeRequest(invoicePath(eventId, invoiceId), { form: payPart }));
    expect((await payOnPage()).status).toBe(302);
    expect((await payOnPage()).status).toBe(302);
    // A form without its key (an old page) is refused, charging nothing.
    const { submission: _, ...keyless } = payPart;
    const refused = await call(
      invoiceRoute.action as RouteFunction,
      makeRequest(invoicePath(eventId, invoiceId), { form: keyless }),
    );
    expect(refused.status).toBe(400);

    await giveRole(db, staffId, eventId, teamRole("can_bill"));
    const cookie = await sessionCookie(staffId);
    const chargeAtDesk = { intent: "charge", invoice: String(invoiceId), amount: "20", submission: "winners-page-1" };
    const post = () =>
      call(
        winnersRoute.action as RouteFunction,
        makeRequest(`/admin/billing/winners?id=${eventId}`, { cookie, form: chargeAtDesk }),
      );
    await Promise.all([post(), post()]);
    expect((await paymentsOf(invoiceId)).map((row) => [row.status, row.amount])).toEqual([
      ["paid", 10_000],
      ["paid", 2_000],
    ]);
    expect((await invoiceTotals(db, invoiceId)).balance).toBe(13_000);
  });

  it("answers a declined form sent again with the same decline, asking the card nothing more", async () => {
    const guest = await makeWinner(db, eventId, 9_900);
    await saveCard(eventId, guest.usrId, "4000000000000341");
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const form = { byUsrId: null, submissionKey: "declined-form" };
    const declined = await chargeCardOnFile(eventId, invoiceId, form);
    expect(declined).toMatchObject({ status: "declined", message: "Your card was declined." });
    const asked = fake.requests.length;
    expect(await chargeCardOnFile(eventId, invoiceId, form)).toEqual(declined);
    expect(fake.requests.length).toBe(asked);
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
  });

  it("records a decline with its message and nothing paid", async () => {
    const guest = await makeWinner(db, eventId, 9_900);
    await saveCard(eventId, guest.usrId, "4000000000000341");
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const result = await chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId, coverFee: true });
    expect(result).toMatchObject({ status: "declined", message: "Your card was declined." });
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ paid: 0, charging: 0, balance: 9_900 });
    // The fee the guest offered to cover goes with the charge: declined, it never became a line.
    expect((await invoiceLines(db, invoiceId)).map((line) => line.source)).toEqual(["auction"]);
  });

  it("pays from two tabs through one hosted page; the redirect and the webhook apply it once", async () => {
    const guest = await makeWinner(db, eventId, 20_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const pages = {
      successUrl: "http://gavel.test/invoice?session={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://gavel.test/invoice",
    };
    const [first, second] = await Promise.all([
      startInvoiceCheckout(eventId, invoiceId, { coverFee: true, saveCard: true, pages }),
      startInvoiceCheckout(eventId, invoiceId, { coverFee: true, saveCard: true, pages }),
    ]);
    expect(second).toBe(first);
    const declined = await fillHostedPage(first, "4000000000000002");
    expect(declined.html).toContain("Your card was declined.");
    const paid = await fillHostedPage(first, "4242424242424242");
    const sessionId = new URL(paid.location!).searchParams.get("session")!;
    await completeCheckout(eventId, sessionId);
    await settle();
    await completeCheckout(eventId, sessionId);
    const rows = await paymentsOf(invoiceId);
    // The fee on 200.00 at 2.9% + 0.30: ceil(20030 / 0.971) − 20000 = 629 cents.
    expect(rows).toMatchObject([{ status: "paid", method: "checkout", amount: 20_629 }]);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ total: 20_629, paid: 20_629, balance: 0 });
    expect(receiver.answers).toContain("applied");
  });

  it("keeps the card a guest asked to save, when the payment's webhook arrived before the guest came back", async () => {
    const guest = await makeWinner(db, eventId, 8_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const pages = {
      successUrl: "http://gavel.test/invoice?session={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://gavel.test/invoice",
    };
    const page = await startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: true, pages });
    const paid = await fillHostedPage(page, "4242424242424242");
    // Every webhook is applied first (the payment marked paid by its own), then the guest's browser comes back.
    await fake.webhooksDelivered();
    await completeCheckout(eventId, new URL(paid.location!).searchParams.get("session")!);
    const kept = await db
      .select()
      .from(card_on_file)
      .where(and(eq(card_on_file.event_id, eventId), eq(card_on_file.usr_id, guest.usrId)));
    expect(kept).toMatchObject([{ last4: "4242" }]);
  });

  it("does not ask the provider about a payment page this event never opened (drill 2)", async () => {
    const guest = await makeWinner(db, eventId, 20_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    await expect(completeCheckout(eventId, "cs_test_never_made")).resolves.toBeUndefined();
    expect(await paymentsOf(invoiceId)).toEqual([]);
  });

  it("splits a balance across two cards, in cents that add up exactly", async () => {
    const guest = await makeWinner(db, eventId, 10_001);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const pages = {
      successUrl: "http://gavel.test/invoice?session={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://gavel.test/invoice",
    };
    await expect(
      startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages, amount: 10_002 }),
    ).rejects.toThrow("That is more than the $100.01 still owed.");
    for (const [amount, number] of [
      [3_333, "4242424242424242"],
      [undefined, "5555555555554444"],
    ] as const) {
      const page = await startInvoiceCheckout(eventId, invoiceId, { coverFee: false, saveCard: false, pages, amount });
      const paid = await fillHostedPage(page, number);
      await completeCheckout(eventId, new URL(paid.location!).searchParams.get("session")!);
    }
    expect((await paymentsOf(invoiceId)).map((row) => [row.status, row.amount])).toEqual([
      ["paid", 3_333],
      ["paid", 6_668],
    ]);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ total: 10_001, paid: 10_001, balance: 0 });
  });

  it("applies a webhook delivered twice only once", async () => {
    const guest = await makeWinner(db, eventId, 7_000);
    await saveCard(eventId, guest.usrId);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const charged = await chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId });
    expect(charged.status).toBe("paid");
    await settle();
    const [row] = await paymentsOf(invoiceId);
    const succeeded = fake
      .events()
      .find(
        (event) =>
          event.type === "payment_intent.succeeded" &&
          (event.data as { object: { id: string } }).object.id === row.provider_ref,
      )!;
    const before = receiver.answers.length;
    await fake.redeliver(succeeded.id);
    expect(receiver.answers.slice(before)).toEqual(["duplicate"]);

    // A dispute marks the payment; a refund adds its own line and keeps the balance true.
    await fake.dispute(row.provider_ref!);
    await settle();
    expect((await paymentsOf(invoiceId))[0].status).toBe("disputed");
  });

  it("refunds part of a card payment once, with a line that keeps the balance at zero", async () => {
    const guest = await makeWinner(db, eventId, 15_000, 5_000);
    await saveCard(eventId, guest.usrId);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const charged = await chargeCardOnFile(eventId, invoiceId, { byUsrId: staffId });
    if (charged.status !== "paid") throw new Error("not charged");
    await refundPayment(eventId, charged.paymentId, { amount: 4_000, reason: "Item damaged", byUsrId: staffId });
    await settle();
    await expect(
      refundPayment(eventId, charged.paymentId, { amount: 20_000, reason: "Too much", byUsrId: staffId }),
    ).rejects.toThrow("Refund at most $110.00, what is left of this payment.");
    const lines = await invoiceLines(db, invoiceId);
    expect(lines.at(-1)).toMatchObject({ source: "refund", amount: -4_000, deductible: -4_000 });
    expect(lines.filter((line) => line.source === "refund")).toHaveLength(1);
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ balance: 0, deductible: 6_000 });
  });

  it("takes cash and checks once per submission, and comps a line with its reason", async () => {
    const guest = await makeWinner(db, eventId, 10_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    await expect(
      recordManualPayment(eventId, invoiceId, {
        method: "check",
        amount: 1_000,
        checkNumber: null,
        byUsrId: staffId,
        submissionKey: "a",
      }),
    ).rejects.toThrow(/check's number/);
    const check = {
      method: "check" as const,
      amount: 4_000,
      checkNumber: "1042",
      byUsrId: staffId,
      submissionKey: "b",
    };
    await Promise.all([recordManualPayment(eventId, invoiceId, check), recordManualPayment(eventId, invoiceId, check)]);
    expect(await paymentsOf(invoiceId)).toMatchObject([{ method: "check", check_number: "1042", amount: 4_000 }]);
    await expect(
      recordManualPayment(eventId, invoiceId, { ...check, amount: 7_000, submissionKey: "c" }),
    ).rejects.toThrow(/more than/);
    const [line] = await invoiceLines(db, invoiceId);
    await compLine(eventId, invoiceId, line.invoice_line_id, { reason: "Donor's thank-you", byUsrId: staffId });
    await expect(
      compLine(eventId, invoiceId, line.invoice_line_id, { reason: "Again", byUsrId: staffId }),
    ).rejects.toThrow(/already/);
    // Comped after 40.00 was paid: the guest is 40.00 in credit, shown as a negative balance.
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ total: 0, paid: 4_000, balance: -4_000 });
  });

  it("says before charging all cards how many guests it charges and how much in all, then what a resume has left", async () => {
    const paying = await makeWinner(db, eventId, 94_000);
    const declining = await makeWinner(db, eventId, 25_000);
    const paid = await saveCard(eventId, paying.usrId);
    await saveCard(eventId, declining.usrId);
    await makeWinner(db, eventId, 5_000); // no card: not charged, not counted
    const settled = await makeWinner(db, eventId, 7_000);
    await saveCard(eventId, settled.usrId);
    await recordManualPayment(eventId, (await invoiceIdFor(eventId, settled.usrId))!, {
      method: "cash",
      amount: 7_000,
      checkNumber: null,
      byUsrId: staffId,
      submissionKey: "cash-settled",
    });
    // $100 in cash from the first, $40 of it given back: the refund's line comes off the bill and its money off what
    // was paid, so $940 − $40 − ($100 − $40) = $840 is left for the card.
    const part = await recordManualPayment(eventId, (await invoiceIdFor(eventId, paying.usrId))!, {
      method: "cash",
      amount: 10_000,
      checkNumber: null,
      byUsrId: staffId,
      submissionKey: "cash-part",
    });
    await refundPayment(eventId, part, { amount: 4_000, reason: "Change given", byUsrId: staffId });
    // As the winners screen shows it (its loader brings the invoices up to date first).
    await winnersScreen(eventId, { search: "", invoiceId: null });
    expect(await chargeAllPreview(eventId)).toEqual({ resumes: false, guests: 2, amount: 84_000 + 25_000 });
    // Asking is not charging: no run, nothing at Stripe.
    expect(await latestChargeRun(eventId)).toBeNull();
    expect(chargesAtStripe(paid!.customerId)).toBe(0);

    // A run started and not worked on yet (its process died): pressing again resumes it, with the same guests.
    const { runId } = await startChargeAll(eventId, staffId);
    expect(await chargeAllPreview(eventId)).toEqual({ resumes: true, guests: 2, amount: 84_000 + 25_000 });
    // Once it has finished, nobody with a card owes anything.
    await processChargeRun(eventId, runId);
    expect(await chargeAllPreview(eventId)).toEqual({ resumes: false, guests: 0, amount: 0 });
    expect(chargesAtStripe(paid!.customerId)).toBe(1);
  });

  it("charges all cards once each, resumed after the run was cut off mid-way", async () => {
    const guests = [
      await makeWinner(db, eventId, 11_000),
      await makeWinner(db, eventId, 22_000),
      await makeWinner(db, eventId, 33_000),
    ];
    const cards: Array<Awaited<ReturnType<typeof saveCard>>> = [];
    for (const guest of guests) cards.push(await saveCard(eventId, guest.usrId));
    const noCard = await makeWinner(db, eventId, 5_000);

    const { runId } = await startChargeAll(eventId, staffId);
    // The first guest's answer is lost (as when the process dies after asking Stripe): that guest stays unknown.
    fake.loseAnswersWhen((path, form) => path === "/v1/payment_intents" && form.customer === cards[0]!.customerId);
    await processChargeRun(eventId, runId);
    fake.loseAnswersWhen(null);
    let progress = (await latestChargeRun(eventId))!;
    expect(progress.finished).toBe(false);
    expect(progress.guests.map((guest) => guest.status)).toEqual(["unknown", "charged", "charged"]);

    // Pressed again (twice, from two screens): the same run resumes, and finishes.
    const again = await startChargeAll(eventId, staffId);
    expect(again).toEqual({ runId, resumed: true });
    await Promise.all([processChargeRun(eventId, runId), processChargeRun(eventId, runId)]);
    progress = (await latestChargeRun(eventId))!;
    expect(progress).toMatchObject({ finished: true, total: 3, done: 3 });
    await settle();
    for (const card of cards) expect(chargesAtStripe(card!.customerId)).toBe(1);
    for (const guest of guests) {
      const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
      expect((await invoiceTotals(db, invoiceId)).balance).toBe(0);
    }
    const unpaid = (await invoiceIdFor(eventId, noCard.usrId))!;
    expect((await invoiceTotals(db, unpaid)).balance).toBe(5_000);
    // A winner row removed (a sale undone) after payment is a credit, not a rewritten line.
    await db.delete(winner).where(and(eq(winner.event_id, eventId), eq(winner.usr_id, guests[0].usrId)));
    const reversed = (await invoiceIdFor(eventId, guests[0].usrId))!;
    expect((await invoiceTotals(db, reversed)).balance).toBe(-11_000);
  });
});
