// An archived event is over (issue 19: public pages and bidding ignored it): its public pages answer 404 and no
// bid is taken on its items, whatever its auctions' switches say. The event's own switch (is_event_enabled and
// is_event_testing, the master switch) closes its public pages and public bids the same way while it is not live,
// and opens them again when it is; the team's test bids still go through.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { placeBid } from "~/bidding/place-bid.server";
import * as donationRoute from "~/routes/dp";
import * as bidderRoute from "~/routes/inroombid";
import * as registerRoute from "~/routes/register";
import { bid, event } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

describe(`an archived event on ${process.env.TEST_DB_ENGINE}`, () => {
  it("shows no public page and takes no bid", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const ann = await makeBidder(db, gala.event_id);
    const gallery = () => call(bidderRoute.loader as RouteFunction, makeRequest(`/inroombid?id=${gala.event_id}`));
    expect((await gallery()).status).toBe(200);

    await db.update(event).set({ is_archived: true }).where(eq(event.event_id, gala.event_id));
    expect((await gallery()).status).toBe(404);
    for (const page of [registerRoute, donationRoute])
      expect((await call(page.loader as RouteFunction, makeRequest(`/?id=${gala.event_id}`))).status).toBe(404);
    const placed = await placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId: ann.usrId,
      submission: { kind: "bid", amount: 10_000, maximum: null },
      idempotencyKey: null,
    });
    expect(placed).toMatchObject({ ok: false, refusal: "not_biddable" });
    expect(await db.select().from(bid).where(eq(bid.auction_item_id, item.auction_item_id))).toEqual([]);
  });
});

describe(`an event whose own switch is not live, on ${process.env.TEST_DB_ENGINE}`, () => {
  it("shows no public page and takes no public bid until the switch is live again", async () => {
    const gala = await makeAuctionEvent(db);
    const item = await makeAuctionItem(db, gala.event_id);
    const ann = await makeBidder(db, gala.event_id);
    const gallery = () => call(bidderRoute.loader as RouteFunction, makeRequest(`/inroombid?id=${gala.event_id}`));
    const bob = await makeBidder(db, gala.event_id);
    const bidOf = (amount: number, allowTesting = false, usrId = ann.usrId) =>
      placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId,
        submission: { kind: "bid", amount, maximum: null },
        idempotencyKey: null,
        allowTesting,
      });

    await db.update(event).set({ is_event_testing: true }).where(eq(event.event_id, gala.event_id));
    expect((await gallery()).status).toBe(404);
    expect(await bidOf(10_000)).toMatchObject({ ok: false, refusal: "not_biddable" });
    // A team member's test bid, as while an auction is in testing.
    expect(await bidOf(10_000, true)).toMatchObject({ ok: true });

    await db
      .update(event)
      .set({ is_event_enabled: false, is_event_testing: false })
      .where(eq(event.event_id, gala.event_id));
    expect((await gallery()).status).toBe(404);
    expect(await bidOf(20_000)).toMatchObject({ ok: false, refusal: "not_biddable" });

    await db.update(event).set({ is_event_enabled: true }).where(eq(event.event_id, gala.event_id));
    expect((await gallery()).status).toBe(200);
    expect(await bidOf(20_000, false, bob.usrId)).toMatchObject({ ok: true });
  });
});
