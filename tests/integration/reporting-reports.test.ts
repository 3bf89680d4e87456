// The items, guests, tax and procurement reports (/admin/setup/reporting/…), each checked against figures computed
// here from the rows they read.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { invoiceDocument } from "~/billing/invoice-document.server";
import { recordStaffGift } from "~/giving/donations-admin.server";
import { eventScope } from "~/reporting/filters.server";
import { taxReportOf, taxStatements } from "~/reporting/tax.server";
import * as guestsRoute from "~/routes/admin._workspace.setup.reporting.guests";
import * as itemsRoute from "~/routes/admin._workspace.setup.reporting.items";
import * as procurementRoute from "~/routes/admin._workspace.setup.reporting.procurement";
import * as taxRoute from "~/routes/admin._workspace.setup.reporting.tax";
import * as downloadRoute from "~/routes/admin._workspace.setup.reporting_.download";
import {
  auction_item,
  bid,
  category,
  donation,
  donor,
  event,
  invoice,
  invoice_line,
  message,
  payment,
  purchase,
  registrant,
  winner,
} from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { makePledge, makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { DonationInput } from "~/giving/gift-forms";
import type { Report } from "~/reporting/report";

const { db } = testDatabase();
let eventId: number;
let reporter: string;
let winnerId: number;
let giverId: number;
let donorEmail: string;

async function open(route: { loader: unknown }, path: string, query = ""): Promise<Report> {
  const outcome = await call(
    route.loader as RouteFunction,
    makeRequest(`/admin/setup/reporting/${path}?id=${eventId}${query}`, { cookie: reporter }),
  );
  expect(outcome.status).toBe(200);
  return (outcome.data as { report: Report }).report;
}
const table = (report: Report, id: string) => report.tables.find((entry) => entry.id === id)!;

beforeAll(async () => {
  const made = await makeEvent(db, { title: "Autumn Gala" });
  eventId = made.event_id;
  await db.update(event).set({ timezone: "UTC" }).where(eq(event.event_id, eventId));
  const person = await makeUser(db, { selected_event: eventId });
  await giveRole(db, person.usr_id, eventId, teamRole("can_report"));
  reporter = await sessionCookie(person.usr_id);

  const [travel] = await db.insert(category).values({ client_id: made.client_id, title: "Travel" }).returning();
  donorEmail = `dana.${eventId}@example.org`;
  const [dana] = await db
    .insert(donor)
    .values({ client_id: made.client_id, first_name: "Dana", last_name: "Donor", email: donorEmail })
    .returning();
  // A cabin won at $450 (worth $300), a print nobody bid on, mugs sold at their price.
  const won = await makeWinner(db, eventId, 450_00, 300_00);
  winnerId = won.usrId;
  await db
    .update(auction_item)
    .set({ xinv_category_id: travel.category_id, xinv_donor_id: dana.donor_id, title: "Cabin weekend" })
    .where(eq(auction_item.auction_item_id, won.itemId));
  await db.insert(bid).values({ event_id: eventId, usr_id: won.usrId, auction_item_id: won.itemId, bid: 450_00 });
  await db.insert(auction_item).values({
    event_id: eventId,
    title: "Signed print",
    type: "silent",
    value: 200_00,
    xinv_category_id: travel.category_id,
    xinv_donor_id: dana.donor_id,
  });
  const [mug] = await db
    .insert(auction_item)
    .values({ event_id: eventId, title: "Gala mug", type: "sale", value: 10_00 })
    .returning();
  await db.insert(purchase).values({
    event_id: eventId,
    auction_item_id: mug.auction_item_id,
    usr_id: won.usrId,
    quantity: 2,
    unit_price: 15_00,
    amount: 30_00,
  });
  // A pledge of $500, and a $100 gift paid online outside any invoice.
  const giver = await makeBidder(db, eventId);
  giverId = giver.usrId;
  await makePledge(db, eventId, giver.usrId, 500_00);
  const [gift] = await db
    .insert(payment)
    .values({ event_id: eventId, usr_id: giver.usrId, amount: 100_00, method: "card", status: "paid" })
    .returning();
  await db
    .insert(donation)
    .values({ event_id: eventId, usr_id: giver.usrId, amount: 100_00, payment_id: gift.payment_id });
  await db.insert(registrant).values([
    { event_id: eventId, name: "In", checked_in_at: new Date(Date.UTC(2027, 9, 1, 18, 5)), attended: true },
    { event_id: eventId, name: "Also in", checked_in_at: new Date(Date.UTC(2027, 9, 1, 18, 20)), attended: true },
    { event_id: eventId, name: "Not yet" },
  ]);

  await open(guestsRoute, "guests"); // brings the invoices up to date
  const invoiceOf = async (usrId: number) =>
    (
      await db
        .select()
        .from(invoice)
        .where(and(eq(invoice.event_id, eventId), eq(invoice.usr_id, usrId)))
    )[0].invoice_id;
  // A raffle line on the winner's invoice that claims a deductible part: raffle tickets are never deductible.
  await db.insert(invoice_line).values({
    invoice_id: await invoiceOf(won.usrId),
    event_id: eventId,
    source: "raffle",
    source_key: "raffle_purchase:1",
    description: "Raffle · 5 tickets",
    amount: 20_00,
    deductible: 20_00,
  });
  // The winner pays everything (450 + 30 + 20); the giver pays the pledge.
  await db.insert(payment).values([
    { event_id: eventId, usr_id: won.usrId, invoice_id: await invoiceOf(won.usrId), amount: 500_00, status: "paid" },
    {
      event_id: eventId,
      usr_id: giver.usrId,
      invoice_id: await invoiceOf(giver.usrId),
      amount: 500_00,
      status: "paid",
    },
  ]);
});

describe("the items report", () => {
  it("sets what sold against its value, by category and donor, and lists items nobody bid on", async () => {
    const report = await open(itemsRoute, "items");
    expect(table(report, "categories").rows).toContainEqual(
      expect.objectContaining({ category: "Travel", items: 2, sold: 1, soldFor: 450_00, value: 300_00, percent: 150 }),
    );
    expect(table(report, "donors").rows).toContainEqual(
      expect.objectContaining({ donor: "Dana Donor", items: 2, soldFor: 450_00 }),
    );
    expect(table(report, "no-bids").rows.map((row) => row.item)).toEqual(["Signed print"]);
    expect(table(report, "top").rows[0]).toMatchObject({ item: "Cabin weekend", bids: "1 bid", soldFor: 450_00 });
    expect(report.figures.find((figure) => figure.label === "Items sold for")?.value).toBe(450_00 + 30_00);
    expect(table(report, "bids").rows).toEqual([expect.objectContaining({ bids: 1, items: 1, perItem: 1 })]);
  });

  it("calls what items sold for by that name, never “raised” (money collected), on the page and in its files", async () => {
    const report = await open(itemsRoute, "items");
    const words = [
      ...report.figures.map((figure) => figure.label),
      ...report.tables.flatMap((entry) => [
        entry.title,
        ...entry.columns.map((column) => column.header),
        ...(entry.chart ? [entry.chart.title, entry.chart.description] : []),
      ]),
    ];
    expect(words.filter((word) => /raised/i.test(word))).toEqual([]);
    const csv = await call(
      downloadRoute.loader as RouteFunction,
      makeRequest(`/admin/setup/reporting/download?report=items&id=${eventId}&format=csv`, { cookie: reporter }),
    );
    const text = await csv.response!.text();
    expect(text).toContain("Items sold for,480");
    expect(text).toContain("Category,Items,Sold,Sold for,Value of what sold,% of value");
    expect(text).not.toMatch(/raised/i);
  });
});

describe("the guests report", () => {
  it("counts check-ins against the guests registered, and who still owes", async () => {
    const report = await open(guestsRoute, "guests");
    expect(table(report, "check-ins").rows).toEqual([
      { at: "Fri, 1 Oct 2027, 6:00 PM UTC", arrived: 1, total: 1, rate: 33.3 },
      { at: "Fri, 1 Oct 2027, 6:15 PM UTC", arrived: 1, total: 2, rate: 66.7 },
    ]);
    expect(table(report, "givers").rows[0]).toMatchObject({ given: 600_00, gifts: 2 });
    // Everyone paid: nobody has a balance.
    expect(table(report, "balances").rows).toEqual([]);
  });
});

describe("the tax report", () => {
  it("gives each guest what they paid above fair market value, raffle tickets never", async () => {
    const report = await open(taxRoute, "tax");
    const rows = table(report, "guests").rows;
    // The winner: $150 above the cabin's value, $10 above the two mugs' ($15 each, worth $10); the raffle nothing.
    expect(rows.find((row) => row.usrId === winnerId)).toMatchObject({ paid: 500_00, deductible: 160_00 });
    // The giver: the pledge and the gift, whole.
    expect(rows.find((row) => row.usrId === giverId)).toMatchObject({ paid: 600_00, deductible: 600_00 });
    expect(table(report, "guests").totals).toMatchObject({ deductible: 760_00, paid: 1_100_00 });
  });

  it("downloads a guest's statement, or everyone's, as PDF", async () => {
    for (const statement of [String(giverId), "all"]) {
      const outcome = await call(
        downloadRoute.loader as RouteFunction,
        makeRequest(`/admin/setup/reporting/download?report=tax&id=${eventId}&statement=${statement}`, {
          cookie: reporter,
        }),
      );
      expect(outcome.response?.headers.get("Content-Type")).toBe("application/pdf");
      expect((await outcome.response!.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    const nobody = await call(
      downloadRoute.loader as RouteFunction,
      makeRequest(`/admin/setup/reporting/download?report=tax&id=${eventId}&statement=999999`, { cookie: reporter }),
    );
    expect(nobody.status).toBe(404);
  });
});

describe("the tax report of a part-paid invoice and a gift in cash", () => {
  let partEvent: number;
  let partPayer: number;

  beforeAll(async () => {
    partEvent = (await makeEvent(db, { title: "Winter Gala" })).event_id;
    // A cabin won at $450 (worth $300) and a live lot at $1,000 (worth $400): the guest has paid $450 so far.
    const won = await makeWinner(db, partEvent, 450_00, 300_00);
    partPayer = won.usrId;
    const [lot] = await db
      .insert(auction_item)
      .values({ event_id: partEvent, title: "Chef's table", type: "live", status: "published", value: 400_00 })
      .returning();
    await db
      .insert(winner)
      .values({ event_id: partEvent, auction_item_id: lot.auction_item_id, usr_id: won.usrId, amount: 1_000_00 });
    const invoiceId = (await invoiceIdFor(partEvent, won.usrId))!;
    await recordManualPayment(partEvent, invoiceId, {
      method: "cash",
      amount: 450_00,
      checkNumber: null,
      byUsrId: won.usrId,
      submissionKey: "part",
    });
    // A $200 gift by check at the desk from someone without an account.
    await recordStaffGift(
      partEvent,
      {
        amount: 200_00,
        method: "check",
        check_number: "1042",
        first_name: "Margaret",
        last_name: "Chen",
        email: "margaret@example.org",
        is_anonymous: false,
        message: null,
        tribute_kind: null,
        tribute_name: null,
        fundraiser: null,
      } satisfies DonationInput,
      won.usrId,
      crypto.randomUUID(),
    );
  });

  it("counts the deductible part of what was paid, and the cash and check donors", async () => {
    const statements = await taxStatements(await eventScope(partEvent));
    // The $450 paid the cabin (the first line): $150 above its value. The live lot is not paid yet.
    expect(statements.guests.find((guest) => guest.usrId === partPayer)).toMatchObject({
      paid: 450_00,
      deductible: 150_00,
      lines: [{ amount: 450_00, fairMarketValue: 300_00, deductible: 150_00 }],
    });
    expect(statements.guests.find((guest) => guest.usrId === null)).toMatchObject({
      name: "Margaret Chen",
      email: "margaret@example.org",
      paid: 200_00,
      deductible: 200_00,
    });
    expect(taxReportOf(statements).figures.find((figure) => figure.label === "Deductible")?.value).toBe(350_00);
    // The guest's receipt says the same: the invoice's lines were worth $250 more deductible in all, not paid yet.
    const receipt = await invoiceDocument(partEvent, (await invoiceIdFor(partEvent, partPayer))!);
    expect(receipt.deductiblePaid).toBe(150_00);
    expect(receipt.totals.deductible).toBeGreaterThan(150_00);
  });
});

describe("the procurement report", () => {
  it("lists each donor's items and whether their thank-you went out", async () => {
    const before = await open(procurementRoute, "procurement");
    expect(table(before, "donors").rows).toEqual([
      expect.objectContaining({ donor: "Dana Donor", items: 2, value: 500_00, thanks: "Not sent" }),
    ]);
    await db.insert(message).values({
      event_id: eventId,
      template: "broadcast",
      channel: "email",
      to_email: donorEmail.toUpperCase(),
      idempotency_key: `acknowledgement:${eventId}:test`,
      status: "sent",
      sent_at: new Date(Date.UTC(2027, 9, 3, 12)),
    });
    const after = await open(procurementRoute, "procurement");
    expect(table(after, "donors").rows[0]).toMatchObject({ thanks: "Sent Sun, 3 Oct 2027" });
  });
});
