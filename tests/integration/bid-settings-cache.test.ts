// The event and its auction rules are kept in each process's memory by settings_version (decision 043): a setting
// the organiser saves takes effect on the very next bid, whoever wrote it. Each test bids once first, so the process
// holds the event's settings, then changes them and bids again.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventSettingsAt } from "~/bidding/event-settings-cache.server";
import { saveAuctionSettings } from "~/events/auction-settings.server";
import { toggleFeatureTesting } from "~/events/feature-switches.server";
import * as route from "~/routes/inroombid";
import { bid, event } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const HOUR = 60 * 60 * 1000;

/**
 * An open silent auction, one item (starting at 100.00, 10.00 steps) and two bidders who bid through the route; a
 * bid answers its status and, when refused, the refusal's message.
 */
async function auctionWithBidder() {
  const gala = await makeAuctionEvent(db);
  const lot = await makeAuctionItem(db, gala.event_id);
  const cookies = await Promise.all([0, 1].map(async () => sessionCookie((await makeBidder(db, gala.event_id)).usrId)));
  const place = async (amount: string, bidder: 0 | 1) => {
    const answer = await call(
      route.action as RouteFunction,
      makeRequest(`/inroombid?id=${gala.event_id}&item=${lot.auction_item_id}`, {
        cookie: cookies[bidder],
        form: { intent: "place", amount, key: randomUUID() },
      }),
    );
    const refusal = (answer as { data?: { error?: { amount?: string[] } } }).data?.error?.amount?.[0];
    return refusal === undefined ? answer.status : `${answer.status} ${refusal}`;
  };
  const bids = async () => (await db.select().from(bid).where(eq(bid.auction_item_id, lot.auction_item_id))).length;
  const version = async () =>
    (await db.select({ version: event.settings_version }).from(event).where(eq(event.event_id, gala.event_id)))[0]
      .version;
  return { gala, place, bids, version };
}

describe(`the event's settings kept in memory on ${process.env.TEST_DB_ENGINE}`, () => {
  it("keeps one copy of the event's settings per version, and reads them again once a save bumps it", async () => {
    const { gala, place, version } = await auctionWithBidder();
    expect(await place("100", 0)).toBe(302);
    const before = await version();
    const kept = await eventSettingsAt(gala.event_id, before);
    expect(await eventSettingsAt(gala.event_id, before)).toBe(kept);

    await toggleFeatureTesting(gala.event_id, "virtual_auction");
    const after = await version();
    expect(after).toBeGreaterThan(before);
    const fresh = await eventSettingsAt(gala.event_id, after);
    expect(fresh).not.toBe(kept);
    expect(fresh?.rules?.auctions.virtual?.testing).toBe(true);
  });

  it("refuses the next bid once the organiser saves an earlier closing time", async () => {
    const { gala, place, bids } = await auctionWithBidder();
    expect(await place("100", 0)).toBe(302);
    await saveAuctionSettings(gala.event_id, "silent", {
      start_date_time: new Date(Date.now() - HOUR),
      end_date_time: new Date(Date.now() - 60_000),
      soft_close_minutes: 0,
      hard_end_date_time: null,
      is_auto_bid: true,
      increment_policy: "item",
      increment_percent: null,
      category_closes: [],
    });
    expect(await place("200", 1)).toBe("409 Bidding on this item has closed.");
    expect(await bids()).toBe(1);
  });

  it("asks the next bid for the increment the organiser saves", async () => {
    const { gala, place, bids } = await auctionWithBidder();
    expect(await place("100", 0)).toBe(302);
    await saveAuctionSettings(gala.event_id, "silent", {
      start_date_time: new Date(Date.now() - HOUR),
      end_date_time: new Date(Date.now() + HOUR),
      soft_close_minutes: 2,
      hard_end_date_time: null,
      is_auto_bid: true,
      increment_policy: "percent",
      increment_percent: 50,
      category_closes: [],
    });
    // 10.00 more was enough under the item's own increment; half the current bid is now asked.
    expect(await place("110", 1)).toBe("409 Someone got there first: the next minimum bid is $150.00.");
    expect(await place("150", 1)).toBe(302);
    expect(await bids()).toBe(2);
  });

  it("takes no bid on an auction the organiser puts back into testing (paused to guests)", async () => {
    const { gala, place, bids } = await auctionWithBidder();
    expect(await place("100", 0)).toBe(302);
    await toggleFeatureTesting(gala.event_id, "silent_auction");
    expect(await place("200", 1)).toBe("409 This item is not taking bids.");
    expect(await bids()).toBe(1);
  });

  it("sees a change written by any connection, without the app's save (the trigger, not this process, bumps it)", async () => {
    const { gala, place, bids } = await auctionWithBidder();
    expect(await place("100", 0)).toBe(302);
    // As another process's write would arrive: straight to the table, no code of this process involved.
    await db.execute(sql`update silent_auction set end_date_time = now() - interval '1 minute'
      where silent_auction_id = ${gala.silentAuctionId}`);
    expect(await place("200", 1)).toBe("409 Bidding on this item has closed.");
    expect(await bids()).toBe(1);
  });
});
