// /admin/setup/reporting/revenue: money by source from the billing ledger, checked against totals computed here
// from the ledger's own rows (invoice lines, payments, refunds), and its CSV and XLSX downloads.
import { and, eq, isNull } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as revenueRoute from "~/routes/admin._workspace.setup.reporting.revenue";
import * as downloadRoute from "~/routes/admin._workspace.setup.reporting_.download";
import {
  auction_item,
  billing_settings,
  donation,
  event,
  invoice,
  invoice_line,
  payment,
  refund,
  ticket,
  ticket_payment,
  winner,
} from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { makePledge, makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";
import type { Report } from "~/reporting/report";

const { db } = testDatabase();

let eventId: number;
let reporter: string;
let biller: string;
const march = (day: number, hour = 12) => new Date(Date.UTC(2027, 2, day, hour));

async function revenue(query = ""): Promise<Report> {
  const outcome = await call(
    revenueRoute.loader,
    makeRequest(`/admin/setup/reporting/revenue?id=${eventId}${query}`, { cookie: reporter }),
  );
  expect(outcome.status).toBe(200);
  return (outcome.data as { report: Report }).report;
}

const row = (report: Report, label: string) =>
  report.tables.find((table) => table.id === "sources")!.rows.find((entry) => entry.source === label);

beforeAll(async () => {
  eventId = (await makeEvent(db, { title: "Spring Gala" })).event_id;
  await db
    .update(event)
    .set({ timezone: "UTC", start_date_time: march(14, 18), end_date_time: march(15, 2) })
    .where(eq(event.event_id, eventId));
  const organiser = await makeUser(db, { selected_event: eventId });
  await giveRole(db, organiser.usr_id, eventId, { ...OWNER_ROLE });
  reporter = await sessionCookie(organiser.usr_id);
  const cashier = await makeUser(db, { selected_event: eventId });
  await giveRole(db, cashier.usr_id, eventId, teamRole("can_bill"));
  biller = await sessionCookie(cashier.usr_id);

  // Two tickets bought online with a promo code ($30 off), paid when bought: outside any invoice.
  const buyer = await makeBidder(db, eventId);
  const [dinner] = await db.insert(ticket).values({ event_id: eventId, title: "Dinner", price: 150_00 }).returning();
  const [online] = await db
    .insert(payment)
    .values({
      event_id: eventId,
      usr_id: buyer.usrId,
      amount: 270_00,
      method: "card",
      status: "paid",
      created_at: march(1),
    })
    .returning();
  await db.insert(ticket_payment).values({
    event_id: eventId,
    ticket_id: dinner.ticket_id,
    payment_id: online.payment_id,
    quantity: 2,
    amount: 270_00,
    discount: 30_00,
    status: "paid",
    created_at: march(1),
  });
  // A ticket to pay at the event (an invoice line), later comped.
  const door = await makeBidder(db, eventId);
  const [later] = await db
    .insert(payment)
    .values({ event_id: eventId, usr_id: door.usrId, amount: 150_00, method: "pay_at_event", status: "pending" })
    .returning();
  await db.insert(ticket_payment).values({
    event_id: eventId,
    ticket_id: dinner.ticket_id,
    payment_id: later.payment_id,
    quantity: 1,
    amount: 150_00,
    status: "pending",
    created_at: march(2),
  });
  // A silent item and a live lot won by one guest, who pays only part; a pledge paid and partly refunded.
  const won = await makeWinner(db, eventId, 450_00, 300_00);
  const [lot] = await db
    .insert(auction_item)
    .values({ event_id: eventId, title: "Chef's table", type: "live", status: "published", value: 400_00 })
    .returning();
  await db.insert(winner).values({
    event_id: eventId,
    auction_item_id: lot.auction_item_id,
    usr_id: won.usrId,
    paddle: won.paddle,
    amount: 1000_00,
  });
  const giver = await makeBidder(db, eventId);
  await makePledge(db, eventId, giver.usrId, 500_00);

  // A ticket to pay at the event, paid on the invoice: billing then marks the order paid too, its method kept (main's
  // whenPaidInFull; it also marks the tickets paid, which its ticket source keeps on the invoice).
  const settler = await makeBidder(db, eventId);
  const [order] = await db
    .insert(payment)
    .values({ event_id: eventId, usr_id: settler.usrId, amount: 80_00, method: "pay_at_event", status: "pending" })
    .returning();
  await db.insert(ticket_payment).values({
    event_id: eventId,
    ticket_id: dinner.ticket_id,
    payment_id: order.payment_id,
    quantity: 1,
    amount: 80_00,
    discount: 70_00,
    status: "pending",
    created_at: march(3),
  });

  // A gift paid by card when given: outside any invoice, under the donations line source's name.
  const [gift] = await db
    .insert(payment)
    .values({
      event_id: eventId,
      usr_id: giver.usrId,
      amount: 60_00,
      method: "card",
      status: "paid",
      created_at: march(5),
    })
    .returning();
  await db
    .insert(donation)
    .values({ event_id: eventId, usr_id: giver.usrId, amount: 60_00, payment_id: gift.payment_id });

  await revenue(); // opening the report brings the invoices up to date with what is owed

  const invoiceOf = async (usrId: number) =>
    (
      await db
        .select()
        .from(invoice)
        .where(and(eq(invoice.event_id, eventId), eq(invoice.usr_id, usrId)))
    )[0].invoice_id;
  await db.insert(payment).values({
    event_id: eventId,
    usr_id: won.usrId,
    invoice_id: await invoiceOf(won.usrId),
    amount: 450_00,
    method: "cash",
    status: "paid",
    created_at: march(14, 21),
  });
  const [pledgePaid] = await db
    .insert(payment)
    .values({
      event_id: eventId,
      usr_id: giver.usrId,
      invoice_id: await invoiceOf(giver.usrId),
      amount: 500_00,
      method: "card",
      status: "paid",
      created_at: march(14, 22),
    })
    .returning();
  const [refunded] = await db
    .insert(refund)
    .values({
      event_id: eventId,
      payment_id: pledgePaid.payment_id,
      amount: 100_00,
      reason: "Pledged twice",
      status: "succeeded",
      idempotency_key: `refund-${pledgePaid.payment_id}`,
      created_at: march(14, 23),
    })
    .returning();
  await db.insert(invoice_line).values({
    invoice_id: await invoiceOf(giver.usrId),
    event_id: eventId,
    source: "refund",
    source_key: `refund:${refunded.refund_id}`,
    description: "Refund",
    reason: "Pledged twice",
    amount: -100_00,
  });
  await db.insert(payment).values({
    event_id: eventId,
    usr_id: settler.usrId,
    invoice_id: await invoiceOf(settler.usrId),
    amount: 80_00,
    method: "cash",
    status: "paid",
    created_at: march(14, 20),
  });
  await db.update(payment).set({ status: "paid" }).where(eq(payment.payment_id, order.payment_id));
  const doorInvoice = await invoiceOf(door.usrId);
  const [ticketLine] = await db
    .select()
    .from(invoice_line)
    .where(and(eq(invoice_line.invoice_id, doorInvoice), eq(invoice_line.source, "ticket")));
  await db.insert(invoice_line).values({
    invoice_id: doorInvoice,
    event_id: eventId,
    source: "comp",
    source_key: `line:${ticketLine.invoice_line_id}`,
    description: "Comped: tickets",
    amount: -ticketLine.amount,
    reverses_line_id: ticketLine.invoice_line_id,
    reason: "Volunteer",
  });
});

/** The same totals, computed here from the ledger's rows. */
async function ledgerTotals() {
  const lines = await db.select().from(invoice_line).where(eq(invoice_line.event_id, eventId));
  const payments = await db.select().from(payment).where(eq(payment.event_id, eventId));
  const refunds = await db
    .select()
    .from(refund)
    .where(and(eq(refund.event_id, eventId), eq(refund.status, "succeeded")));
  const paid = payments.filter((entry) => entry.status === "paid" || entry.status === "disputed");
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  // An order to pay at the event is paid on its invoice: its own row, marked paid afterwards, holds no more money.
  const outside = paid.filter((entry) => entry.invoice_id === null && entry.method !== "pay_at_event");
  const refundedOutside = refunds.filter((entry) => outside.some((p) => p.payment_id === entry.payment_id));
  const invoices = [...new Set(lines.map((line) => line.invoice_id))];
  const outstanding = sum(
    invoices.map((id) => {
      const owed = sum(lines.filter((line) => line.invoice_id === id).map((line) => line.amount));
      const onInvoice = paid.filter((entry) => entry.invoice_id === id);
      const back = refunds.filter((entry) => onInvoice.some((p) => p.payment_id === entry.payment_id));
      return Math.max(0, owed - sum(onInvoice.map((p) => p.amount)) + sum(back.map((r) => r.amount)));
    }),
  );
  return {
    billed:
      sum(lines.map((line) => line.amount)) +
      sum(outside.map((p) => p.amount)) -
      sum(refundedOutside.map((r) => r.amount)),
    collected:
      sum(paid.filter((p) => p.invoice_id !== null || p.method !== "pay_at_event").map((p) => p.amount)) -
      sum(refunds.map((r) => r.amount)),
    outstanding,
  };
}

describe("the revenue report", () => {
  it("matches the totals computed from the ledger's rows", async () => {
    const report = await revenue();
    const expected = await ledgerTotals();
    const figure = (label: string) => report.figures.find((entry) => entry.label === label)?.value;
    expect(figure("Raised")).toBe(expected.collected);
    expect(figure("Pledged")).toBe(expected.billed);
    expect(figure("Outstanding")).toBe(expected.outstanding);
    expect({ collected: expected.collected, billed: expected.billed, outstanding: expected.outstanding }).toEqual({
      collected: 1260_00,
      billed: 2260_00,
      outstanding: 1000_00,
    });
    const totals = report.tables.find((table) => table.id === "sources")!.totals!;
    expect(totals.pledged).toBe(expected.billed);
    expect(totals.raised).toBe(expected.collected);
  });

  it("adds up, over the evening and the days, to its Pledged and Raised: comps and refunds are taken off a day", async () => {
    const report = await revenue();
    const figure = (label: string) => report.figures.find((entry) => entry.label === label)?.value;
    const sum = (key: "committed" | "collected") =>
      report.tables
        .filter((table) => table.id === "evening" || table.id === "days")
        .flatMap((table) => table.rows)
        .reduce((total, entry) => total + Number(entry[key]), 0);
    expect(sum("committed")).toBe(figure("Pledged"));
    expect(sum("collected")).toBe(figure("Raised"));
  });

  it("splits the money by source, with discounts, comps and refunds where they belong", async () => {
    const report = await revenue();
    // The discounted price, not the list price; the comped ticket adds nothing; the order paid on its invoice once.
    expect(row(report, "Tickets")).toMatchObject({ pledged: 350_00, raised: 350_00 });
    // A part payment pays the invoice's first line (the silent item) before the live lot.
    expect(row(report, "Silent auction")).toMatchObject({ pledged: 450_00, raised: 450_00 });
    expect(row(report, "Live auction")).toMatchObject({ pledged: 1000_00, raised: 0, outstanding: 1000_00 });
    expect(row(report, "Paddle raise")).toMatchObject({ pledged: 500_00, raised: 500_00 });
    expect(row(report, "Refunds")).toMatchObject({ pledged: -100_00, raised: -100_00 });
    expect(row(report, "Donations")).toMatchObject({ pledged: 60_00, raised: 60_00 });
  });

  it("lists every source the event has, with zeros while it holds no money", async () => {
    await db.insert(auction_item).values([
      { event_id: eventId, title: "Online print", type: "virtual" },
      { event_id: eventId, title: "Valet pass", type: "sale", buy_now: 40_00, quantity: 10 },
    ]);
    await db.insert(billing_settings).values({ event_id: eventId, cover_fee_enabled: true });
    const report = await revenue();
    const zero = { pledged: 0, raised: 0, outstanding: 0 };
    for (const label of ["Virtual auction", "Items for sale", "Fees covered"])
      expect(row(report, label), label).toMatchObject(zero);
    expect(row(report, "Paddle raise")).toMatchObject({ pledged: 500_00 });
    expect(row(report, "Live auction")).toMatchObject({ pledged: 1000_00 });
  });

  it("shows a source it has no label for under its own name", async () => {
    const [anyInvoice] = await db.select().from(invoice).where(eq(invoice.event_id, eventId));
    await db.insert(invoice_line).values({
      invoice_id: anyInvoice.invoice_id,
      event_id: eventId,
      source: "silent_night_quiz",
      source_key: "quiz:1",
      description: "Quiz entry",
      amount: 20_00,
    });
    const report = await revenue();
    expect(row(report, "Silent night quiz")).toMatchObject({ pledged: 20_00 });
    expect(report.figures.find((entry) => entry.label === "Pledged")?.value).toBe((await ledgerTotals()).billed);
    await db.delete(invoice_line).where(eq(invoice_line.source, "silent_night_quiz"));
  });

  it("keeps to the dates asked for, in the event's time zone", async () => {
    const report = await revenue("&from=2027-03-14&to=2027-03-14");
    // Only the payments of the evening; the tickets paid on 1 March are outside the range.
    expect(report.figures.find((entry) => entry.label === "Raised")?.value).toBe(80_00 + 450_00 + 500_00 - 100_00);
    const evening = report.tables.find((table) => table.id === "evening")!;
    expect(evening.rows.map((entry) => entry.at)).toEqual([
      "8:00 PM UTC",
      "9:00 PM UTC",
      "10:00 PM UTC",
      "11:00 PM UTC",
    ]);
    const refused = await call(
      revenueRoute.loader,
      makeRequest(`/admin/setup/reporting/revenue?id=${eventId}&from=14/03/2027`, { cookie: reporter }),
    );
    expect((refused.data as { filters: { error: string } }).filters.error).toMatch(/year-month-day/);
  });

  it("refuses a range that ends before it starts, or far days, with a message and no file", async () => {
    const asked = async (range: string) => {
      const page = await call(
        revenueRoute.loader,
        makeRequest(`/admin/setup/reporting/revenue?id=${eventId}${range}`, { cookie: reporter }),
      );
      return (page.data as { filters: { error: string | null; from: string; to: string } }).filters;
    };
    expect(await asked("&from=2027-03-15&to=2027-03-14")).toMatchObject({
      error: "The first day must come before the last.",
      from: "2027-03-15",
      to: "2027-03-14",
    });
    expect((await asked("&from=2027-02-30")).error).toBe("There is no day 2027-02-30 on the calendar.");
    // A date field lets a person type a six-digit year; 9999-12-31 once had no next day to end the range on.
    for (const far of ["&to=9999-12-31", "&from=275760-09-13", "&from=0001-01-01"])
      expect((await asked(far)).error).toBe("Choose days from 1900-01-01 to 2999-12-31.");
    expect(await asked("&from=1900-01-01&to=2999-12-31")).toMatchObject({ error: null });

    const file = await call(
      downloadRoute.loader,
      makeRequest(
        `/admin/setup/reporting/download?report=revenue&id=${eventId}&format=csv&from=2027-03-15&to=2027-03-14`,
        {
          cookie: reporter,
        },
      ),
    );
    expect(file.response?.status).toBe(400);
    expect(await file.response?.text()).toBe("The first day must come before the last.");
  });

  it("downloads the same figures as CSV and XLSX", async () => {
    const expected = await ledgerTotals();
    const csv = await call(
      downloadRoute.loader,
      makeRequest(`/admin/setup/reporting/download?report=revenue&id=${eventId}&format=csv`, { cookie: reporter }),
    );
    expect(csv.response?.headers.get("Content-Type")).toMatch(/text\/csv/);
    const text = await csv.response!.text();
    expect(text).toContain(`Total,${expected.billed / 100},${expected.collected / 100}`);

    const xlsx = await call(
      downloadRoute.loader,
      makeRequest(`/admin/setup/reporting/download?report=revenue&id=${eventId}&format=xlsx`, { cookie: reporter }),
    );
    expect(xlsx.response?.headers.get("Content-Disposition")).toMatch(/\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.response!.arrayBuffer());
    const sheet = workbook.getWorksheet("Raised by source")!;
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe("Total");
    expect(last.getCell(3).value).toBe(expected.collected / 100);
  });

  it("is refused without can_report, downloads included", async () => {
    const page = await call(
      revenueRoute.loader,
      makeRequest(`/admin/setup/reporting/revenue?id=${eventId}`, { cookie: biller }),
    );
    expect(page.status).toBe(403);
    for (const format of ["csv", "xlsx"]) {
      const outcome = await call(
        downloadRoute.loader,
        makeRequest(`/admin/setup/reporting/download?report=revenue&id=${eventId}&format=${format}`, {
          cookie: biller,
        }),
      );
      expect(outcome.status).toBe(403);
    }
  });

  it("was given payments outside invoices: tickets paid when bought, an order settled on its invoice, a gift", async () => {
    const outside = await db
      .select()
      .from(payment)
      .where(and(eq(payment.event_id, eventId), isNull(payment.invoice_id), eq(payment.status, "paid")))
      .orderBy(payment.payment_id);
    expect(outside.map((entry) => [entry.amount, entry.method])).toEqual([
      [270_00, "card"],
      [80_00, "pay_at_event"],
      [60_00, "card"],
    ]);
  });
});
