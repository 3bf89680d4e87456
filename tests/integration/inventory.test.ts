// The inventory: its grid (/admin/auction_items/inventory), the new item's page and each item's page with its
// image gallery, through the routes' loaders and actions, on a real database and real uploads.
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as gridRoute from "~/routes/admin._workspace.auction_items.inventory";
import * as itemRoute from "~/routes/admin._workspace.auction_items.inventory_.$inventoryId";
import * as newRoute from "~/routes/admin._workspace.auction_items.inventory_.new";
import { auction_item, bid, category, donor, event, inventory, inventory_image, staff } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";
import type { FormReply } from "~/forms/form-contract";

const { db } = testDatabase();
const GRID = "/admin/auction_items/inventory";
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

// Three small pictures of different colours (so different files), made once.
let red: Buffer;
let green: Buffer;
let blue: Buffer;
beforeAll(async () => {
  const png = (r: number, g: number, b: number) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  [red, green, blue] = await Promise.all([png(200, 30, 30), png(30, 200, 30), png(30, 30, 200)]);
});
const pngFile = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: "image/png" });

const call$ = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  call(fn as RouteFunction, request, params);
const postGrid = (form: Record<string, string | string[]>, cookie = owner) =>
  call$(gridRoute.action, makeRequest(GRID, { cookie, form }));
const loadGrid = (cookie = owner, path = GRID) => call$(gridRoute.loader, makeRequest(path, { cookie }));
const postNew = (form: Record<string, string | string[]>, cookie = owner) =>
  call$(newRoute.action, makeRequest(`${GRID}/new`, { cookie, form }));
const itemPath = (id: number | string) => `${GRID}/${id}`;
const loadItem = (id: number | string, cookie = owner) =>
  call$(itemRoute.loader, makeRequest(itemPath(id), { cookie }), { inventoryId: String(id) });
const postItem = (id: number | string, form: Record<string, string | string[]>, cookie = owner) =>
  call$(itemRoute.action, makeRequest(itemPath(id), { cookie, form }), { inventoryId: String(id) });

/** A multipart post, as a browser sends a form with files. */
function multipart(path: string, fields: Array<[string, string | File]>, cookie = owner): Request {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request(new URL(path, "http://localhost:3000"), { method: "POST", headers: { Cookie: cookie }, body });
}

const FULL_FORM = {
  title: "Weekend in Napa",
  description: "<p>Two nights <strong>for two</strong>.</p><script>alert(1)</script>",
  tag: "NAPA-1",
  value: "1,250.50",
  donor_id: "",
  category_id: "",
  staff_id: "",
  disclaimer: "Blackout dates apply.",
  internal_notes: "Call the inn first.",
  display_order: "20",
};

async function addCategory(title: string, ofClient = clientId) {
  return (await db.insert(category).values({ client_id: ofClient, title }).returning())[0];
}
async function addItem(fields: Partial<typeof inventory.$inferInsert> = {}, ofEvent = eventId) {
  return (
    await db
      .insert(inventory)
      .values({ event_id: ofEvent, title: "Hotel voucher", ...fields })
      .returning()
  )[0];
}
async function addAuctionItem(fields: Partial<typeof auction_item.$inferInsert> = {}, ofEvent = eventId) {
  return (
    await db
      .insert(auction_item)
      .values({ event_id: ofEvent, title: "Wine Country Escape", lot: 12, ...fields })
      .returning()
  )[0];
}
async function addBid(auctionItemId: number, amount = 50_000) {
  await db.insert(bid).values({ event_id: eventId, usr_id: userId, auction_item_id: auctionItemId, bid: amount });
}
async function inventoryCount(ofEvent = eventId) {
  return (await db.select({ n: event.inventory_item_count }).from(event).where(eq(event.event_id, ofEvent)))[0].n;
}
async function itemRow(id: number) {
  return (await db.select().from(inventory).where(eq(inventory.inventory_id, id)))[0];
}
async function imagesOf(id: number) {
  return db
    .select({ id: inventory_image.inventory_image_id, url: inventory_image.url, order: inventory_image.display_order })
    .from(inventory_image)
    .where(eq(inventory_image.inventory_id, id))
    .orderBy(asc(inventory_image.display_order));
}
async function eventItems(ofEvent = eventId) {
  return db.select().from(inventory).where(eq(inventory.event_id, ofEvent)).orderBy(asc(inventory.inventory_id));
}
const fieldErrors = (outcome: Outcome) => ((outcome.data as FormReply).error ?? {}) as Record<string, string[]>;

