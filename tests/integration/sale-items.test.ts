// /admin/auction_items/items_for_sale: fixed-price items, their stock and what is sold.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as route from "~/routes/admin._workspace.auction_items.items_for_sale";
import { auction_item, category, event, purchase } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const PATH = "/admin/auction_items/items_for_sale";

let eventId: number;
let clientId: number;
let owner: string;

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  clientId = made.client_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
});

const post = (form: Record<string, string | string[]>, cookie = owner) =>
  call(route.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const saleItems = () =>
  db
    .select()
    .from(auction_item)
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, "sale")));
const NEW = {
  intent: "create",
  dialog: "new-sale",
  title: "Wine pull",
  buy_now: "50",
  quantity: "60",
  value: "25",
  xinv_category_id: "",
  excerpt: "",
};

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("puts an item on sale with its price and stock, in the organisation's category", async () => {
    const [wine] = await db.insert(category).values({ client_id: clientId, title: "Food & Wine" }).returning();
    expect(await post({ ...NEW, xinv_category_id: String(wine.category_id), in_person_only: "on" })).toMatchObject({
      status: 302,
      location: PATH,
    });
    const [item] = await saleItems();
    expect(item).toMatchObject({
      title: "Wine pull",
      buy_now: 5000,
      quantity: 60,
      value: 2500,
      in_person_only: true,
      xinv_category_id: wine.category_id,
    });
  });

  it("refuses a missing or zero price, a bad quantity and another organisation's category", async () => {
    expect(await post({ ...NEW, buy_now: "", quantity: "0" })).toMatchObject({
      status: 400,
      data: {
        error: {
          buy_now: ["The price is needed."],
          quantity: ["How many are for sale: a whole number of at least 1."],
        },
      },
    });
    expect(await post({ ...NEW, buy_now: "0" })).toMatchObject({
      status: 400,
      data: { error: { buy_now: ["The price must be more than zero."] } },
    });
    const other = await makeEvent(db);
    const [theirs] = await db.insert(category).values({ client_id: other.client_id, title: "Theirs" }).returning();
    expect(await post({ ...NEW, xinv_category_id: String(theirs.category_id) })).toMatchObject({
      status: 400,
      data: { error: { xinv_category_id: ["This category no longer exists. Choose another."] } },
    });
    expect(await saleItems()).toEqual([]);
  });

  it("never lowers the stock below what is sold, and never deletes an item with sales", async () => {
    await post(NEW);
    const [item] = await saleItems();
    await db.insert(purchase).values({
      event_id: eventId,
      auction_item_id: item.auction_item_id,
      paddle: 4,
      quantity: 12,
      unit_price: 5000,
      amount: 60000,
    });
    const update = {
      ...NEW,
      intent: "update",
      dialog: `edit-sale-${item.auction_item_id}`,
      id: String(item.auction_item_id),
    };
    expect(await post({ ...update, quantity: "10" })).toMatchObject({
      status: 400,
      data: { error: { quantity: ["12 already sold: the quantity cannot be less than that."] } },
    });
    expect(await post({ ...update, quantity: "12", buy_now: "55" })).toMatchObject({ status: 302 });
    expect((await saleItems())[0]).toMatchObject({ quantity: 12, buy_now: 5500 });

    const loaded = await call(route.loader as RouteFunction, makeRequest(PATH, { cookie: owner }));
    expect((loaded.data as { items: unknown[] }).items[0]).toMatchObject({ sold: 12, revenue: 60000 });

    const refused = await post({ intent: "delete", id: String(item.auction_item_id) });
    expect((refused.data as { bulkError: string }).bulkError).toContain("“Wine pull” has bids or sales");
    expect(await saleItems()).toHaveLength(1);
  });

  it("deletes only its own items, and keeps the event's counts", async () => {
    await post(NEW);
    const [item] = await saleItems();
    const [silent] = await db
      .insert(auction_item)
      .values({ event_id: eventId, title: "Silent one", type: "silent" })
      .returning();
    expect(
      (await post({ intent: "delete", id: [String(item.auction_item_id), String(silent.auction_item_id)] })).status,
    ).toBe(302);
    expect(await saleItems()).toEqual([]);
    expect(
      await db.select().from(auction_item).where(eq(auction_item.auction_item_id, silent.auction_item_id)),
    ).toHaveLength(1);
    const [counts] = await db.select().from(event).where(eq(event.event_id, eventId));
    expect(counts.silent_item_count).toBe(1);
  });

  it("answers 403 without can_edit_auction_items", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    expect((await post(NEW, await sessionCookie(user.usr_id))).status).toBe(403);
  });
});
