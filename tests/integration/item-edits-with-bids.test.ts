// Editing an item during bidding (issue 19): every edit path (the item page, the raw data sheet, the packages grid)
// goes through one check, so lowering the quantity below the units bids hold, changing the type or the starting
// bid once bids exist, or a buy-now price of $0 is refused beside its field and changes nothing.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { placeBid } from "~/bidding/place-bid.server";
import * as pageRoute from "~/routes/admin._workspace.auction_items.auction_item_page";
import * as rawdataRoute from "~/routes/admin._workspace.auction_items.rawdata";
import * as silentPackagesRoute from "~/routes/admin._workspace.auction_items.silent_packages";
import { auction_item } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let eventId: number;
let itemId: number;
let cookie: string;

beforeEach(async () => {
  const gala = await makeAuctionEvent(db);
  eventId = gala.event_id;
  const item = await makeAuctionItem(db, eventId, { title: "Sponsor a child", quantity: 3, buy_now: 90_000 });
  itemId = item.auction_item_id;
  const staff = await makeUser(db, { selected_event: eventId });
  await giveRole(db, staff.usr_id, eventId, { ...OWNER_ROLE });
  cookie = await sessionCookie(staff.usr_id);
});

async function bidTwice() {
  for (const index of [1, 2]) {
    const bidder = await makeBidder(db, eventId);
    const placed = await placeBid(db, {
      eventId,
      itemId,
      usrId: bidder.usrId,
      submission: { kind: "bid", amount: 10_000, maximum: null },
      idempotencyKey: `unit-${index}`,
    });
    expect(placed).toMatchObject({ ok: true });
  }
}

const inline = (route: { action: unknown }, path: string, field: string, value: string) =>
  call(
    route.action as RouteFunction,
    makeRequest(`${path}?id=${eventId}`, { cookie, form: { intent: "inline-edit", id: String(itemId), field, value } }),
  );
const sheet = (field: string, value: string) => inline(rawdataRoute, "/admin/auction_items/rawdata", field, value);
const item = async () => (await db.select().from(auction_item).where(eq(auction_item.auction_item_id, itemId)))[0];

describe(`editing an item that has bids on ${process.env.TEST_DB_ENGINE}`, () => {
  it("the raw data sheet refuses a quantity below the units held, another type and another starting bid", async () => {
    await bidTwice();
    expect(await sheet("quantity", "1")).toMatchObject({
      status: 400,
      data: { inlineError: { field: "quantity", message: expect.stringMatching(/^The quantity cannot go below 2/) } },
    });
    expect(await sheet("type", "live")).toMatchObject({
      status: 400,
      data: { inlineError: { message: expect.stringMatching(/^The type stays “silent”/) } },
    });
    expect(await sheet("starting_bid", "50")).toMatchObject({ status: 400 });
    expect(await item()).toMatchObject({ quantity: 3, type: "silent", starting_bid: 10_000 });
    // What the bids allow: two units, a new title.
    expect(await sheet("quantity", "2")).toMatchObject({ status: 200 });
    expect(await sheet("title", "Sponsor a family")).toMatchObject({ status: 200 });
    expect(await item()).toMatchObject({ quantity: 2, title: "Sponsor a family" });
  });

  it("the packages grid refuses the same edits", async () => {
    await bidTwice();
    const grid = (field: string, value: string) =>
      inline(silentPackagesRoute, "/admin/auction_items/silent_packages", field, value);
    expect(await grid("starting_bid", "50")).toMatchObject({
      status: 400,
      data: { inlineError: { field: "starting_bid", message: expect.stringMatching(/^The starting bid stays/) } },
    });
    expect((await item()).starting_bid).toBe(10_000);
  });

  it("the item page refuses a lower quantity beside the quantity field", async () => {
    await bidTwice();
    const form = {
      intent: "save",
      title: "Sponsor a child",
      lot: "",
      type: "silent",
      subtype: "",
      excerpt: "",
      description: "",
      value: "250",
      starting_bid: "100",
      increment: "10",
      buy_now: "900",
      quantity: "1",
      status: "published",
      tag: "",
      display_order: "",
      xinv_donor_id: "",
      xinv_category_id: "",
      xinv_staff_id: "",
      xinv_disclaimer: "",
      internal_notes: "",
    };
    const outcome = await call(
      pageRoute.action as RouteFunction,
      makeRequest(`/admin/auction_items/auction_item_page?id=${eventId}&item=${itemId}`, { cookie, form }),
    );
    expect(outcome).toMatchObject({
      status: 400,
      data: { error: { quantity: [expect.stringMatching(/^The quantity cannot go below 2/)] } },
    });
    expect((await item()).quantity).toBe(3);
  });

  it("the raw data sheet keeps the amount rules before any bid: no buy now at $0 or below the starting bid", async () => {
    expect(await sheet("buy_now", "0")).toMatchObject({ status: 400 });
    expect(await sheet("buy_now", "50")).toMatchObject({
      status: 400,
      data: { inlineError: { message: expect.stringMatching(/^Buy now must be above the starting bid/) } },
    });
    expect((await item()).buy_now).toBe(90_000);
    expect(await sheet("quantity", "1")).toMatchObject({ status: 200 });
  });
});
