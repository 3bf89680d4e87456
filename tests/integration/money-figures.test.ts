// One small event with every kind of money (docs/money.md): a ticket to pay at the event (comped), a ticket paid when
// bought, a silent win, an open silent item with a leading bid, a live lot, a paddle pledge, a duel gift, raffle
// tickets, a sale, a cash gift, a part payment in cash, a check paid in full and partly refunded. The dashboard, the
// revenue report, the monitors, the giving page and the invoices all show the ledger's figures, to the cent.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { compLine, invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { invoiceLines, invoiceTotals } from "~/billing/invoice.server";
import { moneyFigures } from "~/billing/money-figures.server";
import { recordPurchase } from "~/billing/purchases.server";
import { refundPayment } from "~/billing/refunds.server";
import { recordStaffGift } from "~/giving/donations-admin.server";
import { givingPage } from "~/giving/giving-page.server";
import { readMonitorState } from "~/room-screens/monitor-state.server";
import * as dashboardRoute from "~/routes/admin._hub.dashboard";
import * as revenueRoute from "~/routes/admin._workspace.setup.reporting.revenue";
import {
  auction_item,
  bid,
  duel,
  duel_gift,
  invoice,
  payment,
  raffle,
  raffle_purchase,
  ticket,
  ticket_payment,
  winner,
} from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { makePledge, makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { DashboardData } from "~/dashboard/dashboard.server";
import type { DonationInput } from "~/giving/gift-forms";
import type { Report } from "~/reporting/report";

const { db } = testDatabase();

let eventId: number;
let owner: string;

beforeAll(async () => {
  eventId = (await makeEvent(db, { title: "Ledger Gala" })).event_id;
  const organiser = await makeUser(db, { selected_event: eventId });
  await giveRole(db, organiser.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(organiser.usr_id);
  const staff = organiser.usr_id;
  const [dinner] = await db.insert(ticket).values({ event_id: eventId, title: "Dinner", price: 150_00 }).returning();

  // A guest's ticket to pay at the event, comped by staff.
  const door = await makeBidder(db, eventId);
  const [order] = await db
    .insert(payment)
    .values({ event_id: eventId, usr_id: door.usrId, amount: 150_00, method: "pay_at_event", status: "pending" })
    .returning();
  await db.insert(ticket_payment).values({
    event_id: eventId,
    ticket_id: dinner.ticket_id,
    payment_id: order.payment_id,
    quantity: 1,
    amount: 150_00,
    status: "pending",
  });
  const doorInvoice = (await invoiceIdFor(eventId, door.usrId))!;
  const [ticketLine] = await invoiceLines(db, doorInvoice);
  await compLine(eventId, doorInvoice, ticketLine.invoice_line_id, { reason: "Volunteer", byUsrId: staff });

  // Two tickets paid by card when bought ($30 off), outside any invoice.
  const buyer = await makeBidder(db, eventId);
  const [online] = await db
    .insert(payment)
    .values({ event_id: eventId, usr_id: buyer.usrId, amount: 270_00, method: "card", status: "paid" })
    .returning();
  await db.insert(ticket_payment).values({
    event_id: eventId,
    ticket_id: dinner.ticket_id,
    payment_id: online.payment_id,
    quantity: 2,
    amount: 270_00,
    discount: 30_00,
    status: "paid",
  });

  // Two tickets given as comps when registered (a sponsor's guests): free, so shown apart, not pledged.
  const [comp] = await db
    .insert(payment)
    .values({ event_id: eventId, amount: 0, method: "comp", status: "paid" })
    .returning();
  await db.insert(ticket_payment).values({
    event_id: eventId,
    ticket_id: dinner.ticket_id,
    payment_id: comp.payment_id,
    quantity: 2,
    amount: 0,
    status: "paid",
  });

  // A silent item won and a live lot hammered by one guest, who pays $600 in cash.
  const winnerGuest = await makeWinner(db, eventId, 450_00, 300_00);
  const [lot] = await db
    .insert(auction_item)
    .values({ event_id: eventId, title: "Chef's table", type: "live", status: "published", value: 400_00 })
    .returning();
  await db.insert(winner).values({
    event_id: eventId,
    auction_item_id: lot.auction_item_id,
    usr_id: winnerGuest.usrId,
    paddle: winnerGuest.paddle,
    amount: 1_000_00,
  });

  // A silent item still open: its leading bid is not money yet.
  const [open] = await db
    .insert(auction_item)
    .values({ event_id: eventId, title: "Cabin weekend", type: "silent", status: "published", value: 800_00 })
    .returning();
  await db
    .insert(bid)
    .values({ event_id: eventId, usr_id: buyer.usrId, auction_item_id: open.auction_item_id, bid: 999_00 });

  // One guest's pledge, duel gift and raffle tickets, paid by check in full, then $100 of it refunded.
  const giver = await makeBidder(db, eventId);
  await makePledge(db, eventId, giver.usrId, 500_00);
  const [contest] = await db
    .insert(duel)
    .values({ event_id: eventId, title: "Cats or dogs", side_a: "Cats", side_b: "Dogs", increments: [25_00] })
    .returning();
  await db
    .insert(duel_gift)
    .values({ event_id: eventId, duel_id: contest.duel_id, usr_id: giver.usrId, side: "b", amount: 250_00 });
  const [draw] = await db.insert(raffle).values({ event_id: eventId, title: "Raffle" }).returning();
  await db
    .insert(raffle_purchase)
    .values({ event_id: eventId, raffle_id: draw.raffle_id, usr_id: giver.usrId, quantity: 5, amount: 40_00 });

  // Two valet passes sold to a guest, on their bill, not yet paid.
  const [pass] = await db
    .insert(auction_item)
    .values({ event_id: eventId, title: "Valet pass", type: "sale", status: "published", buy_now: 25_00, quantity: 10 })
    .returning();
  const shopper = await makeBidder(db, eventId);
  await recordPurchase(eventId, {
    itemId: pass.auction_item_id,
    paddle: shopper.paddle,
    quantity: 2,
    submissionKey: "valet",
    byUsrId: staff,
  });

  // A gift in cash at the desk from someone without an account.
  await recordStaffGift(
    eventId,
    {
      amount: 200_00,
      method: "cash",
      check_number: null,
      first_name: "Margaret",
      last_name: "Chen",
      email: null,
      is_anonymous: false,
      message: null,
      tribute_kind: null,
      tribute_name: null,
      fundraiser: null,
    } satisfies DonationInput,
    staff,
    crypto.randomUUID(),
  );

  const winnerInvoice = (await invoiceIdFor(eventId, winnerGuest.usrId))!;
  await recordManualPayment(eventId, winnerInvoice, {
    method: "cash",
    amount: 600_00,
    checkNumber: null,
    byUsrId: staff,
    submissionKey: "winner-cash",
  });
  const giverInvoice = (await invoiceIdFor(eventId, giver.usrId))!;
  const check = await recordManualPayment(eventId, giverInvoice, {
    method: "check",
    amount: 790_00,
    checkNumber: "1042",
    byUsrId: staff,
    submissionKey: "giver-check",
  });
  await refundPayment(eventId, check, { amount: 100_00, reason: "Pledged twice", byUsrId: staff });
  await invoiceIdFor(eventId, shopper.usrId); // the sale's line on the shopper's invoice, as the billing screens bring it
});

// By hand: pledged = ticket 150 − comp 150 + tickets 270 + silent 450 + live 1,000 + pledge 500 + duel 250
// + raffle 40 + sale 50 + gift 200 − refund 100; raised = cash 600 + check 790 − refund 100 + tickets 270 + gift 200.
const PLEDGED = 2_660_00;
const RAISED = 1_760_00;
const OUTSTANDING = 900_00;
// Given free, shown apart: the comped $150 ticket line, and two comp tickets at $150.
const COMPED = 450_00;

describe(`every figure of an event with every kind of money on ${process.env.TEST_DB_ENGINE}`, () => {
  it("is the ledger's, worked out by hand", async () => {
    expect(await moneyFigures(eventId)).toMatchObject({
      pledged: PLEDGED,
      raised: RAISED,
      outstanding: OUTSTANDING,
      comped: COMPED,
    });
    const bySource = Object.fromEntries(
      (await moneyFigures(eventId)).sources.map((entry) => [entry.source, [entry.pledged, entry.raised]]),
    );
    expect(bySource).toMatchObject({
      ticket: [270_00, 270_00],
      silent: [450_00, 450_00],
      live: [1_000_00, 150_00],
      pledge: [500_00, 500_00],
      duel: [250_00, 250_00],
      raffle: [40_00, 40_00],
      purchase: [50_00, 0],
      donations: [200_00, 200_00],
      refund: [-100_00, -100_00],
    });
  });

  it("is what the dashboard, the revenue report, the monitors and the giving page show", async () => {
    const dashboard = (
      await call(dashboardRoute.loader as RouteFunction, makeRequest("/admin/dashboard", { cookie: owner }))
    ).data as DashboardData;
    expect(dashboard.raised).toMatchObject({
      total: "$1,760.00",
      pledged: "$2,660.00",
      outstanding: "$900.00",
      comped: "$450.00",
    });
    expect(dashboard.figures).toMatchObject({ ticketsRaised: "$270.00" });

    const revenue = await call(
      revenueRoute.loader as RouteFunction,
      makeRequest(`/admin/setup/reporting/revenue?id=${eventId}`, { cookie: owner }),
    );
    const report = (revenue.data as { report: Report }).report;
    const figure = (label: string) => report.figures.find((entry) => entry.label === label)?.value;
    expect([figure("Raised"), figure("Pledged"), figure("Outstanding"), figure("Comped")]).toEqual([
      RAISED,
      PLEDGED,
      OUTSTANDING,
      COMPED,
    ]);
    expect(report.tables.find((table) => table.id === "sources")!.totals).toMatchObject({
      pledged: PLEDGED,
      raised: RAISED,
      outstanding: OUTSTANDING,
    });

    expect((await readMonitorState(db, eventId))!.pledged.total).toBe(PLEDGED);
    expect((await givingPage(eventId)).pledged).toBe(PLEDGED);
  });

  it("adds up from the invoices and the payments taken outside them", async () => {
    const invoices = await db.select({ id: invoice.invoice_id }).from(invoice).where(eq(invoice.event_id, eventId));
    const totals = await Promise.all(invoices.map((row) => invoiceTotals(db, row.id)));
    const sum = (pick: (entry: (typeof totals)[number]) => number) =>
      totals.reduce((total, entry) => total + pick(entry), 0);
    // The tickets bought by card ($270) and the cash gift ($200) are the payments outside any invoice.
    const paidOutside = 270_00 + 200_00;
    expect(sum((entry) => entry.total) + paidOutside).toBe(PLEDGED);
    expect(sum((entry) => entry.paid) + paidOutside).toBe(RAISED);
    expect(sum((entry) => Math.max(0, entry.balance))).toBe(OUTSTANDING);
  });
});
