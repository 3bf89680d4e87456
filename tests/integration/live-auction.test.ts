// The live auction (issue 13): the clerk's floor bids and guests' online bids on one engine, sold, sold twice,
// passed, undo, corrections with a reason, what billing and the dashboard read afterwards, the setup screen, and
// every route's permission. The race between a floor bid and an online bid runs on both engines; only PostgreSQL
// really interleaves them (PGlite queues whole transactions), which is where it matters.
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { loadEventAuctionRules } from "~/bidding/auction-rules.server";
import {
  correctLot,
  currentLiveLot,
  floorBid,
  liveLog,
  openLot,
  passLot,
  sellLot,
  sellTwice,
  setOnlineBidding,
  undoLast,
} from "~/bidding/live-lots.server";
import { placeBid } from "~/bidding/place-bid.server";
import { moneyFigures } from "~/billing/money-figures.server";
import { Refusal } from "~/forms/refusal";
import { auction_item, bid, event, live_entry, traditional_auction, winner } from "~drizzle/schema";
import * as liveBidsRoute from "../../app/routes/admin._workspace.bids.livebids";
import * as liveSetupRoute from "../../app/routes/admin._workspace.setup.live_auction";
import * as galleryRoute from "../../app/routes/inroombid";
import * as consoleRoute from "../../app/routes/live";
import * as paddleRoute from "../../app/routes/live_.paddle";
import * as projectorRoute from "../../app/routes/livec";
import { makeAuctionItem, makeBidder, makeLiveEvent } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie, teamRole, teamRoleWithout } from "../support/people";
import { refusalOf } from "../support/refusals";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();

/** What the ledger counts as pledged for one source (app/billing/money-figures.server.ts). */
const pledgedFrom = async (eventId: number, source: string) =>
  (await moneyFigures(eventId)).sources.find((entry) => entry.source === source)?.pledged ?? 0;

const liveEvent = () => makeLiveEvent(db);

