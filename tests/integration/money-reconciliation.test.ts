// The money reconciliation (issue 31, "How it is proved"): random sequences of every money operation (wins, pledges,
// duel gifts, raffle tickets, sales, gifts at the desk, comps, part and whole payments in cash and by check, the card
// on file charged or declined, payment pages paid, declined, abandoned or left open, refunds, webhooks late or twice),
// played by one station and then by three stations at once (which only contend on PostgreSQL). After each sequence,
// every screen's figures agree to the cent with the ledger and with each other, no invoice is both settled and owing,
// and the fake Stripe agrees: every charge it made is one paid payment of ours, for its amount, and nothing twice.
// A failing sequence names its seed: MONEY_SEED=<seed> replays it.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { payableNow } from "~/billing/amount-rules";
import { chargeCardOnFile, compLine, invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { completeCheckout, startInvoiceCheckout } from "~/billing/checkout.server";
import { invoiceLines, invoiceTotals } from "~/billing/invoice.server";
import { moneyFigures } from "~/billing/money-figures.server";
import { recordPurchase } from "~/billing/purchases.server";
import { refundPayment } from "~/billing/refunds.server";
import { Refusal } from "~/forms/refusal";
import { recordStaffGift } from "~/giving/donations-admin.server";
import { givingPage } from "~/giving/giving-page.server";
import { readMonitorState } from "~/room-screens/monitor-state.server";
import * as dashboardRoute from "~/routes/admin._hub.dashboard";
import * as revenueRoute from "~/routes/admin._workspace.setup.reporting.revenue";
import {
  auction_item,
  duel,
  duel_gift,
  invoice,
  payment,
  raffle,
  raffle_purchase,
  refund,
  winner,
} from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { fillHostedPage, makeBillingEvent, makePledge, saveCard, webhookReceiver } from "../support/billing";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import { seededRandom, type SeededRandom } from "../support/seeded-random";
import type { DashboardData } from "~/dashboard/dashboard.server";
import type { Report } from "~/reporting/report";

const fake = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});

const { db } = testDatabase();
let eventId = 0;
const receiver = await webhookReceiver(() => eventId);

afterAll(async () => {
  await receiver.close();
  await fake.close();
});

interface Gala {
  eventId: number;
  staffId: number;
  owner: string;
  guests: Array<{ usrId: number; paddle: number; card: "good" | "declining" | null }>;
  duelId: number;
  raffleId: number;
  saleItemId: number;
}

async function makeGala(): Promise<Gala> {
  const event = await makeBillingEvent(db, receiver.url);
  eventId = event.event_id;
  const organiser = await makeUser(db, { selected_event: eventId });
  await giveRole(db, organiser.usr_id, eventId, { ...OWNER_ROLE });
  const guests: Gala["guests"] = [];
  for (const card of ["good", "declining", null, null] as const) {
    const bidder = await makeBidder(db, eventId);
    // 4000000000000341 is kept, then declined when charged.
    if (card) await saveCard(eventId, bidder.usrId, card === "good" ? "4242424242424242" : "4000000000000341");
    guests.push({ usrId: bidder.usrId, paddle: bidder.paddle, card });
  }
  const [contest] = await db
    .insert(duel)
    .values({ event_id: eventId, title: "Cats or dogs", side_a: "Cats", side_b: "Dogs", increments: [25_00] })
    .returning();
  const [draw] = await db.insert(raffle).values({ event_id: eventId, title: "Raffle" }).returning();
  const [pass] = await db
    .insert(auction_item)
    .values({ event_id: eventId, title: "Valet pass", type: "sale", status: "published", buy_now: 25_00, quantity: 6 })
    .returning();
  return {
    eventId,
    staffId: organiser.usr_id,
    owner: await sessionCookie(organiser.usr_id),
    guests,
    duelId: contest.duel_id,
    raffleId: draw.raffle_id,
    saleItemId: pass.auction_item_id,
  };
}

const PAGES = {
  successUrl: "http://gavel.test/invoice?session={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://gavel.test/x",
};
const dollars = (random: SeededRandom, most: number) => (1 + random.below(most)) * 100 + random.pick([0, 0, 50, 99]);

