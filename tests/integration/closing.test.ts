// Closing items: the database-backed scheduler (auction end, staggered category closes, soft-close extensions)
// and what staff do: close now, extend, reopen before winners are notified, retract a bid with its reason.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { closeDueItems } from "~/bidding/closing-scheduler.server";
import { placeBid } from "~/bidding/place-bid.server";
import { closeItemNow, extendItem, reopenItem, retractBid, StaffActionError } from "~/bidding/staff-actions.server";
import { auction_item, bid, category, category_close, message, winner } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";

const { db } = testDatabase();
const MINUTE = 60_000;
const item$ = async (id: number) =>
  (await db.select().from(auction_item).where(eq(auction_item.auction_item_id, id)))[0];
const statuses = async (id: number) =>
  (await db.select({ status: bid.status }).from(bid).where(eq(bid.auction_item_id, id)).orderBy(asc(bid.bid_id))).map(
    (row) => row.status,
  );
const winners = (id: number) =>
  db
    .select({ unit: winner.unit, usrId: winner.usr_id, amount: winner.amount })
    .from(winner)
    .where(eq(winner.auction_item_id, id))
    .orderBy(asc(winner.unit));

describe("the closing scheduler", () => {
  it("closes items at the auction's end or their category's time, and honours extensions", async () => {
    const now = new Date();
    const gala = await makeAuctionEvent(db, {
      end_date_time: new Date(now.getTime() + 30 * MINUTE),
      soft_close_minutes: 2,
    });
    const [wine] = await db.insert(category).values({ client_id: gala.client_id, title: "Wine" }).returning();
    await db.insert(category_close).values({
      event_id: gala.event_id,
      category_id: wine.category_id,
      auction: "silent",
      end_date_time: new Date(now.getTime() + 10 * MINUTE),
    });
    const early = await makeAuctionItem(db, gala.event_id, { title: "Wine", xinv_category_id: wine.category_id });
    const late = await makeAuctionItem(db, gala.event_id, { title: "Trip" });
    const ann = await makeBidder(db, gala.event_id);
    await placeBid(db, {
      eventId: gala.event_id,
      itemId: early.auction_item_id,
      usrId: ann.usrId,
      submission: { kind: "bid", amount: 10_000, maximum: null },
      idempotencyKey: null,
    });
    // A bid a minute before the auction's end pushes that item to two minutes after the bid.
    await placeBid(db, {
      eventId: gala.event_id,
      itemId: late.auction_item_id,
      usrId: ann.usrId,
      submission: { kind: "bid", amount: 10_000, maximum: null },
      idempotencyKey: null,
      at: new Date(now.getTime() + 29 * MINUTE),
    });
    expect((await item$(late.auction_item_id)).closes_at).toEqual(new Date(now.getTime() + 31 * MINUTE));

    expect(await closeDueItems(db, new Date(now.getTime() + 5 * MINUTE))).toBe(0);
    expect(await closeDueItems(db, new Date(now.getTime() + 10 * MINUTE))).toBeGreaterThanOrEqual(1);
    expect((await item$(early.auction_item_id)).closed_at).not.toBeNull();
    expect((await item$(early.auction_item_id)).winner_id).toBe(ann.usrId);
    expect(await winners(early.auction_item_id)).toEqual([{ unit: 1, usrId: ann.usrId, amount: 10_000 }]);
    expect((await item$(late.auction_item_id)).closed_at).toBeNull();

    await closeDueItems(db, new Date(now.getTime() + 30 * MINUTE));
    expect((await item$(late.auction_item_id)).closed_at).toBeNull();
    await closeDueItems(db, new Date(now.getTime() + 31 * MINUTE));
    expect((await item$(late.auction_item_id)).closed_at).not.toBeNull();
    expect(await statuses(late.auction_item_id)).toEqual(["won"]);
    // Closing twice changes nothing.
    expect(await closeDueItems(db, new Date(now.getTime() + 40 * MINUTE))).toBe(0);
  });
});