describe(`live auction on ${process.env.TEST_DB_ENGINE}`, () => {
  let setup: Awaited<ReturnType<typeof liveEvent>>;
  beforeEach(async () => {
    setup = await liveEvent();
  });

  it("shows the lot on the block first in the bidders' gallery while it takes online bids (issue 33)", async () => {
    const { eventId, clerk, lot } = await liveEvent();
    for (let n = 0; n < 3; n++) await makeAuctionItem(db, eventId, { title: `Silent item ${n}`, display_order: -1 });
    const bidder = await makeBidder(db, eventId);
    const cookie = await sessionCookie(bidder.usrId);
    const gallery = async () => {
      const page = await call(galleryRoute.loader, makeRequest(`/inroombid?id=${eventId}`, { cookie }));
      return (page.data as { cards: Array<{ title: string }> }).cards.map((card) => card.title);
    };
    expect(await gallery()).not.toContain("Tuscan villa");
    await setOnlineBidding(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, on: true });
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    const shown = await gallery();
    expect(shown[0]).toBe("Tuscan villa");
    expect(shown).toHaveLength(4);
  });

  it("resolves a floor bid and an online bid at the same moment to one order", async () => {
    const { eventId, clerk, lot } = setup;
    const floor = await makeBidder(db, eventId);
    const online = await makeBidder(db, eventId);
    await setOnlineBidding(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, on: true });
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    const rules = await loadEventAuctionRules(db, eventId);
    expect(rules!.liveOnline.has(lot.auction_item_id)).toBe(true);

    // Both at the starting bid, at once: exactly one is taken at it, the other is told it is too low.
    const [floorResult, onlineResult] = await Promise.allSettled([
      floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: floor.paddle, amount: 200_000 }),
      placeBid(db, {
        eventId,
        itemId: lot.auction_item_id,
        usrId: online.usrId,
        submission: { kind: "bid", amount: 200_000, maximum: null },
        idempotencyKey: "phone-1",
      }),
    ]);
    const floorTaken = floorResult.status === "fulfilled";
    const onlineTaken = onlineResult.status === "fulfilled" && onlineResult.value.ok;
    expect([floorTaken, onlineTaken].filter(Boolean)).toHaveLength(1);
    if (!floorTaken) expect((floorResult as PromiseRejectedResult).reason).toBeInstanceOf(Refusal);

    const rows = await db
      .select({ usrId: bid.usr_id, amount: bid.bid, status: bid.status, placedBy: bid.placed_by_usr_id })
      .from(bid)
      .where(eq(bid.auction_item_id, lot.auction_item_id))
      .orderBy(asc(bid.bid_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 200_000, status: "winning" });
    expect(rows[0].placedBy).toBe(floorTaken ? clerk : null);

    // The next ones go on in one order: the loser comes back higher and leads.
    const loser = floorTaken ? online : floor;
    if (floorTaken) {
      const again = await placeBid(db, {
        eventId,
        itemId: lot.auction_item_id,
        usrId: online.usrId,
        submission: { kind: "bid", amount: 250_000, maximum: null },
        idempotencyKey: "phone-2",
      });
      expect(again).toMatchObject({ ok: true, outcome: "winning" });
    } else {
      await floorBid(db, {
        eventId,
        itemId: lot.auction_item_id,
        byUsrId: clerk,
        paddle: floor.paddle,
        amount: 250_000,
      });
    }
    const room = await currentLiveLot(db, eventId);
    expect(room.current).toMatchObject({
      id: lot.auction_item_id,
      phase: "open",
      currentBid: 250_000,
      leader: loser.paddle,
    });
  });

  it("sells at the hammer: the winning row is won, the winner is recorded, the lot is locked, the dashboard counts it", async () => {
    const { eventId, clerk, lot } = setup;
    const guest = await makeBidder(db, eventId);
    const online = await makeBidder(db, eventId);
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    await floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: guest.paddle, amount: 500_000 });
    expect(await pledgedFrom(eventId, "live")).toBe(0);
    await sellLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });

    const [won] = await db.select().from(bid).where(eq(bid.auction_item_id, lot.auction_item_id));
    expect(won).toMatchObject({ status: "won", usr_id: guest.usrId, placed_by_usr_id: clerk, bid: 500_000 });
    const [item] = await db.select().from(auction_item).where(eq(auction_item.auction_item_id, lot.auction_item_id));
    expect(item.winner_id).toBe(guest.usrId);
    expect(item.closed_at).not.toBeNull();
    expect(await db.select().from(winner).where(eq(winner.auction_item_id, lot.auction_item_id))).toMatchObject([
      { unit: 1, usr_id: guest.usrId, paddle: guest.paddle, amount: 500_000, bid_id: won.bid_id },
    ]);
    expect(await pledgedFrom(eventId, "live")).toBe(500_000);

    // Locked: no more bids, from the floor or online, and no second hammer.
    expect(
      await refusalOf(
        floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: online.paddle, amount: 600_000 }),
      ),
    ).toMatchObject({ field: "amount", message: "Bidding on this item has closed." });
    expect(await refusalOf(sellLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk }))).toMatchObject({
      message: "Lot 1 has already been hammered.",
    });
    const room = await currentLiveLot(db, eventId);
    expect(room.current).toMatchObject({ phase: "sold", winners: [{ paddle: guest.paddle, amount: 500_000 }] });
    expect(room.next?.id).toBe(setup.second.auction_item_id);
  });

  it("bid and sell in one step does not sell over a higher online bid that came in between", async () => {
    const { eventId, clerk, lot } = setup;
    const floor = await makeBidder(db, eventId);
    const online = await makeBidder(db, eventId);
    await setOnlineBidding(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, on: true });
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    const placed = await floorBid(db, {
      eventId,
      itemId: lot.auction_item_id,
      byUsrId: clerk,
      paddle: floor.paddle,
      amount: 300_000,
    });
    expect(placed.bidId).not.toBeNull();
    await placeBid(db, {
      eventId,
      itemId: lot.auction_item_id,
      usrId: online.usrId,
      submission: { kind: "bid", amount: 350_000, maximum: null },
      idempotencyKey: "phone-between",
    });
    expect(
      await refusalOf(sellLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, expectBidId: placed.bidId })),
    ).toMatchObject({ message: expect.stringContaining("a higher bid came in before the hammer") });
    expect((await currentLiveLot(db, eventId)).current).toMatchObject({ phase: "open", leader: online.paddle });
  });

  it("sold twice: a second winner at the same price; both reach the dashboard", async () => {
    const { eventId, clerk, lot } = setup;
    const first = await makeBidder(db, eventId);
    const second = await makeBidder(db, eventId);
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    expect(
      await refusalOf(sellTwice(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: second.paddle })),
    ).toMatchObject({
      message: "Sell the lot first: sold twice repeats a sale.",
    });
    await floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: first.paddle, amount: 300_000 });
    await sellLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    expect(
      await refusalOf(sellTwice(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: first.paddle })),
    ).toMatchObject({
      field: "paddle",
    });
    await sellTwice(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: second.paddle });
    const winners = await db
      .select({ unit: winner.unit, usrId: winner.usr_id, amount: winner.amount })
      .from(winner)
      .where(eq(winner.auction_item_id, lot.auction_item_id))
      .orderBy(asc(winner.unit));
    expect(winners).toEqual([
      { unit: 1, usrId: first.usrId, amount: 300_000 },
      { unit: 2, usrId: second.usrId, amount: 300_000 },
    ]);
    const wonRows = await db
      .select({ usrId: bid.usr_id, status: bid.status, placedBy: bid.placed_by_usr_id })
      .from(bid)
      .where(and(eq(bid.auction_item_id, lot.auction_item_id), eq(bid.status, "won")));
    expect(wonRows).toHaveLength(2);
    expect(wonRows.every((row) => row.placedBy === clerk)).toBe(true);
    expect(await pledgedFrom(eventId, "live")).toBe(600_000);

    // Undo takes back the second sale only.
    await undoLast(db, { eventId, byUsrId: clerk });
    expect(await db.select().from(winner).where(eq(winner.auction_item_id, lot.auction_item_id))).toHaveLength(1);
    expect(await pledgedFrom(eventId, "live")).toBe(300_000);
  });

  it("passed: the lot closes without a winner, its bids lose, nothing is counted; undo reopens it", async () => {
    const { eventId, clerk, lot } = setup;
    const guest = await makeBidder(db, eventId);
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    await floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: guest.paddle, amount: 200_000 });
    await passLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    const [item] = await db.select().from(auction_item).where(eq(auction_item.auction_item_id, lot.auction_item_id));
    expect(item.closed_at).not.toBeNull();
    expect(item.winner_id).toBeNull();
    expect(
      (await db.select({ status: bid.status }).from(bid).where(eq(bid.auction_item_id, lot.auction_item_id)))[0].status,
    ).toBe("lost");
    expect(await pledgedFrom(eventId, "live")).toBe(0);
    expect((await currentLiveLot(db, eventId)).current?.phase).toBe("passed");

    await undoLast(db, { eventId, byUsrId: clerk });
    const room = await currentLiveLot(db, eventId);
    expect(room.current).toMatchObject({ phase: "open", currentBid: 200_000, leader: guest.paddle });
  });

  it("undoes the last entries one by one, and logs who did what", async () => {
    const { eventId, clerk, lot } = setup;
    const a = await makeBidder(db, eventId);
    const b = await makeBidder(db, eventId);
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    await floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: a.paddle, amount: 200_000 });
    await floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: b.paddle, amount: 300_000 });
    await sellLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });

    expect(await undoLast(db, { eventId, byUsrId: clerk })).toBe("Undone: the sale of Lot 1.");
    expect(await db.select().from(winner).where(eq(winner.auction_item_id, lot.auction_item_id))).toHaveLength(0);
    expect((await currentLiveLot(db, eventId)).current).toMatchObject({
      phase: "open",
      leader: b.paddle,
      currentBid: 300_000,
    });

    expect(await undoLast(db, { eventId, byUsrId: clerk })).toBe(`Undone: the bid of paddle ${b.paddle}.`);
    const [item] = await db.select().from(auction_item).where(eq(auction_item.auction_item_id, lot.auction_item_id));
    expect(item.current_bid).toBe(200_000);
    expect((await currentLiveLot(db, eventId)).current).toMatchObject({ leader: a.paddle });
    const retracted = await db
      .select({ status: bid.status, reason: bid.retract_reason })
      .from(bid)
      .where(and(eq(bid.auction_item_id, lot.auction_item_id), eq(bid.usr_id, b.usrId)));
    expect(retracted).toEqual([{ status: "retracted", reason: "Undone at the live console." }]);

    expect(await undoLast(db, { eventId, byUsrId: clerk })).toBe(`Undone: the bid of paddle ${a.paddle}.`);
    expect(await undoLast(db, { eventId, byUsrId: clerk })).toBe("Undone: the opening of Lot 1.");
    expect((await currentLiveLot(db, eventId)).next).toMatchObject({ id: lot.auction_item_id, phase: "waiting" });
    expect(await refusalOf(undoLast(db, { eventId, byUsrId: clerk }))).toMatchObject({
      message: "There is nothing to undo.",
    });

    const log = await liveLog(db, eventId);
    expect(log.map((entry) => [entry.action, entry.undone])).toEqual([
      ["undo", false],
      ["undo", false],
      ["undo", false],
      ["undo", false],
      ["sold", true],
      ["bid", true],
      ["bid", true],
      ["open", true],
    ]);
    expect(log.every((entry) => entry.by === "Casey Clerk")).toBe(true);
    // Append-only: entries are never removed.
    expect(await db.select().from(live_entry).where(eq(live_entry.event_id, eventId))).toHaveLength(8);
  });

  it("refuses an unknown paddle at the field, a second open lot, and bids on a lot not open", async () => {
    const { eventId, clerk, lot, second } = setup;
    const guest = await makeBidder(db, eventId);
    expect(
      await refusalOf(
        floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: guest.paddle, amount: 200_000 }),
      ),
    ).toMatchObject({ message: "Open the lot first (Alt+O)." });
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    expect(
      await refusalOf(
        floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: 987_654, amount: 200_000 }),
      ),
    ).toEqual({ field: "paddle", message: "No guest has paddle 987654 at this event." });
    expect(await refusalOf(openLot(db, { eventId, itemId: second.auction_item_id, byUsrId: clerk }))).toMatchObject({
      message: "Lot 1 is still open: sell or pass it first.",
    });
    expect(
      await refusalOf(
        floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: guest.paddle, amount: 100 }),
      ),
    ).toMatchObject({ field: "amount" });
  });

  it("corrects a winner's paddle and price with a reason kept in the log; billing reads the correction", async () => {
    const { eventId, clerk, lot } = setup;
    const heard = await makeBidder(db, eventId);
    const meant = await makeBidder(db, eventId);
    await openLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });
    await floorBid(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk, paddle: heard.paddle, amount: 400_000 });
    await sellLot(db, { eventId, itemId: lot.auction_item_id, byUsrId: clerk });

    // Through the screen's action: a reason is required.
    const cookie = await sessionCookie(clerk);
    const form = {
      intent: "correct",
      lot: String(lot.auction_item_id),
      unit: "1",
      paddle: String(meant.paddle),
      amount: "4,500",
    };
    const blank = await call(
      liveBidsRoute.action,
      makeRequest(`/admin/bids/livebids?id=${eventId}`, { cookie, form: { ...form, reason: "  " } }),
    );
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      formId: `correct-${lot.auction_item_id}-1`,
      error: { reason: ["Give the reason for the correction: it is kept in the log."] },
    });
    const saved = await call(
      liveBidsRoute.action,
      makeRequest(`/admin/bids/livebids?id=${eventId}`, {
        cookie,
        form: { ...form, reason: "The clerk misheard the paddle" },
      }),
    );
    expect(saved.status).toBe(302);

    const [won] = await db.select().from(winner).where(eq(winner.auction_item_id, lot.auction_item_id));
    expect(won).toMatchObject({ usr_id: meant.usrId, paddle: meant.paddle, amount: 450_000 });
    const ledger = await db
      .select({ usrId: bid.usr_id, status: bid.status, reason: bid.retract_reason, amount: bid.bid })
      .from(bid)
      .where(eq(bid.auction_item_id, lot.auction_item_id))
      .orderBy(asc(bid.bid_id));
    expect(ledger).toEqual([
      { usrId: heard.usrId, status: "retracted", reason: "The clerk misheard the paddle", amount: 400_000 },
      { usrId: meant.usrId, status: "won", reason: null, amount: 450_000 },
    ]);
    const [item] = await db.select().from(auction_item).where(eq(auction_item.auction_item_id, lot.auction_item_id));
    expect(item.winner_id).toBe(meant.usrId);
    expect(await pledgedFrom(eventId, "live")).toBe(450_000);
    const [entry] = await liveLog(db, eventId, 1);
    expect(entry).toMatchObject({ action: "correct", reason: "The clerk misheard the paddle", paddle: meant.paddle });

    // The grid shows it.
    const page = await call(liveBidsRoute.loader, makeRequest(`/admin/bids/livebids?id=${eventId}`, { cookie }));
    expect((page.data as { rows: unknown[] }).rows[0]).toMatchObject({
      phase: "sold",
      paddle: meant.paddle,
      price: 450_000,
      overUnder: 450_000 - 650_000,
    });
    expect(
      await refusalOf(
        correctLot(db, {
          eventId,
          itemId: setup.second.auction_item_id,
          byUsrId: clerk,
          unit: 1,
          paddle: meant.paddle,
          amount: 1,
          reason: "x",
        }),
      ),
    ).toMatchObject({
      message: "Lot 2 has no sale to correct.",
    });
  });

  it("runs the console's posts: Enter records the bid, refusals come back at the field", async () => {
    const { eventId, clerk, lot } = setup;
    const guest = await makeBidder(db, eventId);
    const cookie = await sessionCookie(clerk);
    const post = (form: Record<string, string>) =>
      call(
        consoleRoute.action,
        makeRequest(`/live?id=${eventId}`, { cookie, form: { lot: String(lot.auction_item_id), ...form } }),
      );
    expect((await post({ intent: "open" })).status).toBe(302);
    const unknown = await post({ intent: "bid", paddle: "999999", amount: "2000" });
    expect(unknown).toMatchObject({
      status: 400,
      data: { formId: "floor", error: { paddle: ["No guest has paddle 999999 at this event."] } },
    });
    const blank = await post({ intent: "bid", paddle: "", amount: "" });
    expect(blank).toMatchObject({
      status: 400,
      data: { error: { paddle: ["Type the paddle number."], amount: ["The amount is needed."] } },
    });
    expect((await post({ intent: "sell", paddle: String(guest.paddle), amount: "2,000" })).status).toBe(302);
    expect((await currentLiveLot(db, eventId)).current).toMatchObject({
      phase: "sold",
      winners: [{ paddle: guest.paddle, amount: 200_000 }],
    });
    // An id above the integer ceiling is no such lot, not a database error.
    expect(await post({ intent: "sold", lot: "2147483648" })).toMatchObject({
      status: 400,
      data: { formId: "lot-actions", error: { "": ["Choose a lot first."] } },
    });
    const again = await post({ intent: "sold" });
    expect(again).toMatchObject({
      status: 400,
      data: { formId: "lot-actions", error: { "": ["Lot 1 has already been hammered."] } },
    });

    const lookup = await call(
      paddleRoute.loader,
      makeRequest(`/live/paddle?id=${eventId}&paddle=${guest.paddle}`, { cookie }),
    );
    const holder = (await lookup.response!.json()) as { paddle: number; name: string | null };
    expect(holder.paddle).toBe(guest.paddle);
    expect(holder.name).toBeTruthy();
    const console = await call(consoleRoute.loader, makeRequest(`/live?id=${eventId}`, { cookie }));
    expect((console.data as { selected: { id: number } }).selected.id).toBe(lot.auction_item_id);
  });

  it("shows the projector to anyone while the live auction is on, and hides it otherwise", async () => {
    const { eventId } = setup;
    const open = await call(projectorRoute.loader, makeRequest(`/livec?id=${eventId}`));
    expect(open.status).toBe(200);
    expect(open.data).toMatchObject({ room: { current: null, next: { lot: 1 } } });
    await db.update(event).set({ is_traditional_auction_enabled: false }).where(eq(event.event_id, eventId));
    expect((await call(projectorRoute.loader, makeRequest(`/livec?id=${eventId}`))).status).toBe(404);
  });

  it("checks the event permission in every loader and action", async () => {
    const { eventId } = setup;
    const person = await makeUser(db, { selected_event: eventId });
    const cookie = await sessionCookie(person.usr_id);
    const url = (path: string) => `${path}${path.includes("?") ? "&" : "?"}id=${eventId}`;
    // A team member without can_control_event: the console, its lookup and its posts are refused.
    await giveRole(db, person.usr_id, eventId, teamRoleWithout("can_control_event"));
    for (const [fn, path, post] of [
      [consoleRoute.loader, "/live", false],
      [consoleRoute.action, "/live", true],
      [paddleRoute.loader, "/live/paddle?paddle=100", false],
      [liveBidsRoute.action, "/admin/bids/livebids", true],
    ] as const) {
      const outcome = await call(fn, makeRequest(url(path), { cookie, ...(post ? { form: { intent: "undo" } } : {}) }));
      expect(outcome.status, path).toBe(403);
    }
    // Seeing the live bids needs can_view_stats; the setup screen can_configure_event.
    const other = await makeUser(db, { selected_event: eventId });
    await giveRole(db, other.usr_id, eventId, teamRole("can_control_event"));
    const otherCookie = await sessionCookie(other.usr_id);
    expect(
      (await call(liveBidsRoute.loader, makeRequest(url("/admin/bids/livebids"), { cookie: otherCookie }))).status,
    ).toBe(403);
    expect(
      (await call(liveSetupRoute.loader, makeRequest(url("/admin/setup/live_auction"), { cookie: otherCookie })))
        .status,
    ).toBe(403);
    expect(
      (
        await call(
          liveSetupRoute.action,
          makeRequest(url("/admin/setup/live_auction"), { cookie: otherCookie, form: { capacity: "10" } }),
        )
      ).status,
    ).toBe(403);
    // Not signed in: back to the root.
    expect((await call(consoleRoute.loader, makeRequest(url("/live")))).location).toBe("/");
  });

  it("saves the live auction's settings, and refuses bad input at the field without saving", async () => {
    const { eventId, clerk } = setup;
    const cookie = await sessionCookie(clerk);
    const post = (form: Record<string, string>) =>
      call(liveSetupRoute.action, makeRequest(`/admin/setup/live_auction?id=${eventId}`, { cookie, form }));
    const [before] = await db.select().from(traditional_auction).where(eq(traditional_auction.event_id, eventId));
    expect(before.capacity).toBe(50);
    const bad = await post({
      start_date_time: "2026-12-05T20:00",
      end_date_time: "2026-12-05T21:00",
      capacity: "0",
      seat_chart_url: "not an address",
      seat_chart_opacity: "2",
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      formId: "live-auction",
      error: {
        capacity: ["Enter how many guests the room seats, from 1 to 100000."],
        seat_chart_url: ["Enter an image address such as https://example.org/chart.png or /images/chart.png."],
        seat_chart_opacity: ["Enter an opacity from 0 (invisible) to 1 (solid), such as 0.8."],
      },
    });
    const backwards = await post({
      start_date_time: "2026-12-05T20:00",
      end_date_time: "2026-12-05T19:00",
      capacity: "50",
    });
    expect(backwards).toMatchObject({
      status: 400,
      data: { error: { end_date_time: ["The live auction must end after it starts."] } },
    });
    const [unchanged] = await db.select().from(traditional_auction).where(eq(traditional_auction.event_id, eventId));
    expect(unchanged).toEqual(before);

    const good = await post({
      start_date_time: "2026-12-05T20:00",
      end_date_time: "2026-12-05T21:30",
      capacity: "320",
      seat_chart_url: "/images/ballroom.png",
      seat_chart_x: "40",
      seat_chart_y: "-20",
      seat_chart_scale: "0.75",
      seat_chart_opacity: "0.8",
      seat_chart_px: "300",
      seat_chart_py: "220",
      seat_chart_pz: "48",
    });
    expect(good.status).toBe(302);
    const [after] = await db.select().from(traditional_auction).where(eq(traditional_auction.event_id, eventId));
    expect(after).toMatchObject({
      capacity: 320,
      seat_chart_url: "/images/ballroom.png",
      seat_chart_x: 40,
      seat_chart_y: -20,
      seat_chart_scale: 0.75,
      seat_chart_opacity: 0.8,
      seat_chart_pz: 48,
    });
    expect(after.end_date_time!.getTime() - after.start_date_time!.getTime()).toBe(90 * 60_000);
  });
});
