// /admin/auction_items/rawdata's import from another platform's file: a row whose lot is an item updates it (under
// an edit's rules), rows without a lot are numbered when asked, an Excel workbook reads as a CSV does, and a bad
// cell is named by its line and the file's column. Another event's lots are never touched.
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as rawdataRoute from "~/routes/admin._workspace.auction_items.rawdata";
import { auction_item, bid, category, event } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { ImportReport } from "~/catalogue/ui/raw-data-sheet";

const { db } = testDatabase();
const PATH = "/admin/auction_items/rawdata";

let eventId: number;
let otherEventId: number;
let owner: string;
let bidderId: number;

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  const user = await makeUser(db, { selected_event: eventId });
  bidderId = user.usr_id;
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
  await db.insert(category).values({ client_id: made.client_id, title: "Travel" });
  // Another event of the same organisation, with the same lots.
  const [other] = await db
    .insert(event)
    .values({ client_id: made.client_id, slug: `other-${eventId}`, title: "Spring gala" })
    .returning({ event_id: event.event_id });
  otherEventId = other.event_id;
  await db.insert(auction_item).values([
    { event_id: eventId, title: "Napa weekend", lot: 12, value: 100000, starting_bid: 40000, increment: 10000 },
    { event_id: eventId, title: "Signed guitar", lot: 20, type: "live", value: 50000, starting_bid: 20000 },
    { event_id: otherEventId, title: "Their lot 12", lot: 12, value: 7000, starting_bid: 3000 },
  ]);
});

function upload(file: File, options: { numberLots?: boolean } = {}, cookie = owner) {
  const form = new FormData();
  form.set("intent", "check");
  form.set("file", file);
  if (options.numberLots) form.set("number_lots", "yes");
  return call(
    rawdataRoute.action as RouteFunction,
    new Request(new URL(PATH, "http://localhost:3000"), { method: "POST", headers: { Cookie: cookie }, body: form }),
  );
}
const csvFile = (csv: string) => new File([csv], "frontstream.csv", { type: "text/csv" });
const importCsv = (csv: string, numberLots = false, cookie = owner) =>
  call(
    rawdataRoute.action as RouteFunction,
    makeRequest(PATH, {
      cookie,
      form: { intent: "import", csv, file_name: "frontstream.csv", ...(numberLots ? { number_lots: "yes" } : {}) },
    }),
  );
const itemsOf = (id: number) =>
  db.select().from(auction_item).where(eq(auction_item.event_id, id)).orderBy(auction_item.lot);
const itemAt = async (id: number, lot: number) =>
  (
    await db
      .select()
      .from(auction_item)
      .where(and(eq(auction_item.event_id, id), eq(auction_item.lot, lot)))
  )[0];

// The BiddingForGood (FrontStream) item template's columns.
const FRONTSTREAM = [
  "Lot Number,Quantity,Item Name,Item Description,Special Note,Private Note,Category,Fair Market Value,Starting Bid,Bid Increment,Buy Now Price,Donor Name",
  "12,,,Two nights in Napa,,,,1250,500,,,",
  ",,Cooking class,Pasta for four,Expires in June,Chef's gift,travel,400,,,,",
  "20,,Signed guitar,,,,,,,,,",
  ",,Wine pull,,,,,50,,,,",
].join("\n");

