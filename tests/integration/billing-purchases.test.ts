// /admin/bids/purchases: a sale of an item for sale to a paddle, on the guest's invoice; the stock holds when
// volunteers sell the last units at the same moment (it contends on PostgreSQL), and a double post is one sale.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invoiceIdFor } from "~/billing/charges.server";
import { invoiceLines } from "~/billing/invoice.server";
import { purchasesScreen, recordPurchase } from "~/billing/purchases.server";
import { donationPage } from "~/giving/donation-page.server";
import * as route from "~/routes/admin._workspace.bids.purchases";
import { auction_item, message, purchase } from "~drizzle/schema";
import { makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
let eventId: number;
let itemId: number;
let staffId: number;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  staffId = (await makeUser(db)).usr_id;
  const [item] = await db
    .insert(auction_item)
    .values({
      event_id: eventId,
      title: "Wine pull",
      type: "sale",
      status: "published",
      buy_now: 2_500,
      quantity: 3,
      value: 1_500,
    })
    .returning({ id: auction_item.auction_item_id });
  itemId = item.id;
});

describe(`purchases on ${process.env.TEST_DB_ENGINE}`, () => {
  it("sells no more than the stock when five volunteers sell at once", async () => {
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => makeBidder(db, eventId)));
    const outcomes = await Promise.allSettled(
      buyers.map((buyer, index) =>
        recordPurchase(eventId, {
          itemId,
          paddle: buyer.paddle,
          quantity: 1,
          submissionKey: `sale-${index}`,
          byUsrId: staffId,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(3);
    for (const outcome of outcomes.filter((entry) => entry.status === "rejected"))
      expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/sold out/);
    expect(await db.select().from(purchase).where(eq(purchase.auction_item_id, itemId))).toHaveLength(3);
  });

  it("tells the team members who asked, once, when a sale leaves the stock running low", async () => {
    const watcher = await makeUser(db);
    await giveRole(db, watcher.usr_id, eventId, { ...teamRole("can_bill"), notify_low_inventory: true });
    const buyer = await makeBidder(db, eventId);
    const sell = (quantity: number, key: string) =>
      recordPurchase(eventId, { itemId, paddle: buyer.paddle, quantity, submissionKey: key, byUsrId: staffId });
    const notices = () =>
      db
        .select({ to: message.to_usr_id, data: message.data })
        .from(message)
        .where(and(eq(message.event_id, eventId), eq(message.template, "team_low_inventory")));
    // Three in stock: the line is the last one.
    await sell(1, "first");
    expect(await notices()).toEqual([]);
    await sell(1, "second");
    expect(await notices()).toEqual([
      { to: watcher.usr_id, data: expect.objectContaining({ item: "Wine pull", remaining: 1 }) },
    ]);
    await sell(1, "last");
    expect(await notices()).toHaveLength(1);
  });

  it("records a sale once per submission and bills it on the guest's invoice", async () => {
    const buyer = await makeBidder(db, eventId);
    const sale = { itemId, paddle: buyer.paddle, quantity: 2, submissionKey: "same-post", byUsrId: staffId };
    const [first, second] = await Promise.all([recordPurchase(eventId, sale), recordPurchase(eventId, sale)]);
    expect(second).toBe(first);
    await expect(recordPurchase(eventId, { ...sale, quantity: 2, submissionKey: "another" })).rejects.toThrow(
      "Only 1 left.",
    );
    const invoiceId = (await invoiceIdFor(eventId, buyer.usrId))!;
    expect(await invoiceLines(db, invoiceId)).toMatchObject([
      {
        source: "purchase",
        description: "Item for sale · Wine pull × 2",
        amount: 5_000,
        fair_market_value: 3_000,
        deductible: 2_000,
      },
    ]);
  });

  it("shows a guest's own purchase under their paddle in Recent sales, and without one where they hold none", async () => {
    const holder = await makeBidder(db, eventId);
    const paddleless = await makeUser(db, { first_name: "Noor", last_name: "Walk" });
    const buyOwn = (usrId: number, submissionKey: string) =>
      recordPurchase(eventId, { itemId, paddle: null, buyerUsrId: usrId, quantity: 1, submissionKey, byUsrId: usrId });
    await buyOwn(holder.usrId, "phone-1");
    await buyOwn(paddleless.usr_id, "phone-2");
    const { recent } = await purchasesScreen(eventId);
    expect(recent.map((sale) => [sale.guest, sale.paddle])).toEqual([
      ["Noor Walk", null],
      [expect.any(String), holder.paddle],
    ]);
  });

  it("counts each item's own sales in what is left, on /admin/bids/purchases and /dp", async () => {
    const [pass] = await db
      .insert(auction_item)
      .values({
        event_id: eventId,
        title: "Valet pass",
        type: "sale",
        status: "published",
        buy_now: 4_000,
        quantity: 10,
      })
      .returning({ id: auction_item.auction_item_id });
    const buyer = await makeBidder(db, eventId);
    const sell = (item: number, quantity: number, submissionKey: string) =>
      recordPurchase(eventId, { itemId: item, paddle: buyer.paddle, quantity, submissionKey, byUsrId: staffId });
    await sell(pass.id, 2, "pass");
    await sell(itemId, 3, "wine");
    const left = (items: { id: number; left: number }[]) =>
      Object.fromEntries(items.map((item) => [item.id, item.left]));
    expect(left((await purchasesScreen(eventId)).items)).toEqual({ [pass.id]: 8, [itemId]: 0 });
    expect(left((await donationPage(eventId)).items)).toEqual({ [pass.id]: 8, [itemId]: 0 });
  });

  it("refuses an unknown paddle beside its field and checks permissions on the server", async () => {
    const clerk = await makeUser(db, { selected_event: eventId });
    await giveRole(db, clerk.usr_id, eventId, teamRole("can_view_stats"));
    const viewer = await sessionCookie(clerk.usr_id);
    const post = (cookie: string) =>
      call(
        route.action as RouteFunction,
        makeRequest(`/admin/bids/purchases?id=${eventId}`, {
          cookie,
          form: { item: String(itemId), paddle: "9999", quantity: "1", submission: "submission-1" },
        }),
      );
    expect((await post(viewer)).status).toBe(403);
    const boss = await makeUser(db, { selected_event: eventId });
    await giveRole(db, boss.usr_id, eventId, teamRole("can_view_stats", "can_control_event"));
    const refused = await post(await sessionCookie(boss.usr_id));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: { paddle: ["No guest holds paddle 9999 at this event."] } });
  });
});
