// The auction item page (/admin/auction_items/auction_item_page): a new item (?type=), an item's every field
// (?item=), its images, the inventory it bundles, and its deletion, through the route's loader and action on a
// real database.
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as pageRoute from "~/routes/admin._workspace.auction_items.auction_item_page";
import { auction_item, auction_item_image, bid, category, event, inventory } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";
import type { FormReply } from "~/forms/form-contract";

const { db } = testDatabase();
const PAGE = "/admin/auction_items/auction_item_page";
const IMAGE_URL = /^\/images\/[0-9a-f]{32}\/w\d+\.webp$/;

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

let red: Buffer;
let blue: Buffer;
beforeAll(async () => {
  const png = (r: number, g: number, b: number) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  [red, blue] = await Promise.all([png(200, 30, 30), png(30, 30, 200)]);
});
const pngFile = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: "image/png" });

const call$ = (fn: unknown, request: Request) => call(fn as RouteFunction, request);
const load = (query = "", cookie = owner) => call$(pageRoute.loader, makeRequest(`${PAGE}${query}`, { cookie }));
const post = (query: string, form: Record<string, string | string[]>, cookie = owner) =>
  call$(pageRoute.action, makeRequest(`${PAGE}${query}`, { cookie, form }));

const FORM = {
  intent: "save",
  title: "Wine Country Escape",
  lot: "",
  type: "live",
  subtype: "",
  excerpt: "Two nights in Napa.",
  description: "<p>Two nights <strong>for two</strong>.</p><script>alert(1)</script>",
  value: "1,000",
  starting_bid: "",
  increment: "",
  buy_now: "",
  quantity: "1",
  status: "draft",
  tag: "",
  display_order: "10",
  xinv_donor_id: "",
  xinv_category_id: "",
  xinv_staff_id: "",
  xinv_disclaimer: "",
  internal_notes: "",
};

async function addItem(fields: Partial<typeof auction_item.$inferInsert> = {}, ofEvent = eventId) {
  return (
    await db
      .insert(auction_item)
      .values({ event_id: ofEvent, title: "Spa day", type: "silent", ...fields })
      .returning()
  )[0];
}
async function addInventory(fields: Partial<typeof inventory.$inferInsert> = {}, ofEvent = eventId) {
  return (
    await db
      .insert(inventory)
      .values({ event_id: ofEvent, title: "Hotel voucher", ...fields })
      .returning()
  )[0];
}
async function addBid(itemId: number) {
  await db.insert(bid).values({ event_id: eventId, usr_id: userId, auction_item_id: itemId, bid: 50_000 });
}
async function row(id: number) {
  return (await db.select().from(auction_item).where(eq(auction_item.auction_item_id, id)))[0];
}
async function counts(ofEvent = eventId) {
  const [r] = await db
    .select({ live: event.live_item_count, silent: event.silent_item_count, stock: event.inventory_item_count })
    .from(event)
    .where(eq(event.event_id, ofEvent));
  return r;
}
const errorsOf = (outcome: Outcome) => ((outcome.data as FormReply).error ?? {}) as Record<string, string[]>;
/** The message of a refusal about the form as a whole, checking it is the reply of that form. */
const formMessage = (outcome: Outcome, formId: string) => {
  expect(outcome.data).toMatchObject({ formId, status: "error" });
  return (outcome.data as FormReply).error?.[""]?.[0];
};
const itemIdIn = (location: string | undefined) => Number(new URL(location!, "http://x").searchParams.get("item"));