describe(`${PATH} updates by lot on ${process.env.TEST_DB_ENGINE}`, () => {
  it("says in the dry run what each row does, updating the cells a row fills and numbering the rest", async () => {
    const outcome = await upload(csvFile(FRONTSTREAM), { numberLots: true });
    expect(outcome.status).toBe(200);
    const { importCheck, options } = outcome.data as ImportReport;
    expect(options).toEqual({ numberLots: true, columnMap: {} });
    expect(importCheck.problems).toEqual([]);
    expect(importCheck.updates).toEqual([
      expect.objectContaining({ line: 2, lot: 12, changed: ["description", "value", "starting bid"], notes: [] }),
      expect.objectContaining({ line: 4, lot: 20, changed: [], notes: [] }),
    ]);
    expect(importCheck.ready.map((item) => [item.line, item.lot, item.numbered, item.title])).toEqual([
      [3, 21, true, "Cooking class"],
      [5, 22, true, "Wine pull"],
    ]);
    // A dry run: nothing changed.
    expect(await itemAt(eventId, 12)).toMatchObject({ value: 100000, description: null });
    expect(await itemsOf(eventId)).toHaveLength(2);

    const imported = await importCsv(FRONTSTREAM, true);
    expect(imported).toMatchObject({ status: 302, location: PATH });
    expect((await itemsOf(eventId)).map((row) => [row.lot, row.title])).toEqual([
      [12, "Napa weekend"],
      [20, "Signed guitar"],
      [21, "Cooking class"],
      [22, "Wine pull"],
    ]);
    expect(await itemAt(eventId, 12)).toMatchObject({
      title: "Napa weekend",
      description: "<p>Two nights in Napa</p>",
      value: 125000,
      starting_bid: 50000,
      // A blank cell keeps what the item has.
      increment: 10000,
    });
    expect(await itemAt(eventId, 21)).toMatchObject({
      xinv_disclaimer: "Expires in June",
      internal_notes: "Chef's gift",
      value: 40000,
      starting_bid: 16000,
    });
    // Another event's lot 12 is untouched.
    expect(await itemAt(otherEventId, 12)).toMatchObject({ title: "Their lot 12", value: 7000, starting_bid: 3000 });
    expect(await itemsOf(otherEventId)).toHaveLength(1);
  });

  it("leaves rows without a lot unnumbered unless asked", async () => {
    const { importCheck } = (await upload(csvFile(FRONTSTREAM))).data as ImportReport;
    expect(importCheck.ready.map((item) => [item.lot, item.numbered])).toEqual([
      [null, false],
      [null, false],
    ]);
  });

  it("keeps the starting bid of an item with bids and says so; refuses a change of its type", async () => {
    const napa = await itemAt(eventId, 12);
    await db
      .insert(bid)
      .values({ event_id: eventId, auction_item_id: napa.auction_item_id, usr_id: bidderId, bid: 45000 });
    const csv = ["Lot,Title,Type,Value,Starting bid", "12,,,1250,500", "12,,live,,"].join("\n");
    const { importCheck } = (await upload(csvFile(csv))).data as ImportReport;
    expect(importCheck.updates).toEqual([
      expect.objectContaining({
        line: 2,
        changed: ["value"],
        notes: ["The starting bid stays as it is: this item has 1 bid or sale."],
      }),
    ]);
    expect(importCheck.problems).toEqual([{ line: 3, title: "Napa weekend", messages: ["Lot 12 is also on line 2."] }]);

    const typeChange = ["Lot,Type", "12,live"].join("\n");
    const refused = (await upload(csvFile(["Lot,Title,Type", "12,,live"].join("\n")))).data as ImportReport;
    expect(refused.importCheck.problems).toEqual([
      {
        line: 2,
        title: "Napa weekend",
        messages: [expect.stringMatching(/^The type stays “silent”: this item has 1 bid or sale/)],
      },
    ]);
    expect((await importCsv(typeChange)).status).toBe(400);

    expect(await importCsv(csv)).toMatchObject({ status: 302 });
    expect(await itemAt(eventId, 12)).toMatchObject({ value: 125000, starting_bid: 40000, type: "silent" });
  });

  it("refuses amounts that disagree and names a bad cell by its line and the file's column", async () => {
    const csv = [
      "Lot Number,Item Name,Fair Market Value,Starting Bid,Buy Now Price",
      "12,,,,300",
      "30,Spa day,abc,,",
      "31,Boat trip,900,-5,",
    ].join("\n");
    const { importCheck } = (await upload(csvFile(csv))).data as ImportReport;
    expect(importCheck.problems).toEqual([
      {
        line: 2,
        title: "Napa weekend",
        messages: ["Buy now must be above the starting bid: bidders would otherwise buy it for less than a bid."],
      },
      { line: 3, title: "Spa day", messages: ["Fair Market Value: “abc” is not an amount."] },
      { line: 4, title: "Boat trip", messages: ["Starting Bid: cannot be negative."] },
    ]);
    expect(await importCsv(csv)).toMatchObject({ status: 400 });
    expect(await itemAt(eventId, 12)).toMatchObject({ buy_now: null });
    expect(await itemsOf(eventId)).toHaveLength(2);
  });

  it("reads an Excel workbook's first sheet, formulas by their values, with the sheet's row numbers", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Items");
    sheet.addRow(["Lot Number", "Item Name", "Fair Market Value", "Starting Bid", "Category"]);
    sheet.addRow([12, "Napa weekend", { formula: "1000+250", result: 1250 }, 500, "Travel"]);
    sheet.addRow([]);
    sheet.addRow([null, { richText: [{ text: "Hot air " }, { text: "balloon" }] }, 800.5, null, "Skydiving"]);
    sheet.addRow([null, "Opera tickets", 300, null, null]);
    workbook.addWorksheet("Notes").addRow(["Title"]);
    const bytes = await workbook.xlsx.writeBuffer();
    const file = new File([bytes], "catalogue.xlsx", {
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });

    const outcome = await upload(file, { numberLots: true });
    expect(outcome.status).toBe(200);
    const report = outcome.data as ImportReport;
    expect(report.fileName).toBe("catalogue.xlsx");
    expect(report.importCheck.updates).toEqual([
      expect.objectContaining({ line: 2, lot: 12, changed: ["value", "starting bid", "category"] }),
    ]);
    expect(report.importCheck.problems).toEqual([
      {
        line: 4,
        title: "Hot air balloon",
        messages: ["Category “Skydiving” does not exist. Create it first, or correct the name."],
      },
    ]);
    expect(report.importCheck.ready.map((item) => [item.line, item.lot, item.value])).toEqual([[5, 21, 30000]]);

    expect(await importCsv(report.csv, true)).toMatchObject({ status: 302 });
    expect(await itemAt(eventId, 12)).toMatchObject({ value: 125000, starting_bid: 50000 });
    expect(await itemAt(eventId, 21)).toMatchObject({ title: "Opera tickets" });
  });

  it("refuses a file that is not a workbook though named .xlsx, and an old .xls", async () => {
    expect(await upload(new File(["Title\nA"], "items.xlsx"))).toMatchObject({
      status: 400,
      data: { error: { file: ["This .xlsx file is not an Excel workbook. Save it again."] } },
    });
    expect(await upload(new File(["\u00d0\u00cf"], "items.xls"))).toMatchObject({
      status: 400,
      data: { error: { file: [expect.stringMatching(/^Old Excel files \(\.xls\) cannot be read/)] } },
    });
  });

  it("answers 403 to the check and the import without can_edit_auction_items, changing nothing", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await upload(csvFile(FRONTSTREAM), {}, cookie)).status).toBe(403);
    expect((await importCsv(FRONTSTREAM, true, cookie)).status).toBe(403);
    expect(await itemAt(eventId, 12)).toMatchObject({ value: 100000 });
    expect(await itemsOf(eventId)).toHaveLength(2);
  });
});