/** One money operation, chosen at random; refusals (nothing owed, sold out, more than paid) are part of the game. */
async function playOne(gala: Gala, random: SeededRandom, station: string, step: number): Promise<void> {
  const guest = random.pick(gala.guests);
  const invoiceOf = () => invoiceIdFor(gala.eventId, guest.usrId);
  const key = `${station}-${step}`;
  const operations: Record<string, () => Promise<unknown>> = {
    win: async () => {
      const [item] = await db
        .insert(auction_item)
        .values({ event_id: gala.eventId, title: `Lot ${key}`, type: random.pick(["silent", "live"]), value: 50_00 })
        .returning();
      await db.insert(winner).values({
        event_id: gala.eventId,
        auction_item_id: item.auction_item_id,
        usr_id: guest.usrId,
        paddle: guest.paddle,
        amount: dollars(random, 400),
      });
    },
    pledge: () => makePledge(db, gala.eventId, guest.usrId, dollars(random, 300)),
    duel: () =>
      db.insert(duel_gift).values({
        event_id: gala.eventId,
        duel_id: gala.duelId,
        usr_id: guest.usrId,
        side: random.pick(["a", "b"]),
        amount: 25_00,
      }),
    raffle: () =>
      db
        .insert(raffle_purchase)
        .values({ event_id: gala.eventId, raffle_id: gala.raffleId, usr_id: guest.usrId, quantity: 5, amount: 40_00 }),
    sale: () =>
      recordPurchase(gala.eventId, {
        itemId: gala.saleItemId,
        paddle: guest.paddle,
        quantity: 1 + random.below(2),
        submissionKey: key,
        byUsrId: gala.staffId,
      }),
    gift: () =>
      recordStaffGift(
        gala.eventId,
        {
          amount: dollars(random, 200),
          method: random.pick(["cash", "check"]),
          check_number: "2001",
          first_name: "Walk",
          last_name: "In",
          email: null,
          is_anonymous: false,
          message: null,
          tribute_kind: null,
          tribute_name: null,
          fundraiser: null,
        },
        gala.staffId,
        crypto.randomUUID(),
      ),
    comp: async () => {
      const invoiceId = await invoiceOf();
      if (invoiceId === null) return;
      const lines = await invoiceLines(db, invoiceId);
      const undone = new Set(lines.map((line) => line.reverses_line_id));
      const open = lines.filter(
        (line) => line.amount > 0 && line.source !== "fee" && !undone.has(line.invoice_line_id),
      );
      if (open.length === 0) return;
      await compLine(gala.eventId, invoiceId, random.pick(open).invoice_line_id, {
        reason: "Sponsor's table",
        byUsrId: gala.staffId,
      });
    },
    cash: async () => {
      const invoiceId = await invoiceOf();
      if (invoiceId === null) return;
      const owed = payableNow(await invoiceTotals(db, invoiceId));
      const method = random.pick(["cash", "check"] as const);
      await recordManualPayment(gala.eventId, invoiceId, {
        method,
        amount: random.chance(0.5) ? owed : 1 + random.below(Math.max(1, owed)),
        checkNumber: method === "check" ? "1001" : null,
        byUsrId: gala.staffId,
        // Sometimes the same form twice (a double click): one payment.
        submissionKey: random.chance(0.2) ? `${station}-repeat` : key,
      });
    },
    card: async () => {
      const invoiceId = await invoiceOf();
      if (invoiceId === null) return;
      await chargeCardOnFile(gala.eventId, invoiceId, { byUsrId: gala.staffId, coverFee: random.chance(0.3) });
    },
    page: async () => {
      const invoiceId = await invoiceOf();
      if (invoiceId === null) return;
      const page = await startInvoiceCheckout(gala.eventId, invoiceId, {
        coverFee: random.chance(0.3),
        saveCard: false,
        pages: PAGES,
      });
      const ending = random.pick(["paid and back", "paid, webhook only", "declined", "left open"]);
      if (ending === "left open") return;
      const answer = await fillHostedPage(page, ending === "declined" ? "4000000000000002" : "4242424242424242");
      if (ending === "paid and back" && answer.location)
        await completeCheckout(gala.eventId, new URL(answer.location).searchParams.get("session")!);
    },
    refund: async () => {
      const paid = await db
        .select({ id: payment.payment_id })
        .from(payment)
        .where(and(eq(payment.event_id, gala.eventId), inArray(payment.status, ["paid"])));
      if (paid.length === 0) return;
      await refundPayment(gala.eventId, random.pick(paid).id, {
        amount: 100 + random.below(2_000),
        reason: "Given back",
        byUsrId: gala.staffId,
        submissionKey: random.chance(0.3) ? `${station}-refund-repeat` : key,
      });
    },
    // The provider's webhooks held back while a card is charged and a page paid, then let go: they arrive late.
    webhooksLate: async () => {
      fake.holdWebhooks(true);
      try {
        await operations.card();
        await operations.page();
      } finally {
        fake.holdWebhooks(false);
      }
    },
    webhookAgain: async () => {
      const ours = stripeEvents(gala.eventId);
      if (ours.length > 0) await fake.redeliver(random.pick(ours).id as string);
    },
  };
  const name = random.pick(Object.keys(operations));
  try {
    await operations[name]();
  } catch (error) {
    if (!(error instanceof Refusal))
      throw new Error(`${name} (step ${key}) failed: ${String(error)}`, { cause: error });
  }
}