describe("closing a batch", () => {
  it("closes the rest of a batch when one item cannot close, and that one on a later tick", async () => {
    const now = new Date();
    const gala = await makeAuctionEvent(db, { end_date_time: new Date(now.getTime() + 30 * MINUTE) });
    const items = [
      await makeAuctionItem(db, gala.event_id, { title: "Wine" }),
      await makeAuctionItem(db, gala.event_id, { title: "Trip" }),
      await makeAuctionItem(db, gala.event_id, { title: "Dinner" }),
    ];
    const ann = await makeBidder(db, gala.event_id);
    for (const item of items)
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ann.usrId,
        submission: { kind: "bid", amount: 10_000, maximum: null },
        idempotencyKey: null,
      });
    const [, broken] = items;
    const [brokenBid] = await db.select().from(bid).where(eq(bid.auction_item_id, broken.auction_item_id));
    // A winner row already in the first unit's place: the close's own winner row breaks the unique (item, unit).
    const [stale] = await db
      .insert(winner)
      .values({
        event_id: gala.event_id,
        auction_item_id: broken.auction_item_id,
        unit: 1,
        usr_id: ann.usrId,
        bid_id: brokenBid.bid_id,
        amount: 10_000,
      })
      .returning();

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await closeDueItems(db, new Date(now.getTime() + 31 * MINUTE));
    expect(logged.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining("a batch did not close at once"),
      expect.stringContaining(`item ${broken.auction_item_id} did not close`),
    ]);
    for (const item of [items[0], items[2]]) {
      expect((await item$(item.auction_item_id)).closed_at).not.toBeNull();
      expect(await statuses(item.auction_item_id)).toEqual(["won"]);
    }
    expect((await item$(broken.auction_item_id)).closed_at).toBeNull();
    expect(await statuses(broken.auction_item_id)).toEqual(["winning"]);
    const wonMessages = async () =>
      (
        await db
          .select({ data: message.data })
          .from(message)
          .where(and(eq(message.event_id, gala.event_id), eq(message.template, "won"), eq(message.channel, "email")))
      ).map((row) => (row.data as { item_id: number }).item_id);
    expect((await wonMessages()).sort((a, b) => a - b)).toEqual([items[0].auction_item_id, items[2].auction_item_id]);

    await db.delete(winner).where(eq(winner.winner_id, stale.winner_id));
    await closeDueItems(db, new Date(now.getTime() + 32 * MINUTE));
    expect((await item$(broken.auction_item_id)).closed_at).not.toBeNull();
    expect(await winners(broken.auction_item_id)).toEqual([{ unit: 1, usrId: ann.usrId, amount: 10_000 }]);
    expect(await wonMessages()).toHaveLength(3);
  });
});

describe("closing an item of many units", () => {
  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "closes a quantity-1,000 item with 500 bidders, and an item of another event due with it",
    async () => {
      const now = new Date();
      const gala = await makeAuctionEvent(db, { end_date_time: new Date(now.getTime() + 30 * MINUTE) });
      const other = await makeAuctionEvent(db, { end_date_time: new Date(now.getTime() + 30 * MINUTE) });
      const sponsor = await makeAuctionItem(db, gala.event_id, { title: "Sponsor a child", quantity: 1_000 });
      const single = await makeAuctionItem(db, other.event_id);
      const bidders = await Promise.all(Array.from({ length: 500 }, () => makeBidder(db, gala.event_id)));
      for (const [index, bidder] of bidders.entries())
        await placeBid(db, {
          eventId: gala.event_id,
          itemId: sponsor.auction_item_id,
          usrId: bidder.usrId,
          submission: { kind: "bid", amount: 10_000, maximum: null },
          idempotencyKey: `child-${index}`,
        });
      const rival = await makeBidder(db, other.event_id);
      await placeBid(db, {
        eventId: other.event_id,
        itemId: single.auction_item_id,
        usrId: rival.usrId,
        submission: { kind: "bid", amount: 10_000, maximum: null },
        idempotencyKey: "single",
      });

      await closeDueItems(db, new Date(now.getTime() + 31 * MINUTE));
      expect((await item$(sponsor.auction_item_id)).closed_at).not.toBeNull();
      expect(await winners(sponsor.auction_item_id)).toHaveLength(500);
      expect((await item$(single.auction_item_id)).closed_at).not.toBeNull();
      const won = await db
        .select({ usrId: message.to_usr_id })
        .from(message)
        .where(and(eq(message.event_id, gala.event_id), eq(message.template, "won")));
      expect(won).toHaveLength(500);
    },
    // Five hundred bids one after another: minutes on a loaded machine, where the close itself takes a second.
    180_000,
  );
});

