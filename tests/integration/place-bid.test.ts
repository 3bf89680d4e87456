// The bid transaction on a real database: ledger rows, item state, maxima, idempotency, buy now and closing,
// and the message it publishes on the realtime bus after commit.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventTopic } from "~/bidding/bid-messages.server";
import { placeBid } from "~/bidding/place-bid.server";
import { realtimeBus, type RealtimeMessage } from "~/realtime/bus.server";
import { auction_item, bid, registration, event, winner } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { makeUser } from "../support/people";

const connection = testDatabase();
const { db } = connection;

const bid$ = (amount: number | null, maximum: number | null = null) => ({ kind: "bid" as const, amount, maximum });

async function ledger(itemId: number) {
  return db
    .select({ usrId: bid.usr_id, amount: bid.bid, status: bid.status, auto: bid.is_auto_bid, kind: bid.kind })
    .from(bid)
    .where(eq(bid.auction_item_id, itemId))
    .orderBy(asc(bid.bid_id));
}
const itemRow = async (id: number) =>
  (await db.select().from(auction_item).where(eq(auction_item.auction_item_id, id)))[0];

describe("placing a bid", () => {
  it("records the bid, answers with a maximum, and keeps the item's state", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const [ann, ben] = [await makeBidder(db, gala.event_id), await makeBidder(db, gala.event_id)];

    const first = await placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ann.usrId,
      submission: bid$(10_000, 20_000),
      idempotencyKey: "a1",
    });
    expect(first).toMatchObject({
      ok: true,
      outcome: "winning",
      item: { currentBid: 10_000, nextMinimum: 11_000, holders: [ann.paddle] },
    });
    const second = await placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ben.usrId,
      submission: bid$(15_000),
      idempotencyKey: "b1",
    });
    expect(second).toMatchObject({ ok: true, outcome: "outbid", item: { currentBid: 16_000, holders: [ann.paddle] } });
    expect(await ledger(item.auction_item_id)).toEqual([
      { usrId: ann.usrId, amount: 10_000, status: "outbid", auto: false, kind: "bid" },
      { usrId: ben.usrId, amount: 15_000, status: "outbid", auto: false, kind: "bid" },
      { usrId: ann.usrId, amount: 16_000, status: "winning", auto: true, kind: "bid" },
    ]);
    expect(await itemRow(item.auction_item_id)).toMatchObject({ current_bid: 16_000, bid_count: 3 });
  });

  it("counts a repeated submission once", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const ann = await makeBidder(db, gala.event_id);
    const input = {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ann.usrId,
      submission: bid$(10_000),
      idempotencyKey: "tap-1",
    };
    const results = await Promise.all([placeBid(db, input), placeBid(db, input), placeBid(db, input)]);
    expect(results.filter((result) => result.ok && !result.repeated)).toHaveLength(1);
    expect(results.every((result) => result.ok && result.outcome === "winning")).toBe(true);
    expect(await ledger(item.auction_item_id)).toHaveLength(1);
  });

  it("refuses what the rules refuse and changes nothing", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const ann = await makeBidder(db, gala.event_id);
    const stranger = await makeUser(db);
    expect(
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ann.usrId,
        submission: bid$(9_000),
        idempotencyKey: null,
      }),
    ).toMatchObject({
      ok: false,
      refusal: "too_low",
      nextMinimum: 10_000,
    });
    expect(
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: stranger.usr_id,
        submission: bid$(10_000),
        idempotencyKey: null,
      }),
    ).toMatchObject({
      ok: false,
      refusal: "no_paddle",
    });
    const other = await makeAuctionEvent(db);
    expect(
      await placeBid(db, {
        eventId: other.event_id,
        itemId: item.auction_item_id,
        usrId: ann.usrId,
        submission: bid$(10_000),
        idempotencyKey: null,
      }),
    ).toMatchObject({
      ok: false,
      refusal: "not_biddable",
    });
    const [form] = await db.insert(registration).values({ store_card: true }).returning();
    await db.update(event).set({ registration_id: form.registration_id }).where(eq(event.event_id, gala.event_id));
    expect(
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ann.usrId,
        submission: bid$(10_000),
        idempotencyKey: null,
      }),
    ).toMatchObject({
      ok: false,
      refusal: "card_required",
    });
    expect(await ledger(item.auction_item_id)).toEqual([]);
  });

  it("sells the last unit by buy now, closing the item with its winners", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id, { quantity: 2, buy_now: 50_000 });
    const [ann, ben, cal] = [
      await makeBidder(db, gala.event_id),
      await makeBidder(db, gala.event_id),
      await makeBidder(db, gala.event_id),
    ];
    const at = (usrId: number, submission: Parameters<typeof placeBid>[1]["submission"]) =>
      placeBid(db, { eventId: gala.event_id, itemId: item.auction_item_id, usrId, submission, idempotencyKey: null });
    await at(ann.usrId, bid$(10_000));
    await at(ben.usrId, bid$(12_000));
    expect(await at(cal.usrId, { kind: "buy_now" })).toMatchObject({
      ok: true,
      outcome: "won",
      // The unit bought outright is held too: the buyer's page says so.
      item: { unitsLeft: 1, holders: [cal.paddle, ben.paddle] },
    });
    expect(await at(ann.usrId, { kind: "buy_now" })).toMatchObject({
      ok: true,
      outcome: "won",
      item: { closed: true, unitsLeft: 0 },
    });
    const winners = await db
      .select({ unit: winner.unit, usrId: winner.usr_id, amount: winner.amount })
      .from(winner)
      .where(and(eq(winner.auction_item_id, item.auction_item_id)))
      .orderBy(asc(winner.unit));
    expect(winners).toEqual([
      { unit: 1, usrId: cal.usrId, amount: 50_000 },
      { unit: 2, usrId: ann.usrId, amount: 50_000 },
    ]);
    expect((await ledger(item.auction_item_id)).map((row) => row.status)).toEqual(["lost", "lost", "won", "won"]);
    expect(await itemRow(item.auction_item_id)).toMatchObject({ sold_quantity: 2, winner_id: cal.usrId });
    expect((await itemRow(item.auction_item_id)).closed_at).not.toBeNull();
  });

  it("publishes the item's new state on the bus once the bid commits", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const ann = await makeBidder(db, gala.event_id);
    const received: RealtimeMessage[] = [];
    const bus = realtimeBus(connection);
    const leave = await bus.subscribe(eventTopic(gala.event_id), {
      onMessage: (message) => received.push(message),
      onResync: () => {},
    });
    try {
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ann.usrId,
        submission: bid$(12_000),
        idempotencyKey: null,
      });
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toMatchObject({
        type: "item",
        data: { id: item.auction_item_id, currentBid: 12_000, bidCount: 1, holders: [ann.paddle] },
      });
      // A refused bid publishes nothing.
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ann.usrId,
        submission: bid$(1),
        idempotencyKey: null,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toHaveLength(1);
    } finally {
      leave();
      await bus.close();
    }
  });
});