describe(`the inventory on ${process.env.TEST_DB_ENGINE}`, () => {
  describe("the grid's loader", () => {
    it("lists the event's items with donor, category, staff, auction item, images and the value in the event's currency", async () => {
      const travel = await addCategory("Travel");
      const [inn] = await db
        .insert(donor)
        .values({ client_id: clientId, title: "Chatham Harbor Inn", first_name: "Claire" })
        .returning();
      const [person] = await db
        .insert(donor)
        .values({ client_id: clientId, first_name: "Tom", last_name: "Whitaker" })
        .returning();
      const [allison] = await db
        .insert(staff)
        .values({ client_id: clientId, first_name: "Allison", last_name: "Reed", grid_row_color: "#fff3c4" })
        .returning();
      const lot = await addAuctionItem();
      const napa = await addItem({
        title: "Weekend in Napa",
        value: 125_050,
        tag: "N-1",
        display_order: 2,
        donor_id: inn.donor_id,
        category_id: travel.category_id,
        staff_id: allison.staff_id,
        auction_item_id: lot.auction_item_id,
      });
      await db.insert(inventory_image).values([
        { inventory_id: napa.inventory_id, url: "/demo/items/a.svg", display_order: 0 },
        { inventory_id: napa.inventory_id, url: "/demo/items/b.svg", display_order: 1 },
      ]);
      await addItem({ title: "Signed ball", display_order: 1, donor_id: person.donor_id });
      const other = await makeEvent(db);
      await addItem({ title: "Not ours" }, other.event_id);

      const outcome = await loadGrid(owner, `${GRID}?id=${eventId}`);
      expect(outcome.status).toBe(200);
      const { items, categories, eventQuery } = outcome.data as {
        items: Record<string, unknown>[];
        categories: unknown[];
        eventQuery: string;
      };
      expect(items.map((item) => item.title)).toEqual(["Signed ball", "Weekend in Napa"]);
      expect(items[0]).toMatchObject({
        donor_name: "Tom Whitaker",
        category_title: null,
        auction_item_id: null,
        image_count: 0,
        value_label: null,
      });
      expect(items[1]).toMatchObject({
        inventory_id: napa.inventory_id,
        value: 125_050,
        value_label: "$1,250.50",
        tag: "N-1",
        donor_name: "Chatham Harbor Inn",
        category_id: travel.category_id,
        category_title: "Travel",
        staff_name: "Allison Reed",
        staff_color: "#fff3c4",
        auction_item_id: lot.auction_item_id,
        auction_item_lot: 12,
        auction_item_title: "Wine Country Escape",
        image_count: 2,
        display_order: 2,
      });
      expect(categories).toEqual([{ value: String(travel.category_id), label: "Travel" }]);
      expect(eventQuery).toBe(`?id=${eventId}`);
    });
  });

  describe("creating an item", () => {
    it("saves every field, cleans the description, keeps the count, and opens the item's page", async () => {
      const travel = await addCategory("Travel");
      const [inn] = await db.insert(donor).values({ client_id: clientId, title: "Chatham Harbor Inn" }).returning();
      const [allison] = await db.insert(staff).values({ client_id: clientId, first_name: "Allison" }).returning();
      const outcome = await call$(
        newRoute.action,
        makeRequest(`${GRID}/new?id=${eventId}`, {
          cookie: owner,
          form: {
            intent: "create",
            ...FULL_FORM,
            donor_id: String(inn.donor_id),
            category_id: String(travel.category_id),
            staff_id: String(allison.staff_id),
          },
        }),
      );
      const [row] = await eventItems();
      expect(outcome).toMatchObject({ status: 302, location: `${GRID}/${row.inventory_id}?id=${eventId}` });
      expect(row).toMatchObject({
        title: "Weekend in Napa",
        description: "<p>Two nights <strong>for two</strong>.</p>",
        tag: "NAPA-1",
        value: 125_050,
        donor_id: inn.donor_id,
        category_id: travel.category_id,
        staff_id: allison.staff_id,
        disclaimer: "Blackout dates apply.",
        internal_notes: "Call the inn first.",
        display_order: 20,
        auction_item_id: null,
      });
      expect(await inventoryCount()).toBe(1);
    });

    it("stores blank optional fields as null and a blank order as 0", async () => {
      await postNew({
        intent: "create",
        title: "Plain",
        description: "<p></p>",
        tag: " ",
        value: "",
        donor_id: "",
        category_id: "",
        staff_id: "",
        disclaimer: "",
        internal_notes: "",
        display_order: "",
      });
      const [row] = await eventItems();
      expect(row).toMatchObject({
        title: "Plain",
        description: null,
        tag: null,
        value: null,
        donor_id: null,
        category_id: null,
        staff_id: null,
        disclaimer: null,
        internal_notes: null,
        display_order: 0,
      });
    });

    it.each([
      ["a missing title", { title: "  " }, "title", "Give the item a title."],
      ["a negative value", { value: "-5" }, "value", "Amounts cannot be negative."],
      ["a garbled value", { value: "12abc" }, "value", "Enter an amount such as 1,250 or 1,250.50."],
      ["a value with three decimals", { value: "1.234" }, "value", "Enter an amount such as 1,250 or 1,250.50."],
      [
        "a value beyond any gala",
        { value: "99999999999" },
        "value",
        "That amount is too large: the most is 20,000,000.",
      ],
      ["a donor that is not an id", { donor_id: "abc" }, "donor_id", "Choose a donor from the list."],
      ["a negative order", { display_order: "-1" }, "display_order", "Enter a whole number, 0 or more (such as 10)."],
    ])("refuses %s beside the field, keeping what was typed, creating nothing", async (_, change, field, message) => {
      const outcome = await postNew({ intent: "create", ...FULL_FORM, ...change });
      expect(outcome.status).toBe(400);
      expect(fieldErrors(outcome)[field]).toEqual([message]);
      // What was typed goes back; blank fields (the contract leaves them out) show blank again.
      const typed = Object.entries({ ...FULL_FORM, ...change }).filter(([, value]) => value !== "");
      expect((outcome.data as FormReply).initialValue).toMatchObject(Object.fromEntries(typed));
      expect(await eventItems()).toEqual([]);
      expect(await inventoryCount()).toBe(0);
    });

    it("refuses another organisation's category, donor or staff member", async () => {
      const other = await makeEvent(db);
      const theirs = await addCategory("Theirs", other.client_id);
      const [theirDonor] = await db
        .insert(donor)
        .values({ client_id: other.client_id, title: "Their donor" })
        .returning();
      const [theirStaff] = await db
        .insert(staff)
        .values({ client_id: other.client_id, first_name: "Their" })
        .returning();
      for (const [field, id] of [
        ["category_id", theirs.category_id],
        ["donor_id", theirDonor.donor_id],
        ["staff_id", theirStaff.staff_id],
      ] as const) {
        const outcome = await postNew({ intent: "create", ...FULL_FORM, [field]: String(id) });
        expect(outcome.status).toBe(400);
        expect(fieldErrors(outcome)[field]?.[0]).toMatch(/is not in your organisation's list/);
      }
      expect(await eventItems()).toEqual([]);
    });

    it("stores the chosen images in the order chosen", async () => {
      const outcome = await call$(
        newRoute.action,
        multipart(`${GRID}/new`, [
          ["intent", "create"],
          ...Object.entries({ ...FULL_FORM, title: "With pictures" }),
          ["images", pngFile(red, "first.png")],
          ["images", pngFile(green, "second.png")],
        ]),
      );
      expect(outcome.status).toBe(302);
      const [row] = await eventItems();
      const images = await imagesOf(row.inventory_id);
      expect(images).toHaveLength(2);
      expect(images.map((image) => image.order)).toEqual([0, 1]);
      for (const image of images) expect(image.url).toMatch(IMAGE_URL);
      expect(images[0].url).not.toBe(images[1].url);
    });

    it("refuses the whole form when a chosen file is not an image, naming it", async () => {
      const outcome = await call$(
        newRoute.action,
        multipart(`${GRID}/new`, [
          ["intent", "create"],
          ...Object.entries(FULL_FORM),
          ["images", pngFile(red, "fine.png")],
          ["images", new File(["just some words, not a picture".repeat(10)], "notes.png", { type: "image/png" })],
        ]),
      );
      expect(outcome.status).toBe(400);
      expect(fieldErrors(outcome).images?.[0]).toMatch(/^notes\.png: /);
      expect(await eventItems()).toEqual([]);
    });

    it("refuses a post without its intent", async () => {
      expect((await postNew({ ...FULL_FORM })).status).toBe(400);
    });

    it("proposes a display order after the event's items", async () => {
      await addItem({ display_order: 35 });
      const outcome = await call$(newRoute.loader, makeRequest(`${GRID}/new`, { cookie: owner }));
      expect(outcome.data).toMatchObject({ displayOrder: 40, currency: "USD" });
    });
  });

  describe("an item's page", () => {
    it("loads the item with its values as the form shows them, and its images in order", async () => {
      const lot = await addAuctionItem();
      const item = await addItem({
        title: "Napa",
        value: 125_000,
        description: "<p onclick='x()'>Hi</p>",
        auction_item_id: lot.auction_item_id,
      });
      await db.insert(inventory_image).values([
        { inventory_id: item.inventory_id, url: "/demo/b.svg", display_order: 1 },
        { inventory_id: item.inventory_id, url: "/demo/a.svg", display_order: 0 },
      ]);
      const outcome = await loadItem(item.inventory_id);
      expect(outcome.status).toBe(200);
      expect(outcome.data).toMatchObject({
        item: { title: "Napa", auctionItem: "lot 12 “Wine Country Escape”" },
        values: { value: "1250", description: "<p>Hi</p>", donor_id: "", display_order: "0" },
      });
      const { images } = (outcome.data as { item: { images: { url: string }[] } }).item;
      expect(images.map((image) => image.url)).toEqual(["/demo/a.svg", "/demo/b.svg"]);
    });

    it("answers 404 for another event's item and for an id that is not one", async () => {
      const other = await makeEvent(db);
      const theirs = await addItem({ title: "Theirs" }, other.event_id);
      expect((await loadItem(theirs.inventory_id)).status).toBe(404);
      expect((await loadItem("abc")).status).toBe(404);
      expect((await loadItem("0")).status).toBe(404);
      expect((await postItem(theirs.inventory_id, { intent: "save", ...FULL_FORM })).status).toBe(404);
      expect((await postItem(theirs.inventory_id, { intent: "delete" })).status).toBe(404);
      expect(
        (await postItem(theirs.inventory_id, { intent: "image-move", image_id: "1", direction: "up" })).status,
      ).toBe(404);
      expect((await itemRow(theirs.inventory_id)).title).toBe("Theirs");
    });

    it("saves the form, and refuses bad input beside its field", async () => {
      const item = await addItem({ title: "Old title", value: 100 });
      const saved = await postItem(item.inventory_id, { intent: "save", ...FULL_FORM, value: "2000" });
      expect(saved).toMatchObject({ status: 302, location: itemPath(item.inventory_id) });
      expect(await itemRow(item.inventory_id)).toMatchObject({
        title: "Weekend in Napa",
        value: 200_000,
        display_order: 20,
      });

      const refused = await postItem(item.inventory_id, { intent: "save", ...FULL_FORM, title: "", value: "-3" });
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused)).toMatchObject({
        title: ["Give the item a title."],
        value: ["Amounts cannot be negative."],
      });
      expect((await itemRow(item.inventory_id)).title).toBe("Weekend in Napa");
    });

    it("deletes the item with its images, keeping the count, and goes back to the grid", async () => {
      const created = await postNew({ intent: "create", ...FULL_FORM });
      expect(created.status).toBe(302);
      const [row] = await eventItems();
      await db.insert(inventory_image).values({ inventory_id: row.inventory_id, url: "/demo/a.svg" });
      expect(await inventoryCount()).toBe(1);
      const outcome = await postItem(row.inventory_id, { intent: "delete" });
      expect(outcome).toMatchObject({ status: 302, location: GRID });
      expect(await eventItems()).toEqual([]);
      expect(await imagesOf(row.inventory_id)).toEqual([]);
      expect(await inventoryCount()).toBe(0);
    });

    it("refuses to delete an item whose auction item has bids, saying why", async () => {
      const lot = await addAuctionItem();
      await addBid(lot.auction_item_id);
      const item = await addItem({ title: "Napa inn", auction_item_id: lot.auction_item_id });
      const outcome = await postItem(item.inventory_id, { intent: "delete" });
      expect(outcome.status).toBe(400);
      expect(outcome.data).toMatchObject({ formId: "delete", status: "error" });
      expect((outcome.data as FormReply).error?.[""]?.[0]).toBe(
        "This item was not deleted. “Napa inn” is in lot 12 “Wine Country Escape”, which has 1 bid. " +
          "Bidders bid on what an auction item holds, so once it has bids its items stay in it.",
      );
      expect(await itemRow(item.inventory_id)).toBeDefined();
    });
  });

  describe("the gallery", () => {
    const addImages = (id: number, files: File[]) =>
      call$(
        itemRoute.action,
        multipart(itemPath(id), [["intent", "images-add"], ...files.map((file) => ["images", file] as [string, File])]),
        { inventoryId: String(id) },
      );

    it("adds several images after the ones there, moves one up and down, and removes one", async () => {
      const item = await addItem();
      await db
        .insert(inventory_image)
        .values({ inventory_id: item.inventory_id, url: "/demo/items/first.svg", display_order: 0 });
      const added = await addImages(item.inventory_id, [pngFile(red, "r.png"), pngFile(green, "g.png")]);
      expect(added).toMatchObject({ status: 302, location: itemPath(item.inventory_id) });
      const [first, r, g] = await imagesOf(item.inventory_id);
      expect(first.url).toBe("/demo/items/first.svg");
      expect([r.url, g.url].every((url) => IMAGE_URL.test(url))).toBe(true);

      const move = (imageId: number, direction: string) =>
        postItem(item.inventory_id, { intent: "image-move", image_id: String(imageId), direction });
      expect(await move(g.id, "up")).toMatchObject({ status: 302 });
      expect((await imagesOf(item.inventory_id)).map((image) => image.id)).toEqual([first.id, g.id, r.id]);
      expect(await move(g.id, "up")).toMatchObject({ status: 302 });
      expect(await move(g.id, "up")).toMatchObject({ status: 302 }); // Already first: no change.
      expect(await move(first.id, "down")).toMatchObject({ status: 302 });
      const moved = await imagesOf(item.inventory_id);
      expect(moved.map((image) => image.id)).toEqual([g.id, r.id, first.id]);
      expect(moved.map((image) => image.order)).toEqual([0, 1, 2]);

      expect(await postItem(item.inventory_id, { intent: "image-remove", image_id: String(r.id) })).toMatchObject({
        status: 302,
      });
      const left = await imagesOf(item.inventory_id);
      expect(left.map((image) => [image.id, image.order])).toEqual([
        [g.id, 0],
        [first.id, 1],
      ]);
    });

    it("never touches another item's image, and refuses malformed posts", async () => {
      const mine = await addItem();
      const other = await addItem({ title: "Other" });
      const [theirs] = await db
        .insert(inventory_image)
        .values({ inventory_id: other.inventory_id, url: "/demo/x.svg" })
        .returning();
      const id = String(theirs.inventory_image_id);
      expect(await postItem(mine.inventory_id, { intent: "image-move", image_id: id, direction: "up" })).toMatchObject({
        status: 400,
        data: { formId: "gallery", error: { "": ["This image is no longer here. Reload the page."] } },
      });
      expect(await postItem(mine.inventory_id, { intent: "image-remove", image_id: id })).toMatchObject({
        status: 400,
      });
      expect(await imagesOf(other.inventory_id)).toHaveLength(1);
      expect(
        (await postItem(mine.inventory_id, { intent: "image-move", image_id: id, direction: "sideways" })).status,
      ).toBe(400);
      expect((await postItem(mine.inventory_id, { intent: "image-remove", image_id: "x" })).status).toBe(400);
    });

    it("refuses an add without files, with a file that is not an image, or past the gallery's size", async () => {
      const item = await addItem();
      expect(await postItem(item.inventory_id, { intent: "images-add" })).toMatchObject({
        status: 400,
        data: { formId: "gallery", error: { images: ["Choose one or more images to add first."] } },
      });
      const bad = await addImages(item.inventory_id, [
        pngFile(blue, "ok.png"),
        new File(["not a picture at all"], "x.png"),
      ]);
      expect(bad.status).toBe(400);
      expect(bad.data).toMatchObject({
        formId: "gallery",
        error: { images: [expect.stringMatching(/^Nothing was added\. x\.png: /)] },
      });
      expect(await imagesOf(item.inventory_id)).toEqual([]);

      await db.insert(inventory_image).values(
        Array.from({ length: 23 }, (_, i) => ({
          inventory_id: item.inventory_id,
          url: `/demo/${i}.svg`,
          display_order: i,
        })),
      );
      const full = await addImages(item.inventory_id, [pngFile(red, "a.png"), pngFile(green, "b.png")]);
      expect(full).toMatchObject({
        status: 400,
        data: {
          formId: "gallery",
          error: { images: ["Nothing was added. An item can have 24 images: there is room for 1 more. Choose fewer."] },
        },
      });
      expect(await imagesOf(item.inventory_id)).toHaveLength(23);
    });
  });

  describe("the grid's inline edits", () => {
    const edit = (id: number, field: string, value: string) =>
      postGrid({ intent: "inline-edit", id: String(id), field, value });

    it("changes the title, value, tag and category in place", async () => {
      const travel = await addCategory("Travel");
      const item = await addItem();
      expect(await edit(item.inventory_id, "title", " Two nights ")).toMatchObject({ status: 200, data: { ok: true } });
      expect(await edit(item.inventory_id, "value", "$1,250")).toMatchObject({ status: 200 });
      expect(await edit(item.inventory_id, "tag", "T-9")).toMatchObject({ status: 200 });
      expect(await edit(item.inventory_id, "category", String(travel.category_id))).toMatchObject({ status: 200 });
      expect(await itemRow(item.inventory_id)).toMatchObject({
        title: "Two nights",
        value: 125_000,
        tag: "T-9",
        category_id: travel.category_id,
      });
      expect(await edit(item.inventory_id, "category", "")).toMatchObject({ status: 200 });
      expect(await edit(item.inventory_id, "value", "")).toMatchObject({ status: 200 });
      expect(await itemRow(item.inventory_id)).toMatchObject({ category_id: null, value: null });
    });

    it.each([
      ["title", "", "Give the item a title."],
      ["value", "-10", "Amounts cannot be negative."],
      ["value", "ten dollars", "Enter an amount such as 1,250 or 1,250.50."],
      ["category", "x", "Choose a category from the list."],
    ])("refuses %s = %j with a message for the cell", async (field, value, message) => {
      const item = await addItem({ value: 500 });
      expect(await edit(item.inventory_id, field, value)).toMatchObject({
        status: 400,
        data: { inlineError: { id: String(item.inventory_id), field, message } },
      });
      expect(await itemRow(item.inventory_id)).toMatchObject({ title: "Hotel voucher", value: 500 });
    });

    it("refuses another organisation's category, a field the grid does not edit, and another event's item", async () => {
      const item = await addItem();
      const other = await makeEvent(db);
      const theirCategory = await addCategory("Theirs", other.client_id);
      expect((await edit(item.inventory_id, "category", String(theirCategory.category_id))).status).toBe(400);
      expect((await edit(item.inventory_id, "event_id", String(other.event_id))).status).toBe(400);
      expect((await edit(item.inventory_id, "auction_item_id", "1")).status).toBe(400);
      const theirs = await addItem({ title: "Theirs" }, other.event_id);
      expect(await edit(theirs.inventory_id, "title", "Mine now")).toMatchObject({
        status: 400,
        data: { inlineError: { message: "This inventory item no longer exists. Reload the page." } },
      });
      expect((await itemRow(theirs.inventory_id)).title).toBe("Theirs");
      expect((await itemRow(item.inventory_id)).category_id).toBeNull();
    });
  });

  describe("the grid's actions on selected rows", () => {
    it("changes the category of the selected items, or takes them out of any", async () => {
      const travel = await addCategory("Travel");
      const a = await addItem();
      const b = await addItem();
      const untouched = await addItem();
      const outcome = await postGrid({
        intent: "change-category",
        id: [String(a.inventory_id), String(b.inventory_id)],
        category_id: String(travel.category_id),
      });
      expect(outcome).toMatchObject({ status: 302, location: GRID });
      expect((await eventItems()).map((row) => row.category_id)).toEqual([
        travel.category_id,
        travel.category_id,
        null,
      ]);
      expect(
        await postGrid({ intent: "change-category", id: String(a.inventory_id), category_id: "none" }),
      ).toMatchObject({ status: 302 });
      expect((await itemRow(a.inventory_id)).category_id).toBeNull();
      expect((await itemRow(untouched.inventory_id)).category_id).toBeNull();
    });

    it("refuses a category change without a choice, with a category of another organisation, or without rows", async () => {
      const a = await addItem();
      const other = await makeEvent(db);
      const theirs = await addCategory("Theirs", other.client_id);
      const theirItem = await addItem({ title: "Theirs" }, other.event_id);
      expect(await postGrid({ intent: "change-category", id: String(a.inventory_id), category_id: "" })).toMatchObject({
        status: 400,
        data: { bulkError: "Choose the category to put the selected items in." },
      });
      expect(
        (
          await postGrid({
            intent: "change-category",
            id: String(a.inventory_id),
            category_id: String(theirs.category_id),
          })
        ).status,
      ).toBe(400);
      expect((await postGrid({ intent: "change-category", category_id: "none" })).status).toBe(400);
      // Another event's item is not changed, even in our own category.
      const mine = await addCategory("Mine");
      await postGrid({
        intent: "change-category",
        id: String(theirItem.inventory_id),
        category_id: String(mine.category_id),
      });
      expect((await itemRow(theirItem.inventory_id)).category_id).toBeNull();
      expect((await itemRow(a.inventory_id)).category_id).toBeNull();
    });

    it("takes items out of their auction item, unless it has bids", async () => {
      const quiet = await addAuctionItem({ lot: 1, title: "Quiet lot" });
      const busy = await addAuctionItem({ lot: 2, title: "Busy lot" });
      await addBid(busy.auction_item_id);
      await addBid(busy.auction_item_id, 60_000);
      const a = await addItem({ title: "A", auction_item_id: quiet.auction_item_id });
      const b = await addItem({ title: "B", auction_item_id: busy.auction_item_id });

      const refused = await postGrid({ intent: "unassign", id: [String(a.inventory_id), String(b.inventory_id)] });
      expect(refused.status).toBe(400);
      expect((refused.data as { bulkError: string }).bulkError).toBe(
        "Nothing was changed. “B” is in lot 2 “Busy lot”, which has 2 bids. " +
          "Bidders bid on what an auction item holds, so once it has bids its items stay in it.",
      );
      expect((await itemRow(a.inventory_id)).auction_item_id).toBe(quiet.auction_item_id);

      expect(await postGrid({ intent: "unassign", id: String(a.inventory_id) })).toMatchObject({
        status: 302,
        location: GRID,
      });
      expect((await itemRow(a.inventory_id)).auction_item_id).toBeNull();
      expect((await postGrid({ intent: "unassign" })).status).toBe(400);
    });

    it("deletes the selected items with their images, keeping the event's count, and ignores other events' ids", async () => {
      const a = await addItem({ title: "A" });
      const b = await addItem({ title: "B" });
      await addItem({ title: "C" });
      await db.insert(inventory_image).values({ inventory_id: a.inventory_id, url: "/demo/a.svg" });
      const other = await makeEvent(db);
      const theirs = await addItem({ title: "Theirs" }, other.event_id);

      const outcome = await postGrid({
        intent: "delete",
        id: [String(a.inventory_id), String(b.inventory_id), String(theirs.inventory_id)],
      });
      expect(outcome).toMatchObject({ status: 302, location: GRID });
      expect((await eventItems()).map((row) => row.title)).toEqual(["C"]);
      expect(await imagesOf(a.inventory_id)).toEqual([]);
      expect(await inventoryCount()).toBe(1);
      expect(await itemRow(theirs.inventory_id)).toBeDefined();
      expect((await postGrid({ intent: "delete" })).status).toBe(400);
      expect((await postGrid({ intent: "delete", id: "abc" })).status).toBe(400);
    });

    it("refuses the whole delete when one item's auction item has bids, naming it", async () => {
      const lot = await addAuctionItem();
      await addBid(lot.auction_item_id);
      const free = await addItem({ title: "Free" });
      const held = await addItem({ title: "Held", auction_item_id: lot.auction_item_id });
      const outcome = await postGrid({ intent: "delete", id: [String(free.inventory_id), String(held.inventory_id)] });
      expect(outcome.status).toBe(400);
      expect((outcome.data as { bulkError: string }).bulkError).toMatch(
        /^Nothing was deleted\. “Held” is in lot 12 “Wine Country Escape”, which has 1 bid\./,
      );
      expect(await eventItems()).toHaveLength(2);
      // Without bids, an item in an auction item goes (the auction item stays).
      await db.delete(bid).where(eq(bid.auction_item_id, lot.auction_item_id));
      expect((await postGrid({ intent: "delete", id: String(held.inventory_id) })).status).toBe(302);
      expect(
        await db.select().from(auction_item).where(eq(auction_item.auction_item_id, lot.auction_item_id)),
      ).toHaveLength(1);
    });

    it("refuses an unknown intent", async () => {
      expect((await postGrid({ intent: "explode" })).status).toBe(400);
    });
  });

  it("answers 403 to a team member without can_edit_auction_items, and changes nothing", async () => {
    const item = await addItem({ title: "Kept" });
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    const cookie = await sessionCookie(user.usr_id);
    expect((await loadGrid(cookie)).status).toBe(403);
    expect((await postGrid({ intent: "delete", id: String(item.inventory_id) }, cookie)).status).toBe(403);
    expect((await call$(newRoute.loader, makeRequest(`${GRID}/new`, { cookie }))).status).toBe(403);
    expect((await postNew({ intent: "create", ...FULL_FORM }, cookie)).status).toBe(403);
    expect((await loadItem(item.inventory_id, cookie)).status).toBe(403);
    expect((await postItem(item.inventory_id, { intent: "save", ...FULL_FORM }, cookie)).status).toBe(403);
    expect((await postItem(item.inventory_id, { intent: "delete" }, cookie)).status).toBe(403);
    expect((await eventItems()).map((row) => row.title)).toEqual(["Kept"]);
  });
});
