// The live and silent packages screens (/admin/auction_items/live_packages and /silent_packages): the grid of one
// type's items, inline edits, bulk category/status/delete, and lot numbering, through the routes' loaders and
// actions on a real database.
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as liveRoute from "~/routes/admin._workspace.auction_items.live_packages";
import * as silentRoute from "~/routes/admin._workspace.auction_items.silent_packages";
import { auction_item, bid, category, event, inventory } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const LIVE = "/admin/auction_items/live_packages";
const SILENT = "/admin/auction_items/silent_packages";

let eventId: number;
let clientId: number;
let owner: string;
let userId: number;

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  clientId = made.client_id;
  const user = await makeUser(db, { selected_event: eventId });
  userId = user.usr_id;
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
});

const call$ = (fn: unknown, request: Request) => call(fn as RouteFunction, request);
const loadLive = (cookie = owner) => call$(liveRoute.loader, makeRequest(LIVE, { cookie }));
const postLive = (form: Record<string, string | string[]>, cookie = owner) =>
  call$(liveRoute.action, makeRequest(LIVE, { cookie, form }));
const postSilent = (form: Record<string, string | string[]>, cookie = owner) =>
  call$(silentRoute.action, makeRequest(SILENT, { cookie, form }));

async function addItem(fields: Partial<typeof auction_item.$inferInsert> = {}, ofEvent = eventId) {
  return (
    await db
      .insert(auction_item)
      .values({ event_id: ofEvent, title: "Item", type: "live", ...fields })
      .returning()
  )[0];
}
async function row(id: number) {
  return (await db.select().from(auction_item).where(eq(auction_item.auction_item_id, id)))[0];
}
async function lots(type: string) {
  return db
    .select({ title: auction_item.title, lot: auction_item.lot })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, type)))
    .orderBy(asc(auction_item.lot));
}
const inline = (id: number, field: string, value: string) => ({ intent: "inline-edit", id: String(id), field, value });
const inlineError = (outcome: Outcome) => (outcome.data as { inlineError: { message: string } }).inlineError.message;
const bulkError = (outcome: Outcome) => (outcome.data as { bulkError: string }).bulkError;
/** Lot numbering's message: beside its start field, or about the form as a whole. */
const numberError = (outcome: Outcome) =>
  Object.values((outcome.data as { error: Record<string, string[]> }).error)[0][0];

