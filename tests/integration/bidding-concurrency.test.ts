// Sixty bidders at once on the same few items, with maxima and buy-now, on a real PostgreSQL server (PGlite runs
// one transaction at a time, so it cannot race). Afterwards: none lost, one winner per unit, amounts strictly rising
// per single item, and the ledger is exactly what the rules give when the accepted bids are replayed in commit order.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { placeBid } from "~/bidding/place-bid.server";
import { closeItemNow } from "~/bidding/staff-actions.server";
import { auction_item, bid, winner } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { BiddingSimulator, openRules } from "../support/bidding-simulator";
import { testDatabase } from "../support/database";
import type { Submission } from "~/bidding/engine";
import type { PlaceBidResult } from "~/bidding/record-bid.server";

const { db } = testDatabase();
const BIDDERS = 60;
const ROUNDS = 8;

describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("bidding under concurrency (PostgreSQL)", () => {
  it("keeps every invariant with 60 bidders at once", { timeout: 120_000 }, async () => {
    const gala = await makeAuctionEvent(db);
    const items = [
      await makeAuctionItem(db, gala.event_id, { title: "Single", starting_bid: 10_000, increment: 1_000 }),
      await makeAuctionItem(db, gala.event_id, {
        title: "Single with buy now",
        starting_bid: 5_000,
        increment: 500,
        buy_now: 60_000,
      }),
      await makeAuctionItem(db, gala.event_id, {
        title: "Three dinners",
        quantity: 3,
        starting_bid: 20_000,
        increment: 1_000,
        buy_now: 45_000,
      }),
    ];
    const bidders = await Promise.all(Array.from({ length: BIDDERS }, () => makeBidder(db, gala.event_id)));
    const submitted: { usrId: number; itemId: number; key: string; submission: Submission; result: PlaceBidResult }[] =
      [];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

    await Promise.all(
      bidders.map(async (bidder, b) => {
        const seen = new Map<number, number>();
        for (let round = 0; round < ROUNDS; round++) {
          const item = items[Math.floor(random() * items.length)];
          const roll = random();
          // Like a person, a bidder told the minimum has moved tries again at the new minimum.
          for (let attempt = 0; attempt < 3; attempt++) {
            const minimum = seen.get(item.auction_item_id) ?? item.starting_bid!;
            const amount = minimum + Math.floor(random() * 3) * item.increment!;
            const submission: Submission =
              roll < 0.01 && item.buy_now
                ? { kind: "buy_now" }
                : roll < 0.35 && item.quantity === 1
                  ? { kind: "bid", amount, maximum: amount + Math.floor(random() * 6) * item.increment! }
                  : { kind: "bid", amount, maximum: null };
            const key = `b${b}-r${round}-a${attempt}`;
            const result = await placeBid(db, {
              eventId: gala.event_id,
              itemId: item.auction_item_id,
              usrId: bidder.usrId,
              submission,
              idempotencyKey: key,
            });
            if (result.item) seen.set(item.auction_item_id, result.item.nextMinimum);
            submitted.push({ usrId: bidder.usrId, itemId: item.auction_item_id, key, submission, result });
            if (result.ok || result.refusal !== "too_low") break;
          }
        }
      }),
    );

    const accepted = submitted.filter((entry) => entry.result.ok);
    // The load raced: every item took bids, and bidders were refused for a minimum that moved under them. How many
    // were accepted depends on the interleaving (80–103 on a quiet machine, 54 under CI's load: a buy-now that comes
    // early closes its item to the rest), so it is not a count to expect.
    for (const item of items) expect(accepted.some((entry) => entry.itemId === item.auction_item_id)).toBe(true);
    expect(submitted.some((entry) => !entry.result.ok && entry.result.refusal === "too_low")).toBe(true);

    for (const item of items) {
      const rows = await db
        .select()
        .from(bid)
        .where(eq(bid.auction_item_id, item.auction_item_id))
        .orderBy(asc(bid.bid_id));
      // None lost: every accepted submission has its row, found by its key; refused ones have none.
      const keyed = rows.filter((row) => row.idempotency_key !== null).map((row) => row.idempotency_key);
      const mine = accepted.filter((entry) => entry.itemId === item.auction_item_id);
      expect(keyed.sort()).toEqual(mine.map((entry) => entry.key).sort());

      // Replaying the accepted submissions in commit order through the rules gives exactly this ledger.
      const sim = new BiddingSimulator(
        { quantity: item.quantity, startingBid: item.starting_bid, increment: item.increment, buyNow: item.buy_now },
        openRules({ opensAt: null, scheduledClose: null, hardEnd: null }),
      );
      const order = new Map(rows.map((row) => [row.idempotency_key, row.bid_id]));
      for (const entry of [...mine].sort((a, b) => order.get(a.key)! - order.get(b.key)!)) {
        expect(sim.submit(entry.usrId, entry.submission, new Date(), { paddle: 1 })).toMatchObject({ ok: true });
      }
      expect(rows.map((row) => [row.usr_id, row.bid, row.status, row.is_auto_bid])).toEqual(
        sim.rows.map((row) => [row.usrId, row.amount, row.status, row.isAutoBid]),
      );
      if (item.quantity === 1) rows.slice(1).forEach((row, i) => expect(row.bid).toBeGreaterThan(rows[i].bid));

      const [state] = await db
        .select()
        .from(auction_item)
        .where(eq(auction_item.auction_item_id, item.auction_item_id));
      expect(state.bid_count).toBe(rows.length);
      if (rows.length > 0) expect(state.current_bid).toBe(Math.max(...rows.map((row) => row.bid)));
      if (!state.closed_at) await closeItemNow(db, gala.event_id, item.auction_item_id);

      // One winner per unit, at most the quantity, never the same bidder twice for bids.
      const winners = await db
        .select()
        .from(winner)
        .where(eq(winner.auction_item_id, item.auction_item_id))
        .orderBy(asc(winner.unit));
      expect(winners.map((row) => row.unit)).toEqual(winners.map((_, i) => i + 1));
      expect(winners.length).toBeLessThanOrEqual(item.quantity);
      const won = await db
        .select()
        .from(bid)
        .where(and(eq(bid.auction_item_id, item.auction_item_id), eq(bid.status, "won"), isNotNull(bid.bid_id)));
      expect(won).toHaveLength(winners.length);
    }
  });
});