describe(`the auction item page on ${process.env.TEST_DB_ENGINE}`, () => {
  describe("the loader", () => {
    it("offers a new item of the type asked for, with the event's bid percentages", async () => {
      await db
        .update(event)
        .set({ meta: { bid_proposal: { starting_bid_percent: 50, increment_percent: 5 } } })
        .where(eq(event.event_id, eventId));
      const outcome = await load("?type=live");
      expect(outcome.status).toBe(200);
      const page = outcome.data as { item: unknown; values: { type: string; status: string }; proposal: unknown };
      expect(page.item).toBeNull();
      expect(page.values.type).toBe("live");
      expect(page.values.status).toBe("draft");
      expect(page.proposal).toEqual({ starting_bid_percent: 50, increment_percent: 5 });
      expect(((await load("?type=nonsense")).data as { values: { type: string } }).values.type).toBe("silent");
    });

    it("shows an item of the event with its inventory, and 404 for another event's item or a malformed id", async () => {
      const item = await addItem({ value: 30_000, lot: 7 });
      await addInventory({ title: "Massage", value: 10_000, auction_item_id: item.auction_item_id });
      await addInventory({ title: "Free one" });
      const outcome = await load(`?item=${item.auction_item_id}`);
      expect(outcome.status).toBe(200);
      const page = outcome.data as {
        item: { title: string; inventory: { title: string }[]; inventory_sum: string };
        values: { value: string; lot: string };
        free: { title: string }[];
      };
      expect(page.item.title).toBe("Spa day");
      expect(page.values).toMatchObject({ value: "300", lot: "7" });
      expect(page.item.inventory.map((r) => r.title)).toEqual(["Massage"]);
      expect(page.item.inventory_sum).toBe("100");
      expect(page.free.map((r) => r.title)).toEqual(["Free one"]);

      const other = await makeEvent(db);
      const theirs = await addItem({}, other.event_id);
      expect((await load(`?item=${theirs.auction_item_id}`)).status).toBe(404);
      expect((await load("?item=abc")).status).toBe(404);
      expect((await load("?item=99999999")).status).toBe(404);
    });
  });

  describe("creating an item", () => {
    it("saves every field, proposes the bids from the value, sanitises the description and counts it", async () => {
      const [travel] = await db.insert(category).values({ client_id: clientId, title: "Travel" }).returning();
      const outcome = await post("", {
        ...FORM,
        lot: "12",
        buy_now: "2,000",
        in_person_only: "on",
        tag: "NAPA",
        xinv_category_id: String(travel.category_id),
        xinv_disclaimer: "Blackout dates apply.",
        internal_notes: "Call the inn.",
      });
      expect(outcome.status).toBe(302);
      const saved = await row(itemIdIn(outcome.location));
      expect(saved).toMatchObject({
        event_id: eventId,
        title: "Wine Country Escape",
        lot: 12,
        type: "live",
        subtype: null,
        value: 100_000,
        starting_bid: 40_000,
        increment: 10_000,
        buy_now: 200_000,
        in_person_only: true,
        status: "draft",
        tag: "NAPA",
        display_order: 10,
        xinv_category_id: travel.category_id,
        xinv_disclaimer: "Blackout dates apply.",
        internal_notes: "Call the inn.",
      });
      expect(saved.description).toBe("<p>Two nights <strong>for two</strong>.</p>");
      expect(await counts()).toMatchObject({ live: 1, silent: 0 });
    });

    it("keeps amounts the organiser typed over the proposal, and proposes with the event's percentages", async () => {
      await db
        .update(event)
        .set({ meta: { bid_proposal: { starting_bid_percent: 50, increment_percent: 5 } } })
        .where(eq(event.event_id, eventId));
      const typed = await post("", { ...FORM, starting_bid: "300", increment: "25" });
      expect(await row(itemIdIn(typed.location))).toMatchObject({ starting_bid: 30_000, increment: 2_500 });
      const proposed = await post("", { ...FORM, title: "Other" });
      expect(await row(itemIdIn(proposed.location))).toMatchObject({ starting_bid: 50_000, increment: 5_000 });
    });

    it("stores a featured image and the first images of the gallery, in order", async () => {
      const body = new FormData();
      for (const [name, value] of Object.entries(FORM)) body.append(name, value);
      body.append("featured_image", pngFile(red, "red.png"));
      body.append("images", pngFile(red, "red.png"));
      body.append("images", pngFile(blue, "blue.png"));
      const request = new Request(new URL(PAGE, "http://localhost:3000"), {
        method: "POST",
        headers: { Cookie: owner },
        body,
      });
      const outcome = await call$(pageRoute.action, request);
      expect(outcome.status).toBe(302);
      const id = itemIdIn(outcome.location);
      expect((await row(id)).featured_image).toMatch(IMAGE_URL);
      const images = await db
        .select()
        .from(auction_item_image)
        .where(eq(auction_item_image.auction_item_id, id))
        .orderBy(asc(auction_item_image.display_order));
      expect(images.map((image) => image.display_order)).toEqual([0, 1]);
      expect(images[0].url).not.toBe(images[1].url);
    });

    it("refuses bad input with a message at each field, and saves nothing", async () => {
      await addItem({ lot: 12 });
      const cases: [Record<string, string>, string, RegExp][] = [
        [{ title: "" }, "title", /title/],
        [{ lot: "12" }, "lot", /^Lot 12 is already taken by another item of this event/],
        [{ lot: "-3" }, "lot", /whole number/],
        [{ value: "-100" }, "value", /cannot be negative/],
        [{ starting_bid: "-1" }, "starting_bid", /cannot be negative/],
        [{ starting_bid: "500", buy_now: "400" }, "buy_now", /above the starting bid/],
        [{ starting_bid: "500", buy_now: "500" }, "buy_now", /above the starting bid/],
        [{ increment: "0" }, "increment", /more than zero/],
        [{ quantity: "0" }, "quantity", /at least 1/],
        [{ type: "auction" }, "type", /silent, live/],
        [{ subtype: "bundle" }, "subtype", /package/],
        [{ status: "sold" }, "status", /draft, published or withdrawn/],
        [{ xinv_category_id: "abc" }, "xinv_category_id", /from the list/],
      ];
      for (const [change, field, message] of cases) {
        const outcome = await post("", { ...FORM, ...change });
        expect(outcome.status, JSON.stringify(change)).toBe(400);
        expect(errorsOf(outcome)[field]?.[0], JSON.stringify(change)).toMatch(message);
        // What was typed goes back (a blank title, left out by the contract, shows blank again).
        expect((outcome.data as FormReply).initialValue?.title ?? "").toBe(change.title ?? FORM.title);
      }
      // Another organisation's category.
      const other = await makeEvent(db);
      const [theirs] = await db.insert(category).values({ client_id: other.client_id, title: "Theirs" }).returning();
      const outcome = await post("", { ...FORM, xinv_category_id: String(theirs.category_id) });
      expect(errorsOf(outcome).xinv_category_id[0]).toMatch(/not in your organisation's list/);
      expect(await db.select().from(auction_item).where(eq(auction_item.event_id, eventId))).toHaveLength(1);
      expect(await counts()).toMatchObject({ live: 0 });
    });
  });

  describe("editing an item", () => {
    it("saves changes, fills a blank value from the inventory's sum, and recounts when the type changes", async () => {
      const item = await addItem({ lot: 3 });
      await addInventory({ value: 20_000, auction_item_id: item.auction_item_id });
      await addInventory({ value: 5_000, auction_item_id: item.auction_item_id });
      const outcome = await post(`?item=${item.auction_item_id}`, { ...FORM, lot: "3", value: "" });
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe(`${PAGE}?item=${item.auction_item_id}`);
      expect(await row(item.auction_item_id)).toMatchObject({
        type: "live",
        value: 25_000,
        starting_bid: 10_000,
        increment: 2_500,
      });
      expect(await counts()).toMatchObject({ live: 1, silent: 0 });
    });

    it("refuses a lot of another item, and a change of type once the item has bids, saying why", async () => {
      await addItem({ lot: 5, title: "Other" });
      const item = await addItem({ lot: 6 });
      const clash = await post(`?item=${item.auction_item_id}`, { ...FORM, type: "silent", lot: "5" });
      expect(errorsOf(clash).lot[0]).toMatch(/^Lot 5 is already taken/);
      await addBid(item.auction_item_id);
      const retype = await post(`?item=${item.auction_item_id}`, { ...FORM, type: "live", lot: "6" });
      expect(retype.status).toBe(400);
      expect(errorsOf(retype).type[0]).toMatch(/The type stays “silent”: this item has 1 bid/);
      expect((await row(item.auction_item_id)).type).toBe("silent");
      // Other changes are still saved on an item with bids.
      expect(
        (await post(`?item=${item.auction_item_id}`, { ...FORM, type: "silent", lot: "6", title: "Renamed" })).status,
      ).toBe(302);
      expect((await row(item.auction_item_id)).title).toBe("Renamed");
    });

    it("keeps a status the auction set, and refuses an unknown one", async () => {
      const item = await addItem({ status: "closed" });
      expect((await post(`?item=${item.auction_item_id}`, { ...FORM, type: "silent", status: "closed" })).status).toBe(
        302,
      );
      expect(
        errorsOf(await post(`?item=${item.auction_item_id}`, { ...FORM, type: "silent", status: "sold" })).status[0],
      ).toMatch(/draft/);
    });

    it("answers 404 for another event's item, and changes nothing", async () => {
      const other = await makeEvent(db);
      const theirs = await addItem({ title: "Theirs" }, other.event_id);
      expect((await post(`?item=${theirs.auction_item_id}`, FORM)).status).toBe(404);
      expect((await post(`?item=${theirs.auction_item_id}`, { intent: "delete" })).status).toBe(404);
      expect((await post(`?item=${theirs.auction_item_id}`, { intent: "use-sum" })).status).toBe(404);
      expect((await post(`?item=${theirs.auction_item_id}`, { intent: "image-remove", image_id: "1" })).status).toBe(
        404,
      );
      expect((await row(theirs.auction_item_id)).title).toBe("Theirs");
    });
  });

  describe("its inventory", () => {
    it("adds free inventory, making a package worth their sum, takes it out again, and uses the sum on demand", async () => {
      const item = await addItem();
      const a = await addInventory({ title: "Dinner", value: 20_000 });
      const b = await addInventory({ title: "Tickets", value: 15_000 });
      const q = `?item=${item.auction_item_id}`;
      const added = await post(q, { intent: "add-inventory", id: [String(a.inventory_id), String(b.inventory_id)] });
      expect(added.status).toBe(302);
      expect(await row(item.auction_item_id)).toMatchObject({
        subtype: "package",
        value: 35_000,
        starting_bid: 14_000,
        increment: 3_500,
      });
      expect(
        (await db.select().from(inventory).where(eq(inventory.auction_item_id, item.auction_item_id))).length,
      ).toBe(2);

      // A typed value stays; "use the sum" replaces it.
      await db
        .update(auction_item)
        .set({ value: 99_900 })
        .where(eq(auction_item.auction_item_id, item.auction_item_id));
      expect((await post(q, { intent: "remove-inventory", id: String(b.inventory_id) })).status).toBe(302);
      expect((await row(item.auction_item_id)).value).toBe(99_900);
      expect((await post(q, { intent: "use-sum" })).status).toBe(302);
      expect((await row(item.auction_item_id)).value).toBe(20_000);
      expect(
        (await db.select().from(inventory).where(eq(inventory.inventory_id, b.inventory_id)))[0].auction_item_id,
      ).toBeNull();
      expect(await counts()).toMatchObject({ stock: 0 }); // counted by the inventory screens; these rows were inserted directly
    });

    it("refuses another event's inventory, inventory already in an item, an empty choice, and changes once bid on", async () => {
      const item = await addItem();
      const q = `?item=${item.auction_item_id}`;
      const other = await makeEvent(db);
      const theirs = await addInventory({ title: "Theirs" }, other.event_id);
      const elsewhere = await addItem({ title: "Elsewhere" });
      const taken = await addInventory({ title: "Taken", auction_item_id: elsewhere.auction_item_id });
      const free = await addInventory({ title: "Free" });

      const foreign = await post(q, {
        intent: "add-inventory",
        id: [String(free.inventory_id), String(theirs.inventory_id)],
      });
      expect(foreign.status).toBe(400);
      expect(formMessage(foreign, "item-inventory")).toMatch(/no longer exists/);
      const busy = await post(q, { intent: "add-inventory", id: String(taken.inventory_id) });
      expect(formMessage(busy, "item-inventory")).toMatch(/“Taken” is already in an auction item/);
      expect((await post(q, { intent: "add-inventory" })).status).toBe(400);
      expect(
        (await db.select().from(inventory).where(eq(inventory.inventory_id, free.inventory_id)))[0].auction_item_id,
      ).toBeNull();

      expect((await post(q, { intent: "add-inventory", id: String(free.inventory_id) })).status).toBe(302);
      await addBid(item.auction_item_id);
      const out = await post(q, { intent: "remove-inventory", id: String(free.inventory_id) });
      expect(formMessage(out, "item-inventory")).toMatch(/has 1 bid: bidders bid on what it holds/);
      // Another item's inventory cannot be taken out through this one.
      expect(
        (
          await post(`?item=${elsewhere.auction_item_id}`, {
            intent: "remove-inventory",
            id: String(free.inventory_id),
          })
        ).status,
      ).toBe(302);
      expect(
        (await db.select().from(inventory).where(eq(inventory.inventory_id, free.inventory_id)))[0].auction_item_id,
      ).toBe(item.auction_item_id);
      expect((await post(q, { intent: "use-sum" })).status).toBe(400);
    });
  });

  describe("deleting", () => {
    it("deletes an item without bids and recounts; refuses one with bids, saying why", async () => {
      const live = { auction_item_id: itemIdIn((await post("", { ...FORM, title: "Live one" })).location) };
      const held = { auction_item_id: itemIdIn((await post("", { ...FORM, title: "Held" })).location) };
      expect(await counts()).toMatchObject({ live: 2 });
      const deleted = await post(`?item=${live.auction_item_id}`, { intent: "delete" });
      expect(deleted.status).toBe(302);
      expect(deleted.location).toBe("/admin/auction_items/live_packages");
      expect(await counts()).toMatchObject({ live: 1 });
      await addBid(held.auction_item_id);
      const refused = await post(`?item=${held.auction_item_id}`, { intent: "delete" });
      expect(refused.status).toBe(400);
      expect(formMessage(refused, "delete")).toMatch(/“Held” has bids or sales/);
      expect(await row(held.auction_item_id)).toBeDefined();
    });
  });

  it("refuses an unknown intent, and answers 403 without can_edit_auction_items", async () => {
    const item = await addItem({ title: "Kept" });
    expect((await post(`?item=${item.auction_item_id}`, { intent: "explode" })).status).toBe(400);
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await load("", cookie)).status).toBe(403);
    expect((await load(`?item=${item.auction_item_id}`, cookie)).status).toBe(403);
    expect((await post("", FORM, cookie)).status).toBe(403);
    expect((await post(`?item=${item.auction_item_id}`, { intent: "delete" }, cookie)).status).toBe(403);
    expect((await row(item.auction_item_id)).title).toBe("Kept");
  });
});