describe("staff actions", () => {
  it("close now, reopen with the bids standing again, and refuse to reopen after winners were notified", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const [ann, ben] = [await makeBidder(db, gala.event_id), await makeBidder(db, gala.event_id)];
    const bidOf = (usrId: number, amount: number) =>
      placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId,
        submission: { kind: "bid", amount, maximum: null },
        idempotencyKey: null,
      });
    await bidOf(ann.usrId, 10_000);
    await bidOf(ben.usrId, 11_000);
    await closeItemNow(db, gala.event_id, item.auction_item_id);
    expect(await statuses(item.auction_item_id)).toEqual(["lost", "won"]);
    await expect(closeItemNow(db, gala.event_id, item.auction_item_id)).rejects.toThrow(StaffActionError);
    expect((await bidOf(ann.usrId, 12_000)).ok).toBe(false);

    await reopenItem(db, gala.event_id, item.auction_item_id, new Date(Date.now() + 10 * MINUTE));
    expect(await statuses(item.auction_item_id)).toEqual(["outbid", "winning"]);
    expect(await winners(item.auction_item_id)).toEqual([]);
    expect(await bidOf(ann.usrId, 12_000)).toMatchObject({ ok: true, outcome: "winning" });

    await closeItemNow(db, gala.event_id, item.auction_item_id);
    await db
      .update(auction_item)
      .set({ winners_notified_at: new Date() })
      .where(eq(auction_item.auction_item_id, item.auction_item_id));
    await expect(reopenItem(db, gala.event_id, item.auction_item_id, new Date(Date.now() + MINUTE))).rejects.toThrow(
      /notified/,
    );
  });

  it("extends an open item, and never acts on another event's item", async () => {
    const gala = await makeAuctionEvent(db);
    const other = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const until = new Date(Date.now() + 3 * 3_600_000);
    await extendItem(db, gala.event_id, item.auction_item_id, until);
    expect((await item$(item.auction_item_id)).closes_at).toEqual(until);
    await expect(extendItem(db, gala.event_id, item.auction_item_id, new Date(Date.now() - MINUTE))).rejects.toThrow(
      /future/,
    );
    await expect(
      extendItem(db, gala.event_id, item.auction_item_id, new Date(until.getTime() - MINUTE)),
    ).rejects.toThrow(/after the item's current close/);
    await expect(closeItemNow(db, other.event_id, item.auction_item_id)).rejects.toThrow(StaffActionError);
    expect((await item$(item.auction_item_id)).closed_at).toBeNull();
  });

  it("tells the bidders: extending writes each bidder the new end, closing now writes the winner", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const [ann, ben] = [await makeBidder(db, gala.event_id), await makeBidder(db, gala.event_id)];
    for (const [usrId, amount] of [
      [ann.usrId, 10_000],
      [ben.usrId, 11_000],
    ])
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId,
        submission: { kind: "bid", amount, maximum: null },
        idempotencyKey: null,
      });
    const sent = async (template: string) =>
      (
        await db
          .select({ usrId: message.to_usr_id, channel: message.channel })
          .from(message)
          .where(and(eq(message.event_id, gala.event_id), eq(message.template, template)))
      )
        .map((row) => `${row.usrId}:${row.channel}`)
        .sort();

    await extendItem(db, gala.event_id, item.auction_item_id, new Date(Date.now() + 3 * 3_600_000));
    expect(await sent("extended")).toEqual([`${ann.usrId}:email`, `${ben.usrId}:email`].sort());

    await closeItemNow(db, gala.event_id, item.auction_item_id);
    expect(await sent("won")).toEqual([`${ben.usrId}:email`]);
  });

  it("retracts a bid with its reason, and the remaining bids decide again", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const [ann, ben] = [await makeBidder(db, gala.event_id), await makeBidder(db, gala.event_id)];
    await placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ann.usrId,
      submission: { kind: "bid", amount: 10_000, maximum: 30_000 },
      idempotencyKey: null,
    });
    await placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ben.usrId,
      submission: { kind: "bid", amount: 15_000, maximum: null },
      idempotencyKey: null,
    });
    const rows = await db
      .select()
      .from(bid)
      .where(eq(bid.auction_item_id, item.auction_item_id))
      .orderBy(asc(bid.bid_id));
    const annsAnswer = rows.find((row) => row.usr_id === ann.usrId && row.is_auto_bid)!;
    await expect(retractBid(db, gala.event_id, item.auction_item_id, annsAnswer.bid_id, "  ")).rejects.toThrow(
      /reason/,
    );
    await retractBid(db, gala.event_id, item.auction_item_id, rows[0].bid_id, "Bid on the wrong item");
    const after = await db
      .select()
      .from(bid)
      .where(eq(bid.auction_item_id, item.auction_item_id))
      .orderBy(asc(bid.bid_id));
    expect(after.map((row) => [row.usr_id, row.status, row.retract_reason])).toEqual([
      [ann.usrId, "retracted", "Bid on the wrong item"],
      [ben.usrId, "winning", null],
      [ann.usrId, "retracted", "Bid on the wrong item"],
    ]);
    expect(await item$(item.auction_item_id)).toMatchObject({ current_bid: 15_000, bid_count: 1 });
  });
});
