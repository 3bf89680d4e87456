// /admin/auction_items/rawdata: the sheet of every item, its CSV import (checked first) and its edits.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as rawdataRoute from "~/routes/admin._workspace.auction_items.rawdata";
import { auction_item, bid, category, donor, event } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/auction_items/rawdata";

let eventId: number;
let owner: string;
let bidderId: number;

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  const user = await makeUser(db, { selected_event: eventId });
  bidderId = user.usr_id;
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
  await db.insert(category).values([
    { client_id: made.client_id, title: "Travel" },
    { client_id: made.client_id, title: "Food & Wine" },
  ]);
  await db
    .insert(donor)
    .values({ client_id: made.client_id, first_name: "Ana", last_name: "Ruiz", email: "ana@example.org" });
  await db.insert(auction_item).values({ event_id: eventId, title: "Existing lot", lot: 7, type: "live" });
});

function upload(csv: string, cookie = owner) {
  const form = new FormData();
  form.set("intent", "check");
  form.set("file", new File([csv], "catalogue.csv", { type: "text/csv" }));
  return call(
    rawdataRoute.action as RouteFunction,
    new Request(new URL(PATH, "http://localhost:3000"), { method: "POST", headers: { Cookie: cookie }, body: form }),
  );
}
const post = (form: Record<string, string | string[]>, cookie = owner) =>
  call(rawdataRoute.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const items = () => db.select().from(auction_item).where(eq(auction_item.event_id, eventId)).orderBy(auction_item.lot);

const BAD_FILE = [
  "Lot,Title,Type,Value,Starting bid,Category,Donor,Colour",
  '1,Weekend in Napa,Silent,"1,200",,travel,ana@example.org,red',
  "2,,silent,300,,,,",
  "3,Cooking class,silent,-50,,Cooking,,",
  "1,Second lot one,live,500,,,Nobody Known,",
  "7,Clash with existing,live,800,,,,",
  "4,Wine pull,sale,25,,Food & Wine,Ana Ruiz,",
  "5,Cellar tour,auction,100,,,,",
].join("\n");

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("checks a file without importing anything, listing each bad row and why", async () => {
    const outcome = await upload(BAD_FILE);
    expect(outcome.status).toBe(200);
    const { importCheck, csv } = outcome.data as {
      importCheck: {
        ready: { title: string }[];
        updates: unknown[];
        problems: unknown[];
        ignoredColumns: string[];
      };
      csv: string;
    };
    expect(csv).toBe(BAD_FILE);
    expect(importCheck.ready.map((row) => row.title)).toEqual(["Weekend in Napa"]);
    expect(importCheck.ignoredColumns).toEqual(["Colour"]);
    expect(importCheck.problems).toEqual([
      { line: 3, title: "(no title)", messages: ["The title is missing."] },
      {
        line: 4,
        title: "Cooking class",
        messages: [
          "Value: cannot be negative.",
          "Category “Cooking” does not exist. Create it first, or correct the name.",
        ],
      },
      {
        line: 5,
        title: "Second lot one",
        messages: [
          "Donor “Nobody Known” is not in your donors. Add them first, or use their email.",
          "Lot 1 is also on line 2.",
        ],
      },
      { line: 7, title: "Wine pull", messages: ["An item for sale needs its price in Buy now."] },
      { line: 8, title: "Cellar tour", messages: ["Type “auction” is not one of silent, live, virtual or sale."] },
    ]);
    // Lot 7 is an item of the event: the row updates it.
    expect(importCheck.updates).toEqual([
      expect.objectContaining({ line: 6, lot: 7, changed: ["title", "value"], notes: [] }),
    ]);
    expect((await items()).map((row) => row.title)).toEqual(["Existing lot"]);
  });

  it("imports the clean rows only, proposing bids from the value and keeping the event's counts right", async () => {
    const outcome = await post({ intent: "import", csv: BAD_FILE, file_name: "catalogue.csv" });
    expect(outcome).toMatchObject({ status: 302, location: PATH });
    const rows = await items();
    expect(rows.map((row) => [row.lot, row.title])).toEqual([
      [1, "Weekend in Napa"],
      [7, "Clash with existing"],
    ]);
    const napa = rows[0];
    expect(napa).toMatchObject({
      type: "silent",
      value: 120000,
      starting_bid: 48000,
      increment: 12000,
      status: "draft",
    });
    expect(napa.xinv_category_id).not.toBeNull();
    expect(napa.xinv_donor_id).not.toBeNull();
    const [counts] = await db.select().from(event).where(eq(event.event_id, eventId));
    expect(counts).toMatchObject({ silent_item_count: 1, live_item_count: 1 });
  });

  it("refuses a file that is not an item sheet, and an import with no clean row, importing nothing", async () => {
    // No column is the title: the organiser is asked which column is what.
    const noTitle = await upload("Name of thing;Price\nA;1");
    expect(noTitle.status).toBe(200);
    expect(noTitle.data).toMatchObject({
      importCheck: {
        missingTitle: expect.stringMatching(/^No column of the file is the title/),
        columns: [
          { name: "Name of thing", field: null, matchedBy: "none", samples: ["A"] },
          { name: "Price", field: null, matchedBy: "none", samples: ["1"] },
        ],
        ready: [],
      },
    });
    expect((await post({ intent: "import", csv: "Title,Value\n,5" })).status).toBe(400);
    expect(await upload("")).toMatchObject({
      status: 400,
      data: { formId: "import", error: { file: ["Choose a CSV or Excel file to check."] } },
    });
    expect(await items()).toHaveLength(1);
  });

  it("edits cells in place with the item's rules", async () => {
    const [item] = await items();
    const id = String(item.auction_item_id);
    expect(await post({ intent: "inline-edit", id, field: "value", value: "$2,500.50" })).toMatchObject({
      status: 200,
    });
    expect(await post({ intent: "inline-edit", id, field: "value", value: "-3" })).toMatchObject({
      status: 400,
      data: { inlineError: { message: "Amounts cannot be negative." } },
    });
    await db.insert(auction_item).values({ event_id: eventId, title: "Other", lot: 8 });
    expect(await post({ intent: "inline-edit", id, field: "lot", value: "8" })).toMatchObject({
      status: 400,
      data: { inlineError: { message: "Lot 8 is already used by another item of this event." } },
    });
    expect(await post({ intent: "inline-edit", id, field: "type", value: "silent" })).toMatchObject({ status: 200 });
    expect((await post({ intent: "inline-edit", id, field: "event_id", value: "1" })).status).toBe(400);
    const [after] = await db.select().from(auction_item).where(eq(auction_item.auction_item_id, item.auction_item_id));
    expect(after).toMatchObject({ value: 250050, lot: 7, type: "silent" });
    const [counts] = await db.select().from(event).where(eq(event.event_id, eventId));
    // The item made silent, and "Other" (silent by default).
    expect(counts).toMatchObject({ silent_item_count: 2, live_item_count: 0 });
  });

  it("never deletes an item with bids", async () => {
    const [item] = await items();
    await db
      .insert(bid)
      .values({ event_id: eventId, auction_item_id: item.auction_item_id, usr_id: bidderId, bid: 1000 });
    const refused = await post({ intent: "delete", id: String(item.auction_item_id) });
    expect(refused.status).toBe(400);
    expect((refused.data as { bulkError: string }).bulkError).toContain("“Existing lot” has bids or sales");
    expect(await items()).toHaveLength(1);
  });

  it("answers 403 without can_edit_auction_items", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await call(rawdataRoute.loader as RouteFunction, makeRequest(PATH, { cookie }))).status).toBe(403);
    expect((await upload("Title\nSneaky", cookie)).status).toBe(403);
  });
});
