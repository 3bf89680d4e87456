// An item of hundreds of units ("sponsor a child") on the realtime bus: its state lists a bounded number of holders,
// every bid on it still goes through, and a bidder past the list reads their standing from their own best bid.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadEventAuctionRules } from "~/bidding/auction-rules.server";
import { eventTopic } from "~/bidding/bid-messages.server";
import { ownBids } from "~/bidding/bidder-page.server";
import { loadBoard } from "~/bidding/board.server";
import { HOLDERS_LISTED } from "~/bidding/live-item";
import { placeBid } from "~/bidding/place-bid.server";
import { closeItemNow } from "~/bidding/staff-actions.server";
import { standingOf, withOwnStanding } from "~/bidding/ui/live-board";
import { realtimeBus, type RealtimeMessage } from "~/realtime/bus.server";
import { auction_item, bid, usr, usr_event_paddle } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem } from "../support/auction";
import { testDatabase } from "../support/database";

const connection = testDatabase();
const { db } = connection;

/** Bidders in two statements: a thousand one by one would take most of a minute on PGlite. */
async function makeBidders(eventId: number, count: number, firstPaddle: number) {
  const tag = randomBytes(4).toString("hex");
  const people = await db
    .insert(usr)
    .values(Array.from({ length: count }, (_, index) => ({ email_address: `holder-${tag}-${index}@example.org` })))
    .returning({ usrId: usr.usr_id });
  const bidders = people.map((person, index) => ({ usrId: person.usrId, paddle: firstPaddle + index }));
  await db
    .insert(usr_event_paddle)
    .values(bidders.map((bidder) => ({ usr_id: bidder.usrId, event_id: eventId, paddle: bidder.paddle })));
  return bidders;
}

describe("an item with more holders than its state lists", () => {
  it("takes bids from 1,500 holders, lists a bounded number, and tells each bidder their standing", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id, { title: "Sponsor a child", quantity: 1_500 });
    const itemId = item.auction_item_id;
    const [first, ...rest] = await makeBidders(gala.event_id, 1_501, 1_000);
    const latecomer = rest.pop()!;
    // 1,499 bidders already hold a unit each at $100 (the ledger as the engine leaves it), in one statement.
    const holding = await db
      .insert(bid)
      .values(
        rest.map((bidder) => ({
          event_id: gala.event_id,
          auction_item_id: itemId,
          usr_id: bidder.usrId,
          bid: 10_000,
          status: "winning",
        })),
      )
      .returning({ bidId: bid.bid_id });
    await db
      .update(auction_item)
      .set({ current_bid: 10_000, bid_count: holding.length })
      .where(eq(auction_item.auction_item_id, itemId));

    const received: RealtimeMessage[] = [];
    const bus = realtimeBus(connection);
    const leave = await bus.subscribe(eventTopic(gala.event_id), {
      onMessage: (message) => received.push(message),
      onResync: () => {},
    });
    try {
      // The 1,500th holder's bid: before the list was bounded, its message outgrew the bus and the bid failed.
      const taken = await placeBid(db, {
        eventId: gala.event_id,
        itemId,
        usrId: first.usrId,
        submission: { kind: "bid", amount: 12_000, maximum: null },
        idempotencyKey: null,
      });
      expect(taken).toMatchObject({ ok: true, outcome: "winning" });
      await expect.poll(() => received.filter((message) => message.type === "item").length).toBe(1);
      const published = received.find((message) => message.type === "item")!.data as ReturnType<typeof Object>;
      expect(published).toMatchObject({
        holdersOmitted: 1_500 - HOLDERS_LISTED,
        lowestHolding: { amount: 10_000, bidId: holding.at(-1)!.bidId },
      });
      expect((published as { holders: number[] }).holders).toHaveLength(HOLDERS_LISTED);
      expect((published as { holders: number[] }).holders[0]).toBe(first.paddle);
    } finally {
      leave();
      await bus.close();
    }

    // The last of the 1,500 to bid ranks last: past the list, their own bid says they hold a unit.
    const last = rest.at(-1)!;
    const rules = (await loadEventAuctionRules(db, gala.event_id))!;
    const [before] = await loadBoard(db, rules, [itemId]);
    const [lastOwn] = await ownBids(last.usrId, gala.event_id, [itemId]);
    expect(before.live.holders).not.toContain(last.paddle);
    expect(standingOf(withOwnStanding(before.live, last.paddle, lastOwn), last.paddle, true)).toBe("winning");

    // A higher bid takes that last unit: the same bidder now reads "outbid", the newcomer "winning".
    const outbidding = await placeBid(db, {
      eventId: gala.event_id,
      itemId,
      usrId: latecomer.usrId,
      submission: { kind: "bid", amount: 11_000, maximum: null },
      idempotencyKey: null,
    });
    expect(outbidding).toMatchObject({ ok: true, outcome: "winning" });
    const [after] = await loadBoard(db, rules, [itemId]);
    const [newcomerOwn] = await ownBids(latecomer.usrId, gala.event_id, [itemId]);
    expect(standingOf(withOwnStanding(after.live, last.paddle, lastOwn), last.paddle, true)).toBe("outbid");
    expect(standingOf(withOwnStanding(after.live, latecomer.paddle, newcomerOwn), latecomer.paddle, true)).toBe(
      "winning",
    );

    // Once closed, the winners past the list read "won" and the one outbid "lost".
    await closeItemNow(db, gala.event_id, itemId);
    const [closed] = await loadBoard(db, rules, [itemId]);
    expect(closed.live.closed).toBe(true);
    expect(standingOf(withOwnStanding(closed.live, latecomer.paddle, newcomerOwn), latecomer.paddle, true)).toBe("won");
    expect(standingOf(withOwnStanding(closed.live, last.paddle, lastOwn), last.paddle, true)).toBe("lost");
  }, 60_000);
});

describe("a closed item's standing", () => {
  it("tells the winner they won after the item closed", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const [ann, ben] = await makeBidders(gala.event_id, 2, 5_000);
    for (const [bidder, amount] of [
      [ann, 10_000],
      [ben, 12_000],
    ] as const)
      await placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: bidder.usrId,
        submission: { kind: "bid", amount, maximum: null },
        idempotencyKey: null,
      });
    await closeItemNow(db, gala.event_id, item.auction_item_id);
    const rules = (await loadEventAuctionRules(db, gala.event_id))!;
    const [closed] = await loadBoard(db, rules, [item.auction_item_id]);
    expect(standingOf(closed.live, ben.paddle, true)).toBe("won");
    expect(standingOf(closed.live, ann.paddle, true)).toBe("lost");
  });
});
