// The bidder pages' loader and action (/inroombid): who sees the auction, review then place, errors at the field,
// joining for a paddle number, watching, and a team member with can_bid bidding for a guest at a bid station.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { IN_PLACE_FIELD, IN_PLACE_VALUE } from "~/navigation/answer-in-place";
import * as route from "~/routes/inroombid";
import { auction_item, auction_item_image, bid, category, event, watch } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { PlacedBid } from "~/bidding/placed-bid";

const { db } = testDatabase();
const call$ = (fn: unknown, request: Request) => call(fn as RouteFunction, request);
const page = (eventId: number, itemId?: number) => `/inroombid?id=${eventId}${itemId ? `&item=${itemId}` : ""}`;

async function setUp(item: Parameters<typeof makeAuctionItem>[2] = {}) {
  const gala = await makeAuctionEvent(db);
  const lot = await makeAuctionItem(db, gala.event_id, item);
  const ann = await makeBidder(db, gala.event_id);
  return { gala, lot, ann, cookie: await sessionCookie(ann.usrId) };
}

describe("/inroombid", () => {
  it("shows the gallery while the auction is live and hides it otherwise", async () => {
    const { gala, lot } = await setUp();
    const shown = await call$(route.loader, makeRequest(page(gala.event_id)));
    expect(shown.status).toBe(200);
    expect((shown.data as { cards: { id: number }[] }).cards.map((card) => card.id)).toEqual([lot.auction_item_id]);
    await db
      .update(event)
      .set({ is_silent_auction_testing: true, is_virtual_auction_testing: true })
      .where(eq(event.event_id, gala.event_id));
    expect((await call$(route.loader, makeRequest(page(gala.event_id)))).status).toBe(404);
  });

  it("shows an item's own pictures in their order, not another item's", async () => {
    const { gala, lot } = await setUp();
    const other = await makeAuctionItem(db, gala.event_id, { title: "Another lot" });
    await db.insert(auction_item_image).values([
      { auction_item_id: lot.auction_item_id, url: "/demo/second.svg", display_order: 2 },
      { auction_item_id: other.auction_item_id, url: "/demo/other.svg", display_order: 0 },
      { auction_item_id: lot.auction_item_id, url: "/demo/first.svg", display_order: 1 },
    ]);
    const shown = await call$(route.loader, makeRequest(page(gala.event_id, lot.auction_item_id)));
    const { images } = (shown.data as { item: { detail: { images: string[] } } }).item.detail;
    expect(images.filter((url) => url.startsWith("/demo/"))).toEqual(["/demo/first.svg", "/demo/second.svg"]);
  });

  it("reviews a bid with a fresh key, then places it once, and refuses a low amount at the field", async () => {
    const { gala, lot, ann, cookie } = await setUp();
    const low = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), { cookie, form: { intent: "review", amount: "50" } }),
    );
    expect(low).toMatchObject({
      status: 400,
      data: { formId: "bid", error: { amount: ["The next minimum bid is $100.00."] }, initialValue: { amount: "50" } },
    });
    // A quick bid posts its button's amount before the typed field's, blank: the button's amount is the bid.
    const quick = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), {
        cookie,
        form: { intent: "review", amount: ["110.00", ""] },
      }),
    );
    expect((quick.data as { review: { amount: number } }).review.amount).toBe(11_000);
    const review = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), { cookie, form: { intent: "review", amount: "120" } }),
    );
    const key = (review.data as { review: { key: string; summary: string } }).review.key;
    expect((review.data as { review: { summary: string } }).review.summary).toBe("Bid $120.00 on “Weekend in Napa”");
    const place = () =>
      call$(
        route.action,
        makeRequest(page(gala.event_id, lot.auction_item_id), {
          cookie,
          form: { intent: "place", amount: "120.00", key },
        }),
      );
    expect(await place()).toMatchObject({ status: 302, location: page(gala.event_id, lot.auction_item_id) });
    expect(await place()).toMatchObject({ status: 302 });
    expect(await db.select().from(bid).where(eq(bid.usr_id, ann.usrId))).toHaveLength(1);
  });

  it("answers a bid from the page's script in place, with the bidder's own standing after it, a repeat as well", async () => {
    const { gala, lot, ann, cookie } = await setUp();
    const rival = await makeBidder(db, gala.event_id);
    const placeInPlace = (as: string, amount: string, key = crypto.randomUUID(), maximum = "") =>
      call$(
        route.action,
        makeRequest(page(gala.event_id, lot.auction_item_id), {
          cookie: as,
          form: { intent: "place", amount, maximum, key, [IN_PLACE_FIELD]: IN_PLACE_VALUE },
        }),
      );
    const standing = (answer: { data?: unknown }) => (answer.data as { placed: PlacedBid }).placed;
    // The rival's maximum outbids Ann's bid at once: her own best is the bid she placed, outbid.
    await placeInPlace(await sessionCookie(rival.usrId), "", crypto.randomUUID(), "500");
    const outbid = await placeInPlace(cookie, "120");
    expect(outbid).toMatchObject({ status: 200, data: { answeredInPlace: true } });
    const [own] = await db
      .select({ bidId: bid.bid_id })
      .from(bid)
      .where(and(eq(bid.usr_id, ann.usrId), eq(bid.auction_item_id, lot.auction_item_id)));
    expect(standing(outbid)).toMatchObject({
      itemId: lot.auction_item_id,
      toast: { title: "Outbid at once by an earlier maximum bid" },
      own: { itemId: lot.auction_item_id, best: { amount: 12_000, bidId: own.bidId }, boughtOutright: false },
    });
    // Above the maximum she leads; the same confirmation sent twice writes once and answers the same standing.
    const key = crypto.randomUUID();
    const leading = await placeInPlace(cookie, "600", key);
    expect(standing(leading)).toMatchObject({
      toast: { title: "You have the highest bid" },
      own: { best: { amount: 60_000 } },
    });
    expect(standing(await placeInPlace(cookie, "600", key)).own).toEqual(standing(leading).own);
    expect(await db.select().from(bid).where(eq(bid.usr_id, ann.usrId))).toHaveLength(2);
  });

  it("sends visitors who are not signed in to sign in, and gives a signed-in guest a paddle when they join", async () => {
    const { gala, lot } = await setUp();
    const anonymous = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), { form: { intent: "review", amount: "120" } }),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\/sign-in\?returnTo=/);
    const guest = await makeUser(db);
    const cookie = await sessionCookie(guest.usr_id);
    const refused = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), {
        cookie,
        form: { intent: "place", amount: "100", key: crypto.randomUUID() },
      }),
    );
    expect(refused).toMatchObject({
      status: 409,
      data: { formId: "bid", error: { amount: ["You need a bidder number first: join the auction."] } },
    });
    // Refused at placing, the answer stays small (phones bidding in the last minutes read many): the message only.
    expect(refused.data).not.toHaveProperty("initialValue");
    expect(
      (
        await call$(
          route.action,
          makeRequest(page(gala.event_id, lot.auction_item_id), { cookie, form: { intent: "join" } }),
        )
      ).status,
    ).toBe(302);
    const placed = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), {
        cookie,
        form: { intent: "place", amount: "100", key: crypto.randomUUID() },
      }),
    );
    expect(placed.status).toBe(302);
  });

  it("refuses a phone's review and bid on an in-person-only item, and lets a team member with can_bid bid for a guest by paddle there", async () => {
    const { gala, lot, ann, cookie } = await setUp({ in_person_only: true });
    // The review already says what placing would (the rehearsal's phones without JavaScript were shown no
    // confirmation and no message).
    const review = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), { cookie, form: { intent: "review", amount: "100" } }),
    );
    expect(review).toMatchObject({
      status: 400,
      data: { formId: "bid", error: { amount: [expect.stringMatching(/in the room only/)] } },
    });
    const phone = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), {
        cookie,
        form: { intent: "place", amount: "100", key: crypto.randomUUID() },
      }),
    );
    expect(phone).toMatchObject({
      status: 409,
      data: { formId: "bid", error: { amount: [expect.stringMatching(/in the room only/)] } },
    });
    const forOther = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), {
        cookie,
        form: { intent: "review", amount: "100", paddle: String(ann.paddle) },
      }),
    );
    expect(forOther).toMatchObject({
      status: 400,
      data: { formId: "bid", error: { paddle: ["Only the event's team can bid for a guest."] } },
    });

    const clerk = await makeUser(db);
    await giveRole(db, clerk.usr_id, gala.event_id, teamRole("can_bid"));
    const clerkCookie = await sessionCookie(clerk.usr_id);
    const unknown = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), {
        cookie: clerkCookie,
        form: { intent: "place", amount: "100", paddle: "99999", key: crypto.randomUUID() },
      }),
    );
    expect(unknown).toMatchObject({
      status: 400,
      data: { formId: "bid", error: { paddle: ["No guest holds paddle 99999 at this event."] } },
    });
    const station = await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), {
        cookie: clerkCookie,
        form: { intent: "place", amount: "100", paddle: String(ann.paddle), key: crypto.randomUUID() },
      }),
    );
    expect(station.status).toBe(302);
    const [row] = await db.select().from(bid).where(eq(bid.auction_item_id, lot.auction_item_id));
    expect(row).toMatchObject({ usr_id: ann.usrId, placed_by_usr_id: clerk.usr_id, status: "winning" });
  });

  it("watches and unwatches an item", async () => {
    const { gala, lot, ann, cookie } = await setUp();
    await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), { cookie, form: { intent: "watch" } }),
    );
    expect(
      await db
        .select()
        .from(watch)
        .where(and(eq(watch.usr_id, ann.usrId), eq(watch.auction_item_id, lot.auction_item_id))),
    ).toHaveLength(1);
    const mine = await call$(route.loader, makeRequest(`${page(gala.event_id)}&view=mine`, { cookie }));
    expect((mine.data as { watched: number[] }).watched).toEqual([lot.auction_item_id]);
    await call$(
      route.action,
      makeRequest(page(gala.event_id, lot.auction_item_id), { cookie, form: { intent: "unwatch" } }),
    );
    expect(await db.select().from(watch).where(eq(watch.usr_id, ann.usrId))).toHaveLength(0);
  });

  it("shows with a refused bid the page a fresh load shows, with the bidder's own bids and watches on it", async () => {
    const { gala, lot, ann, cookie } = await setUp();
    const kayak = await makeAuctionItem(db, gala.event_id, { title: "Kayak" });
    await db.insert(watch).values({ usr_id: ann.usrId, auction_item_id: kayak.auction_item_id });
    const here = page(gala.event_id, lot.auction_item_id);
    const place = (amount: string) => ({ cookie, form: { intent: "place", amount, key: crypto.randomUUID() } });
    expect((await call$(route.action, makeRequest(here, place("120")))).status).toBe(302);
    // One form post: Remix hands its action and the loaders it runs after it the same load context.
    const context = {};
    const refused = await call$(
      (args: ActionFunctionArgs) => route.action({ ...args, context }),
      makeRequest(here, place("100")),
    );
    expect(refused.status).toBe(409);
    const shown = await call$(
      (args: LoaderFunctionArgs) => route.loader({ ...args, context }),
      makeRequest(here, { cookie }),
    );
    const fresh = await call$(route.loader, makeRequest(here, { cookie }));
    const { serverNow: _shownAt, ...shownPage } = shown.data as { serverNow: number };
    const { serverNow: _freshAt, ...freshPage } = fresh.data as { serverNow: number };
    expect(shownPage).toEqual(freshPage);
    expect(freshPage).toMatchObject({
      own: [{ itemId: lot.auction_item_id, best: { amount: 12_000 }, boughtOutright: false }],
      watched: [kayak.auction_item_id],
      item: { extra: [kayak.auction_item_id] },
    });
  });

  it("shows an item with the open items of its category first, and carries only the items it shows", async () => {
    const { gala, lot } = await setUp({ title: "Napa", display_order: 1 });
    const [wine] = await db.insert(category).values({ client_id: gala.client_id, title: "Wine" }).returning();
    await db
      .update(auction_item)
      .set({ xinv_category_id: wine.category_id })
      .where(eq(auction_item.auction_item_id, lot.auction_item_id));
    const item = (title: string, display_order: number, fields: Parameters<typeof makeAuctionItem>[2] = {}) =>
      makeAuctionItem(db, gala.event_id, { title, display_order, ...fields });
    const kayak = await item("Kayak", 2);
    const claret = await item("Claret", 3, { xinv_category_id: wine.category_id });
    await item("Sold", 4, { xinv_category_id: wine.category_id, closed_at: new Date() });
    const cruise = await item("Cruise", 5);
    await item("Spa", 6);
    await item("Golf", 7);
    const answer = await call$(route.loader, makeRequest(page(gala.event_id, lot.auction_item_id)));
    const data = answer.data as { item: { extra: number[] }; cards: { id: number }[]; live: { id: number }[] };
    // Four beside it (the page's default): the other wine first, then the rest in the board's order; not the closed one.
    const beside = [claret.auction_item_id, kayak.auction_item_id, cruise.auction_item_id];
    expect(data.item.extra.slice(0, 3)).toEqual(beside);
    expect(data.item.extra).toHaveLength(4);
    expect(data.cards.map((card) => card.id)).toEqual(expect.arrayContaining(data.item.extra));
    expect(data.cards).toHaveLength(4);
    expect(data.live.map((entry) => entry.id).sort()).toEqual([lot.auction_item_id, ...data.item.extra].sort());
    // A closed item's page still shows what is open beside it, its own category first.
    await db
      .update(auction_item)
      .set({ closed_at: new Date() })
      .where(eq(auction_item.auction_item_id, lot.auction_item_id));
    const closed = await call$(route.loader, makeRequest(page(gala.event_id, lot.auction_item_id)));
    expect((closed.data as typeof data).item.extra[0]).toBe(claret.auction_item_id);
  });
});
