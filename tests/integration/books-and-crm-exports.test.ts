// The downloads for the books and the CRM (decision 038): the bank deposits in QuickBooks Online's layout (CSV and
// XLSX), whose gross and refunds equal the ledger's for the same days, and the NPSP Data Import CSV, streamed in
// batches. Each is can_report only, keeps to its event, and writes a name like =HYPERLINK(…) as text.
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { ledgerBetween } from "~/billing/ledger-totals.server";
import { EXPORT_BATCH } from "~/reporting/csv-stream.server";
import * as downloadRoute from "~/routes/admin._workspace.setup.reporting_.download";
import {
  auction_item,
  donation,
  donor,
  event,
  invoice,
  payment,
  refund,
  registrant,
  ticket,
  ticket_payment,
} from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { makePledge, makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();

const HOSTILE = '=HYPERLINK("http://evil.example","Click")';
const march = (day: number, hour = 12) => new Date(Date.UTC(2027, 2, day, hour));

let eventId: number;
let otherEventId: number;
let reporter: string;
let cashier: string;

async function download(query: string, cookie = reporter) {
  return call(downloadRoute.loader, makeRequest(`/admin/setup/reporting/download?${query}`, { cookie }));
}

async function text(query: string): Promise<string> {
  const outcome = await download(query);
  expect(outcome.status).toBe(200);
  return (await outcome.response!.text()).replace(/^\uFEFF/, "");
}

/** A CSV's records as arrays of cells. */
function records(csv: string): string[][] {
  return Papa.parse<string[]>(csv.trim()).data;
}

async function organiserOf(id: number) {
  const organiser = await makeUser(db, { selected_event: id });
  await giveRole(db, organiser.usr_id, id, { ...OWNER_ROLE });
  return sessionCookie(organiser.usr_id);
}

beforeAll(async () => {
  eventId = (await makeEvent(db, { title: "Spring Gala" })).event_id;
  await db.update(event).set({ timezone: "UTC" }).where(eq(event.event_id, eventId));
  reporter = await organiserOf(eventId);
  const billing = await makeUser(db, { selected_event: eventId });
  await giveRole(db, billing.usr_id, eventId, teamRole("can_bill"));
  cashier = await sessionCookie(billing.usr_id);

  // Two tickets by card on 1 March, outside any invoice, bought by a guest whose name is a formula.
  const buyer = await makeBidder(db, eventId);
  const [dinner] = await db.insert(ticket).values({ event_id: eventId, title: "Dinner", price: 150_00 }).returning();
  const [online] = await db
    .insert(payment)
    .values({
      event_id: eventId,
      usr_id: buyer.usrId,
      amount: 300_00,
      method: "checkout",
      status: "paid",
      created_at: march(1),
    })
    .returning();
  await db.insert(ticket_payment).values({
    event_id: eventId,
    ticket_id: dinner.ticket_id,
    payment_id: online.payment_id,
    quantity: 2,
    amount: 300_00,
    first_name: HOSTILE,
    last_name: "Buyer",
    status: "paid",
    created_at: march(1),
  });
  await db
    .insert(registrant)
    .values({ event_id: eventId, first_name: HOSTILE, last_name: "Guest", email: "g@example.org" });
  // A gift in cash on the night, one by check, and a card gift refunded in part the day after.
  for (const [method, amount, hour] of [
    ["cash", 40_00, 20],
    ["check", 250_00, 21],
  ] as const) {
    const [paid] = await db
      .insert(payment)
      .values({
        event_id: eventId,
        amount,
        method,
        status: "paid",
        check_number: method === "check" ? "1042" : null,
        created_at: march(14, hour),
      })
      .returning();
    await db.insert(donation).values({
      event_id: eventId,
      first_name: "Dora",
      last_name: "Giver",
      amount,
      method,
      payment_id: paid.payment_id,
      created_at: march(14, hour),
    });
  }
  const [card] = await db
    .insert(payment)
    .values({ event_id: eventId, amount: 100_00, method: "checkout", status: "paid", created_at: march(14, 22) })
    .returning();
  await db.insert(donation).values({
    event_id: eventId,
    first_name: "Carl",
    last_name: "Card",
    amount: 97_00,
    fee: 3_00,
    payment_id: card.payment_id,
  });
  await db.insert(refund).values({
    event_id: eventId,
    payment_id: card.payment_id,
    amount: 30_00,
    reason: "Gave twice",
    status: "succeeded",
    idempotency_key: `refund-${card.payment_id}`,
    created_at: march(15, 9),
  });
  // A silent item won and paid on the invoice in cash; a paddle pledge not yet paid; an order to pay at the event,
  // still pending (not money yet).
  const won = await makeWinner(db, eventId, 450_00, 300_00);
  const giver = await makeBidder(db, eventId);
  await makePledge(db, eventId, giver.usrId, 500_00);
  await db.insert(payment).values({ event_id: eventId, amount: 80_00, method: "pay_at_event", status: "pending" });
  await text(`report=deposits&id=${eventId}&format=csv`); // brings the invoices up to date, as the report does
  const [owed] = await db
    .select()
    .from(invoice)
    .where(and(eq(invoice.event_id, eventId), eq(invoice.usr_id, won.usrId)));
  await db.insert(payment).values({
    event_id: eventId,
    usr_id: won.usrId,
    invoice_id: owed.invoice_id,
    amount: 450_00,
    method: "cash",
    status: "paid",
    created_at: march(14, 23),
  });

  // Two item donors: a person, and an organisation alone; and an item of another of the organisation's events,
  // whose donor gave nothing to this one.
  const [made] = await db.select({ clientId: event.client_id }).from(event).where(eq(event.event_id, eventId));
  const [person, company, elsewhere] = await db
    .insert(donor)
    .values([
      { client_id: made.clientId, first_name: "Ida", last_name: "Donor", email: "ida@example.org" },
      { client_id: made.clientId, title: "Harbor Wines" },
      { client_id: made.clientId, first_name: "Nora", last_name: "Nextyear" },
    ])
    .returning();
  await db.insert(auction_item).values([
    { event_id: eventId, title: "Spa day", value: 120_00, xinv_donor_id: person.donor_id },
    { event_id: eventId, title: "Case of wine", value: 300_00, xinv_donor_id: company.donor_id },
  ]);
  const sibling = await db
    .insert(event)
    .values({ client_id: made.clientId, slug: `sibling-${eventId}`, title: "Autumn Gala" })
    .returning();
  await db
    .insert(auction_item)
    .values({ event_id: sibling[0].event_id, title: "Boat trip", xinv_donor_id: elsewhere.donor_id });

  // Another organisation's event, with money and a guest of its own.
  otherEventId = (await makeEvent(db, { title: "Other Gala" })).event_id;
  await db
    .insert(payment)
    .values({ event_id: otherEventId, amount: 999_00, method: "cash", status: "paid", created_at: march(14) });
  await db.insert(registrant).values({ event_id: otherEventId, first_name: "Olga", last_name: "Elsewhere" });
});

describe("the bank deposits for QuickBooks", () => {
  it("lists a line per day, method and source in Date, Description, Amount, refunds negative", async () => {
    const [header, ...lines] = records(await text(`report=deposits&id=${eventId}&format=csv`));
    expect(header).toEqual(["Date", "Description", "Amount"]);
    expect(lines).toContainEqual([
      "03/01/2027",
      "Spring Gala · Card payments (Stripe), not yet paid out, 03/01/2027 · Card (paid online) · Tickets · received",
      "300.00",
    ]);
    expect(lines).toContainEqual([
      "03/14/2027",
      "Spring Gala · Banked 03/14/2027 · Cash · Donations · received",
      "40.00",
    ]);
    expect(lines).toContainEqual([
      "03/14/2027",
      "Spring Gala · Banked 03/14/2027 · Cash · Guest invoices · received",
      "450.00",
    ]);
    expect(lines).toContainEqual([
      "03/14/2027",
      "Spring Gala · Banked 03/14/2027 · Check · Donations · received",
      "250.00",
    ]);
    expect(lines).toContainEqual([
      "03/15/2027",
      "Spring Gala · Card payments (Stripe), not yet paid out, 03/15/2027 · Card (paid online) · Donations · refunded",
      "-30.00",
    ]);
    expect(lines.some((line) => line[1]!.includes("Other Gala"))).toBe(false);
  });

  it("has gross and refunds that equal the ledger's raised for the same days", async () => {
    for (const [query, from, to] of [
      ["", null, null],
      ["&from=2027-03-14&to=2027-03-14", march(14, 0), march(15, 0)],
      ["&from=2027-03-15", march(15, 0), null],
    ] as const) {
      const lines = records(await text(`report=deposits&id=${eventId}&format=csv${query}`)).slice(1);
      const total = Math.round(lines.reduce((sum, line) => sum + Number(line[2]) * 100, 0));
      const refunds = Math.round(
        lines.filter((line) => Number(line[2]) < 0).reduce((sum, line) => sum - Number(line[2]) * 100, 0),
      );
      const ledger = await ledgerBetween(db, eventId, from, to);
      expect(total).toBe(ledger.collected);
      expect(refunds).toBe(0 - (ledger.sources.find((source) => source.source === "refund")?.collected ?? 0));
    }
    const all = await ledgerBetween(db, eventId, null, null);
    expect(all.collected).toBe(300_00 + 40_00 + 250_00 + 100_00 + 450_00 - 30_00);
  });

  it("writes the XLSX with the upload's sheet first, amounts as numbers, the deposits and how each figure is derived", async () => {
    const outcome = await download(`report=deposits&id=${eventId}&format=xlsx`);
    expect(outcome.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await outcome.response!.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "QuickBooks bank upload",
      "Deposits",
      "How each figure is derived",
    ]);
    const upload = workbook.worksheets[0]!;
    expect(upload.getRow(1).values).toEqual([undefined, "Date", "Description", "Amount"]);
    expect(upload.getRow(2).getCell(3).value).toBe(300);
    const deposits = workbook.worksheets[1]!;
    const totals = deposits.getRow(deposits.rowCount);
    expect(totals.getCell(1).value).toBe("Total");
    expect([5, 6, 7, 8].map((column) => totals.getCell(column).value)).toEqual([1140, 30, 0, 1110]);
  });
});