describe(`${PATH}'s column matching on ${process.env.TEST_DB_ENGINE}`, () => {
  const GENERIC = ["Item Title Long,Worth,Colour", "Spa day,350,blue", "Boat trip,900,red"].join("\n");
  const mapColumns = (choices: Record<string, string>, cookie = owner) =>
    call(
      rawdataRoute.action as RouteFunction,
      makeRequest(PATH, {
        cookie,
        form: {
          intent: "map",
          csv: GENERIC,
          file_name: "generic.csv",
          ...Object.fromEntries(Object.entries(choices).map(([column, field]) => [`field:${column}`, field])),
        },
      }),
    );

  it("asks which column is what, checks again with the choices, and offers them on the next file", async () => {
    const first = (await upload(csvFile(GENERIC))).data as ImportReport;
    expect(first.importCheck.missingTitle).toMatch(/No column of the file is the title/);
    expect(first.importCheck.columns).toEqual([
      {
        name: "Item Title Long",
        column: "item_title_long",
        field: null,
        matchedBy: "none",
        samples: ["Spa day", "Boat trip"],
      },
      { name: "Worth", column: "worth", field: null, matchedBy: "none", samples: ["350", "900"] },
      { name: "Colour", column: "colour", field: null, matchedBy: "none", samples: ["blue", "red"] },
    ]);

    const mapped = await mapColumns({ item_title_long: "title", worth: "value", colour: "" });
    expect(mapped.status).toBe(200);
    const report = mapped.data as ImportReport;
    expect(report.options.columnMap).toEqual({ item_title_long: "title", worth: "value", colour: null });
    expect(report.importCheck.ready.map((item) => [item.title, item.value])).toEqual([
      ["Spa day", 35000],
      ["Boat trip", 90000],
    ]);
    expect(report.importCheck.ignoredColumns).toEqual(["Colour"]);

    // The next file with these columns is matched as chosen, in another event of the organisation too.
    const next = (await upload(csvFile(GENERIC))).data as ImportReport;
    expect(next.importCheck.missingTitle).toBeUndefined();
    expect(next.importCheck.columns.map((column) => [column.column, column.field, column.matchedBy])).toEqual([
      ["item_title_long", "title", "choice"],
      ["worth", "value", "choice"],
      ["colour", null, "choice"],
    ]);

    // The import reads the file with the map it was checked with.
    const imported = await call(
      rawdataRoute.action as RouteFunction,
      makeRequest(PATH, {
        form: { intent: "import", csv: GENERIC, column_map: JSON.stringify(report.options.columnMap) },
        cookie: owner,
      }),
    );
    expect(imported).toMatchObject({ status: 302 });
    const titles = (await itemsOf(eventId)).map((row) => [row.title, row.value]);
    expect(titles).toEqual(
      expect.arrayContaining([
        ["Spa day", 35000],
        ["Boat trip", 90000],
      ]),
    );
  });

  it("keeps an organisation's choices to itself", async () => {
    await mapColumns({ item_title_long: "title", worth: "value", colour: "" });
    const stranger = await makeEvent(db);
    const user = await makeUser(db, { selected_event: stranger.event_id });
    await giveRole(db, user.usr_id, stranger.event_id, { ...OWNER_ROLE });
    const theirs = (await upload(csvFile(GENERIC), {}, await sessionCookie(user.usr_id))).data as ImportReport;
    expect(theirs.importCheck.missingTitle).toBeDefined();
    expect(theirs.importCheck.columns.every((column) => column.matchedBy === "none")).toBe(true);
  });

  it("refuses a field chosen for two columns, keeping nothing; and a field that is not one", async () => {
    const refused = await mapColumns({ item_title_long: "title", worth: "title", colour: "" });
    expect(refused.status).toBe(400);
    expect((refused.data as ImportReport).mappingError).toBe(
      "“Item Title Long” and “Worth” are both chosen as the title: keep one.",
    );
    const next = (await upload(csvFile(GENERIC))).data as ImportReport;
    expect(next.importCheck.columns.every((column) => column.matchedBy === "none")).toBe(true);
    expect((await mapColumns({ item_title_long: "event_id" })).status).toBe(400);
  });

  it("answers 403 to the matching without can_edit_auction_items, keeping nothing", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await mapColumns({ item_title_long: "title" }, cookie)).status).toBe(403);
    const next = (await upload(csvFile(GENERIC))).data as ImportReport;
    expect(next.importCheck.columns.every((column) => column.matchedBy === "none")).toBe(true);
  });
});