/** The fake Stripe's events about this event's payments (each charge's intent carries our payment in its metadata). */
function stripeEvents(forEvent: number) {
  return fake.events().filter((event) => {
    const object = (event.data as { object: { metadata?: Record<string, string> } }).object;
    return object.metadata?.gavel_event === String(forEvent);
  });
}

/** Waits until every webhook the fake sent has been answered. */
async function webhooksSettled() {
  await vi.waitFor(
    async () => {
      const before = receiver.answers.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.answers.length).toBe(before);
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function expectFiguresAgree(gala: Gala, seed: number) {
  await webhooksSettled();
  const figures = await moneyFigures(gala.eventId);
  const context = `seed ${seed}`;
  expect(figures.outstanding, context).toBe(figures.pledged - figures.raised);
  expect(
    figures.sources.reduce((sum, entry) => sum + entry.pledged, 0),
    context,
  ).toBe(figures.pledged);
  expect(
    figures.sources.reduce((sum, entry) => sum + entry.raised, 0),
    context,
  ).toBe(figures.raised);

  // The invoices, and the payments taken outside them (gifts at the desk), add up to the ledger.
  const invoices = await db.select({ id: invoice.invoice_id }).from(invoice).where(eq(invoice.event_id, gala.eventId));
  const totals = await Promise.all(invoices.map((row) => invoiceTotals(db, row.id)));
  const [outside] = await db
    .select({
      paid: sql<number>`coalesce(sum(${payment.amount}) filter (where ${payment.status} = 'paid'), 0)::int`,
      refunded: sql<number>`(select coalesce(sum(r.amount), 0) from refund r join payment p on p.payment_id = r.payment_id
        where p.event_id = ${gala.eventId} and p.invoice_id is null and r.status = 'succeeded')::int`,
    })
    .from(payment)
    .where(and(eq(payment.event_id, gala.eventId), sql`${payment.invoice_id} is null`));
  const sum = (pick: (entry: (typeof totals)[number]) => number) => totals.reduce((all, entry) => all + pick(entry), 0);
  // A comp of a line already paid leaves the guest in credit: money held for them, pledged and raised alike.
  const credit = sum((entry) => Math.max(0, -entry.balance));
  expect(sum((entry) => entry.total) + credit + outside.paid - outside.refunded, context).toBe(figures.pledged);
  expect(sum((entry) => entry.paid) + outside.paid - outside.refunded, context).toBe(figures.raised);
  expect(
    sum((entry) => Math.max(0, entry.balance)),
    context,
  ).toBe(figures.outstanding);
  // Settled: no card charge left waiting for its answer, so what the desk may take is what is owed.
  for (const entry of totals) expect(entry.charging, context).toBe(0);

  // Every screen shows the same figures.
  const dashboard = (
    await call(dashboardRoute.loader as RouteFunction, makeRequest("/admin/dashboard", { cookie: gala.owner }))
  ).data as DashboardData;
  const money = (cents: number) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
  expect(dashboard.raised, context).toMatchObject({
    total: money(figures.raised),
    pledged: money(figures.pledged),
    outstanding: money(figures.outstanding),
  });
  const revenue = await call(
    revenueRoute.loader as RouteFunction,
    makeRequest(`/admin/setup/reporting/revenue?id=${gala.eventId}`, { cookie: gala.owner }),
  );
  const report = (revenue.data as { report: Report }).report;
  const figure = (label: string) => report.figures.find((entry) => entry.label === label)?.value;
  expect([figure("Raised"), figure("Pledged"), figure("Outstanding")], context).toEqual([
    figures.raised,
    figures.pledged,
    figures.outstanding,
  ]);
  expect((await readMonitorState(db, gala.eventId))!.pledged.total, context).toBe(figures.pledged);
  expect((await givingPage(gala.eventId)).pledged, context).toBe(figures.pledged);

  // Stripe agrees: each charge it made is one paid card payment of ours, for its amount; refunds likewise.
  const charges = stripeEvents(gala.eventId).filter((event) => event.type === "payment_intent.succeeded");
  const chargedPayments = charges.map(
    (event) => (event.data as { object: { metadata: Record<string, string> } }).object.metadata.gavel_payment,
  );
  expect(new Set(chargedPayments).size, `${context}: a payment charged twice`).toBe(chargedPayments.length);
  const cardPayments = await db
    .select({ id: payment.payment_id, amount: payment.amount, status: payment.status })
    .from(payment)
    .where(and(eq(payment.event_id, gala.eventId), inArray(payment.method, ["card", "checkout"])));
  const paidByCard = cardPayments.filter((row) => row.status === "paid");
  expect(paidByCard.map((row) => String(row.id)).sort(), `${context}: charged at Stripe = paid by card`).toEqual(
    [...chargedPayments].sort(),
  );
  for (const event of charges) {
    const intent = (event.data as { object: { amount: number; metadata: Record<string, string> } }).object;
    expect(paidByCard.find((row) => String(row.id) === intent.metadata.gavel_payment)?.amount, context).toBe(
      intent.amount,
    );
  }
  const [refunded] = await db
    .select({ total: sql<number>`coalesce(sum(${refund.amount}), 0)::int` })
    .from(refund)
    .innerJoin(payment, eq(payment.payment_id, refund.payment_id))
    .where(
      and(
        eq(refund.event_id, gala.eventId),
        eq(refund.status, "succeeded"),
        inArray(payment.method, ["card", "checkout"]),
      ),
    );
  // A refund's event is about the charge, which names its intent (not our metadata).
  const ourIntents = new Set(charges.map((event) => (event.data as { object: { id: string } }).object.id));
  const refundedAtStripe = new Map<string, number>();
  for (const event of fake.events().filter((entry) => entry.type === "charge.refunded")) {
    const charge = (event.data as { object: { id: string; payment_intent: string; amount_refunded: number } }).object;
    if (!ourIntents.has(charge.payment_intent)) continue;
    refundedAtStripe.set(charge.id, Math.max(refundedAtStripe.get(charge.id) ?? 0, charge.amount_refunded));
  }
  expect(
    [...refundedAtStripe.values()].reduce((all, amount) => all + amount, 0),
    context,
  ).toBe(refunded.total);
}

const SEEDS = process.env.MONEY_SEED ? [Number(process.env.MONEY_SEED)] : [20261128, 31, 7_777];
const STEPS = Number(process.env.MONEY_STEPS ?? 40);

describe(`money reconciliation on ${process.env.TEST_DB_ENGINE}`, () => {
  for (const seed of SEEDS) {
    it(`agrees everywhere after ${STEPS} random money operations at one station (seed ${seed})`, async () => {
      const gala = await makeGala();
      const random = seededRandom(seed);
      for (let step = 0; step < STEPS; step++) await playOne(gala, random, "desk", step);
      await expectFiguresAgree(gala, seed);
    }, 120_000);
  }

  it("agrees everywhere after three stations play at once", async () => {
    const gala = await makeGala();
    const seed = SEEDS[0];
    await Promise.all(
      ["door", "desk", "phone"].map(async (station, index) => {
        const random = seededRandom(seed + index);
        for (let step = 0; step < STEPS / 2; step++) await playOne(gala, random, station, step);
      }),
    );
    await expectFiguresAgree(gala, seed);
  }, 120_000);
});