describe("the NPSP Data Import file", () => {
  it("names its columns after DataImport__c's fields and fills a row per guest, gift and purchase", async () => {
    const [header, ...rows] = records(await text(`report=npsp&id=${eventId}&format=csv`));
    expect(header).toEqual(
      expect.arrayContaining([
        "Contact1_Firstname__c",
        "Contact1_Lastname__c",
        "Contact1_Personal_Email__c",
        "Account1_Name__c",
        "Donation_Amount__c",
        "Donation_Date__c",
        "Donation_Campaign_Name__c",
      ]),
    );
    const field = (row: string[], name: string) => row[header!.indexOf(name)];
    const gifts = rows.filter((row) => field(row, "Donation_Record_Type_Name__c") === "Donation");
    const check = gifts.find((row) => field(row, "Payment_Method__c") === "Check")!;
    expect([
      field(check, "Contact1_Lastname__c"),
      field(check, "Donation_Amount__c"),
      field(check, "Donation_Date__c"),
    ]).toEqual(["Giver", "250.00", "2027-03-14"]);
    expect([
      field(check, "Donation_Stage__c"),
      field(check, "Donation_Campaign_Name__c"),
      field(check, "Payment_Check_Reference_Number__c"),
    ]).toEqual(["Closed Won", "Spring Gala", "1042"]);
    // A covered fee is part of the gift.
    expect(gifts.find((row) => field(row, "Contact1_Lastname__c") === "Card")).toBeDefined();
    expect(
      field(
        gifts.find((row) => field(row, "Contact1_Lastname__c") === "Card")!,
        "Donation_Amount__c",
      ),
    ).toBe("100.00");
    const pledge = rows.find((row) => field(row, "Donation_Description__c") === "Paddle raise: Fund a Classroom")!;
    expect([field(pledge, "Donation_Amount__c"), field(pledge, "Donation_Stage__c")]).toEqual(["500.00", "Pledged"]);
    expect(rows.some((row) => field(row, "Donation_Description__c")?.startsWith("Won: Prize for"))).toBe(true);
    const tickets = rows.find((row) => field(row, "Donation_Description__c") === "2 × Dinner")!;
    expect([field(tickets, "Donation_Amount__c"), field(tickets, "Payment_Method__c")]).toEqual([
      "300.00",
      "Credit Card",
    ]);
  });

  it("gives item donors an in-kind gift worth their items, an organisation alone as the account", async () => {
    const [header, ...rows] = records(await text(`report=npsp&id=${eventId}&format=csv`));
    const field = (row: string[], name: string) => row[header!.indexOf(name)];
    const inKind = rows.filter((row) => field(row, "Donation_Record_Type_Name__c") === "In-Kind Gift");
    expect(
      inKind.map((row) =>
        [
          "Contact1_Lastname__c",
          "Account1_Name__c",
          "Donation_Donor__c",
          "Donation_Amount__c",
          "Donation_Description__c",
        ].map((name) => field(row, name)),
      ),
    ).toEqual([
      ["Donor", "", "Contact1", "120.00", "Spa day"],
      ["", "Harbor Wines", "Account1", "300.00", "Case of wine"],
    ]);
    expect(rows.some((row) => field(row, "Contact1_Lastname__c") === "Nextyear")).toBe(false);
  });

  it("writes a formula-like name as text and keeps to the event", async () => {
    const csv = await text(`report=npsp&id=${eventId}&format=csv`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv).not.toContain("Elsewhere");
    expect(csv).not.toContain("Other Gala");
    const other = await text(`report=npsp&id=${otherEventId}&format=csv`).catch(() => "refused");
    expect(other).toBe("refused");
  });

  it("streams a 5,000-guest event in batches, one chunk per batch", async () => {
    const big = (await makeEvent(db, { title: "Big Gala" })).event_id;
    for (let start = 0; start < 5_000; start += 1_000)
      await db.insert(registrant).values(
        Array.from({ length: 1_000 }, (_, n) => ({
          event_id: big,
          first_name: "Guest",
          last_name: `No ${start + n + 1}`,
        })),
      );
    const outcome = await download(`report=npsp&id=${big}&format=csv`, await organiserOf(big));
    expect(outcome.status).toBe(200);
    const reader = outcome.response!.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read())
      chunks.push(decoder.decode(read.value));
    const linesPer = chunks.map((chunk) => chunk.split("\r\n").length - 1);
    expect(linesPer[0]).toBe(1); // the header on its own
    expect(chunks.length).toBe(1 + 5_000 / EXPORT_BATCH);
    expect(Math.max(...linesPer.slice(1))).toBe(EXPORT_BATCH);
    expect(linesPer.reduce((sum, count) => sum + count, 0)).toBe(5_001);
    expect(chunks.join("")).toContain("Guest,No 5000");
  });
});