describe(`the packages screens on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists the event's items of the screen's type, packages and single items, with inventory, bids and category", async () => {
    const [travel] = await db.insert(category).values({ client_id: clientId, title: "Travel" }).returning();
    const pack = await addItem({
      title: "Napa weekend",
      lot: 2,
      subtype: "package",
      value: 150_000,
      starting_bid: 60_000,
      xinv_category_id: travel.category_id,
    });
    await db.insert(inventory).values([
      { event_id: eventId, title: "Hotel", auction_item_id: pack.auction_item_id },
      { event_id: eventId, title: "Dinner", auction_item_id: pack.auction_item_id },
    ]);
    await db
      .insert(bid)
      .values({ event_id: eventId, usr_id: userId, auction_item_id: pack.auction_item_id, bid: 60_000 });
    await addItem({ title: "Signed guitar", lot: 1 });
    await addItem({ title: "Silent one", type: "silent" });
    const other = await makeEvent(db);
    await addItem({ title: "Theirs" }, other.event_id);

    const outcome = await loadLive();
    expect(outcome.status).toBe(200);
    const page = outcome.data as { type: string; items: Record<string, unknown>[] };
    expect(page.type).toBe("live");
    expect(page.items.map((item) => item.title)).toEqual(["Signed guitar", "Napa weekend"]);
    expect(page.items[1]).toMatchObject({
      subtype: "package",
      inventory_count: 2,
      bid_count: 1,
      category_title: "Travel",
      value_label: "$1,500.00",
      starting_bid_label: "$600.00",
    });
  });

  describe("inline edits", () => {
    it("saves lot, title, value, starting bid and increment", async () => {
      const item = await addItem({ lot: 1 });
      for (const [field, value] of [
        ["lot", "7"],
        ["title", "Renamed"],
        ["value", "1,000"],
        ["starting_bid", "400"],
        ["increment", "50"],
      ]) {
        expect((await postLive(inline(item.auction_item_id, field, value))).status, field).toBe(200);
      }
      expect(await row(item.auction_item_id)).toMatchObject({
        lot: 7,
        title: "Renamed",
        value: 100_000,
        starting_bid: 40_000,
        increment: 5_000,
      });
    });

    it("refuses a duplicate lot, negative amounts, a zero increment, a starting bid at or above buy now, and other types' items", async () => {
      await addItem({ lot: 5, title: "Other", type: "silent" });
      const item = await addItem({ lot: 1, buy_now: 50_000 });
      expect(inlineError(await postLive(inline(item.auction_item_id, "lot", "5")))).toMatch(/^Lot 5 is already taken/);
      expect(inlineError(await postLive(inline(item.auction_item_id, "value", "-5")))).toMatch(/cannot be negative/);
      expect(inlineError(await postLive(inline(item.auction_item_id, "increment", "0")))).toMatch(/more than zero/);
      expect(inlineError(await postLive(inline(item.auction_item_id, "starting_bid", "500")))).toMatch(
        /above the starting bid/,
      );
      expect(inlineError(await postLive(inline(item.auction_item_id, "title", "")))).toMatch(/title/);
      expect((await postLive(inline(item.auction_item_id, "buy_now", "1"))).status).toBe(400);
      // A silent item is not on the live screen, nor another event's.
      const silent = await addItem({ type: "silent", title: "Silent" });
      expect(inlineError(await postLive(inline(silent.auction_item_id, "title", "X")))).toMatch(/no longer here/);
      const other = await makeEvent(db);
      const theirs = await addItem({ title: "Theirs" }, other.event_id);
      expect(inlineError(await postLive(inline(theirs.auction_item_id, "title", "X")))).toMatch(/no longer here/);
      expect(await row(item.auction_item_id)).toMatchObject({
        lot: 1,
        value: null,
        increment: null,
        starting_bid: null,
        title: "Item",
      });
      expect((await row(theirs.auction_item_id)).title).toBe("Theirs");
    });
  });

  describe("bulk actions", () => {
    it("changes category and status of the screen's items only", async () => {
      const [travel] = await db.insert(category).values({ client_id: clientId, title: "Travel" }).returning();
      const a = await addItem({ title: "A" });
      const silent = await addItem({ title: "S", type: "silent" });
      expect(
        (
          await postLive({
            intent: "change-category",
            category_id: String(travel.category_id),
            id: [String(a.auction_item_id), String(silent.auction_item_id)],
          })
        ).status,
      ).toBe(302);
      expect((await row(a.auction_item_id)).xinv_category_id).toBe(travel.category_id);
      expect((await row(silent.auction_item_id)).xinv_category_id).toBeNull();
      expect(
        (await postLive({ intent: "change-status", status: "published", id: String(a.auction_item_id) })).status,
      ).toBe(302);
      expect((await row(a.auction_item_id)).status).toBe("published");
      expect(
        bulkError(await postLive({ intent: "change-status", status: "sold", id: String(a.auction_item_id) })),
      ).toMatch(/draft/);
      const other = await makeEvent(db);
      const [theirs] = await db.insert(category).values({ client_id: other.client_id, title: "Theirs" }).returning();
      expect(
        bulkError(
          await postLive({
            intent: "change-category",
            category_id: String(theirs.category_id),
            id: String(a.auction_item_id),
          }),
        ),
      ).toMatch(/not in your organisation's list/);
      expect(
        (await postLive({ intent: "change-category", category_id: "none", id: String(a.auction_item_id) })).status,
      ).toBe(302);
      expect((await row(a.auction_item_id)).xinv_category_id).toBeNull();
      expect(bulkError(await postLive({ intent: "change-status", status: "published" }))).toMatch(/Select/);
    });

    it("deletes items without bids and recounts; refuses the whole delete when one has bids", async () => {
      const a = await addItem({ title: "A" });
      const b = await addItem({ title: "B" });
      const held = await addItem({ title: "Held" });
      await db
        .insert(bid)
        .values({ event_id: eventId, usr_id: userId, auction_item_id: held.auction_item_id, bid: 100 });
      const refused = await postLive({
        intent: "delete",
        id: [String(a.auction_item_id), String(held.auction_item_id)],
      });
      expect(bulkError(refused)).toMatch(/^Nothing was deleted\. “Held” has bids or sales/);
      expect(await row(a.auction_item_id)).toBeDefined();
      expect(
        (await postLive({ intent: "delete", id: [String(a.auction_item_id), String(b.auction_item_id)] })).status,
      ).toBe(302);
      expect(await row(a.auction_item_id)).toBeUndefined();
      const [counts] = await db.select({ live: event.live_item_count }).from(event).where(eq(event.event_id, eventId));
      expect(counts.live).toBe(1);
      // The silent screen does not delete live items.
      const c = await addItem({ title: "C" });
      expect((await postSilent({ intent: "delete", id: String(c.auction_item_id) })).status).toBe(302);
      expect(await row(c.auction_item_id)).toBeDefined();
    });
  });

  describe("numbering lots", () => {
    it("numbers the type's items in catalogue order after the other types' highest lot, swapping lots without clashes", async () => {
      await addItem({ title: "Silent 1", type: "silent", lot: 1 });
      await addItem({ title: "Silent 2", type: "silent", lot: 2 });
      // Live items hold lots they will swap: 4 → 3 and 3 → 4, and one without a lot.
      await addItem({ title: "B live", display_order: 10, lot: 4 });
      await addItem({ title: "A live", display_order: 10 });
      await addItem({ title: "C live", display_order: 5, lot: 3 });
      const outcome = await postLive({ intent: "number-lots", start: "" });
      expect(outcome.status).toBe(302);
      expect(await lots("live")).toEqual([
        { title: "C live", lot: 3 },
        { title: "A live", lot: 4 },
        { title: "B live", lot: 5 },
      ]);
      expect(await lots("silent")).toEqual([
        { title: "Silent 1", lot: 1 },
        { title: "Silent 2", lot: 2 },
      ]);
    });

    it("starts from the organiser's number, and refuses a range that takes another type's lots, changing nothing", async () => {
      await addItem({ title: "Silent 101", type: "silent", lot: 102 });
      await addItem({ title: "L1", lot: 1 });
      await addItem({ title: "L2", lot: 2 });
      const clash = await postLive({ intent: "number-lots", start: "101" });
      expect(clash.status).toBe(400);
      expect(numberError(clash)).toMatch(
        /^Nothing was renumbered: lots 101 to 102 are needed, but lot 102 is “Silent 101” \(silent\)/,
      );
      expect((await lots("live")).map((item) => item.lot)).toEqual([1, 2]);
      expect((await postLive({ intent: "number-lots", start: "201" })).status).toBe(302);
      expect((await lots("live")).map((item) => item.lot)).toEqual([201, 202]);
      expect(numberError(await postLive({ intent: "number-lots", start: "0" }))).toMatch(/at least 1/);
      expect(numberError(await postLive({ intent: "number-lots", start: "999999" }))).toMatch(/run past/);
      // Another event's lots do not count.
      const other = await makeEvent(db);
      await addItem({ title: "Theirs", lot: 1, type: "silent" }, other.event_id);
      expect((await postLive({ intent: "number-lots", start: "1" })).status).toBe(302);
      expect((await lots("live")).map((item) => item.lot)).toEqual([1, 2]);
    });

    it("numbers the silent items on the silent screen", async () => {
      await addItem({ title: "Live", lot: 10 });
      await addItem({ title: "S", type: "silent" });
      expect((await postSilent({ intent: "number-lots" })).status).toBe(302);
      expect(await lots("silent")).toEqual([{ title: "S", lot: 11 }]);
    });
  });

  it("saves the event's bid-proposal percentages, refusing nonsense beside the fields", async () => {
    const refused = await postLive({
      intent: "bid-proposal",
      dialog: "bid-proposal",
      starting_bid_percent: "0",
      increment_percent: "ten",
    });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        formId: "bid-proposal",
        error: {
          starting_bid_percent: ["Starting bid: a percentage between 1 and 100, such as 40."],
          increment_percent: ["Increment: a percentage between 1 and 100, such as 40."],
        },
      },
    });
    expect(
      (
        await postLive({
          intent: "bid-proposal",
          dialog: "bid-proposal",
          starting_bid_percent: "50",
          increment_percent: "7.5",
        })
      ).status,
    ).toBe(302);
    const [row] = await db.select({ meta: event.meta }).from(event).where(eq(event.event_id, eventId));
    expect(row.meta).toMatchObject({ bid_proposal: { starting_bid_percent: 50, increment_percent: 7.5 } });
    const loaded = await call$(liveRoute.loader, makeRequest(LIVE, { cookie: owner }));
    expect(loaded.data).toMatchObject({ bidProposal: { starting_bid_percent: 50, increment_percent: 7.5 } });
  });

  it("refuses an unknown intent, and answers 403 without can_edit_auction_items", async () => {
    const item = await addItem({ title: "Kept" });
    expect((await postLive({ intent: "explode" })).status).toBe(400);
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await loadLive(cookie)).status).toBe(403);
    expect((await postLive({ intent: "delete", id: String(item.auction_item_id) }, cookie)).status).toBe(403);
    expect((await postLive({ intent: "number-lots" }, cookie)).status).toBe(403);
    expect((await call$(silentRoute.loader, makeRequest(SILENT, { cookie }))).status).toBe(403);
    expect(await row(item.auction_item_id)).toBeDefined();
  });
});
