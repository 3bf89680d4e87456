// What the bidder page's designer switches off is refused by the server too (issue 19: "Offer buy now" only hid
// the button, and a posted buy now still bought the item).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pageTree, publishDraft, saveDraft } from "~/designed-pages/page-documents.server";
import * as route from "~/routes/inroombid";
import { bid } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

async function switchOff(eventId: number, key: "showBuyNow" | "showMaxBid") {
  const tree = await pageTree(eventId, "silentAuction");
  tree.biddingToolbarSection[key] = { value: false, useDefault: false };
  await saveDraft(eventId, "silentAuction", tree);
  await publishDraft(eventId, "silentAuction");
}

describe(`the bidder page's switches on ${process.env.TEST_DB_ENGINE}`, () => {
  it("refuses buy now and maximum bids once the page no longer offers them, and takes a plain bid", async () => {
    const gala = await makeAuctionEvent(db);
    const lot = await makeAuctionItem(db, gala.event_id, { buy_now: 50_000 });
    const ann = await makeBidder(db, gala.event_id);
    const cookie = await sessionCookie(ann.usrId);
    const post = (form: Record<string, string>) =>
      call(
        route.action as RouteFunction,
        makeRequest(`/inroombid?id=${gala.event_id}&item=${lot.auction_item_id}`, { cookie, form }),
      );
    const key = "0b7f3c1e-2a4d-4c5e-9f6a-7b8c9d0e1f2a";
    await switchOff(gala.event_id, "showBuyNow");
    await switchOff(gala.event_id, "showMaxBid");

    expect(await post({ intent: "review_buy_now" })).toMatchObject({
      status: 400,
      data: { formId: "bid", error: { "": [expect.stringMatching(/^Buy now is not offered/)] } },
    });
    expect(await post({ intent: "buy_now", key })).toMatchObject({ status: 400 });
    expect(await post({ intent: "place", amount: "120", maximum: "300", key })).toMatchObject({
      status: 400,
      data: { formId: "bid", error: { maximum: [expect.stringMatching(/^Maximum bids are not offered/)] } },
    });
    expect(await db.select().from(bid).where(eq(bid.auction_item_id, lot.auction_item_id))).toEqual([]);
    expect(await post({ intent: "place", amount: "120", key })).toMatchObject({ status: 302 });
    expect(await db.select().from(bid).where(eq(bid.auction_item_id, lot.auction_item_id))).toHaveLength(1);
  });
});