describe("formula safety of the bank deposits", () => {
  it("writes an event named like a formula as text in the CSV and the XLSX", async () => {
    const hostileEvent = (await makeEvent(db, { title: HOSTILE })).event_id;
    await db.update(event).set({ timezone: "UTC" }).where(eq(event.event_id, hostileEvent));
    await db
      .insert(payment)
      .values({ event_id: hostileEvent, amount: 10_00, method: "cash", status: "paid", created_at: march(14) });
    const organiser = await organiserOf(hostileEvent);
    const csvOutcome = await download(`report=deposits&id=${hostileEvent}&format=csv`, organiser);
    const [, line] = records((await csvOutcome.response!.text()).replace(/^\uFEFF/, ""));
    expect(line![1]!.startsWith(`'=HYPERLINK`)).toBe(true);
    const xlsxOutcome = await download(`report=deposits&id=${hostileEvent}&format=xlsx`, organiser);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxOutcome.response!.arrayBuffer());
    const cell = workbook.worksheets[0]!.getRow(2).getCell(2);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(String(cell.value).startsWith(HOSTILE)).toBe(true);
  });
});

describe("who may download them", () => {
  it("refuses a team member without can_report (403), for each file", async () => {
    for (const query of ["report=deposits&format=csv", "report=deposits&format=xlsx", "report=npsp&format=csv"]) {
      const outcome = await download(`${query}&id=${eventId}`, cashier);
      expect(outcome.status).toBe(403);
    }
  });

  it("answers 404 for a format the file does not come in", async () => {
    expect((await download(`report=npsp&id=${eventId}&format=xlsx`)).status).toBe(404);
    expect((await download(`report=deposits&id=${eventId}&format=pdf`)).status).toBe(404);
  });
});
