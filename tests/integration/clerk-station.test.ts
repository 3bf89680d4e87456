// The live clerk's queue (/live/sync, issue 36): a sale sent twice is recorded once, at the time the clerk took it;
// a floor bid taken offline that an online bid overtook meanwhile is the server's to turn down, and is listed on the
// console until someone deals with it; the console's sync needs can_control_event.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setOnlineBidding, openLot } from "~/bidding/live-lots.server";
import { placeBid } from "~/bidding/place-bid.server";
import { live_entry, winner } from "~drizzle/schema";
import * as consoleRoute from "../../app/routes/live";
import * as syncRoute from "../../app/routes/live_.sync";
import { makeBidder, makeLiveEvent } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import { sendEntry, type EntryOptions } from "../support/station-entries";

const { db } = testDatabase();
const MINUTE = 60_000;

async function setUp() {
  const { eventId, clerk, lot } = await makeLiveEvent(db);
  const cookie = await sessionCookie(clerk);
  const url = `/live/sync?id=${eventId}`;
  const send = (fields: Record<string, string>, options: EntryOptions & { as?: string } = {}) =>
    sendEntry(syncRoute.action, url, options.as ?? cookie, fields, { offline: true, ...options });
  return { eventId, clerk, lot, cookie, send };
}

describe(`the live clerk's queue on ${process.env.TEST_DB_ENGINE}`, () => {
  it("records a sale sent twice once, at the time the clerk took it", async () => {
    const { eventId, lot, send } = await setUp();
    const lotId = String(lot.auction_item_id);
    const buyer = await makeBidder(db, eventId);
    expect((await send({ intent: "open", lot: lotId }, { agoMs: 6 * MINUTE })).answer.outcome).toBe("done");
    const sale = { intent: "sell", lot: lotId, paddle: String(buyer.paddle), amount: "2500" };
    const key = randomUUID();
    const first = await send(sale, { key, agoMs: 5 * MINUTE });
    const again = await send(sale, { key, agoMs: 5 * MINUTE });
    expect(first.answer.outcome).toBe("done");
    expect(again.answer).toMatchObject({ outcome: "done", message: first.answer.message, replayed: true });
    const won = await db.select().from(winner).where(eq(winner.auction_item_id, lot.auction_item_id));
    expect(won).toHaveLength(1);
    const [sold] = await db
      .select({ at: live_entry.created_at })
      .from(live_entry)
      .where(and(eq(live_entry.auction_item_id, lot.auction_item_id), eq(live_entry.action, "sold")));
    expect(Math.abs(sold.at.getTime() - (Date.now() - 5 * MINUTE))).toBeLessThan(5_000);
  });

  it("turns down a floor bid an online bid overtook while the clerk was offline, and lists it", async () => {
    const { eventId, clerk, lot, send, cookie } = await setUp();
    const lotId = lot.auction_item_id;
    await openLot(db, { eventId, itemId: lotId, byUsrId: clerk });
    await setOnlineBidding(db, { eventId, itemId: lotId, byUsrId: clerk, on: true });
    const online = await makeBidder(db, eventId);
    const floor = await makeBidder(db, eventId);
    const placed = await placeBid(db, {
      eventId,
      itemId: lotId,
      usrId: online.usrId,
      submission: { kind: "bid", amount: 300_000, maximum: null },
      idempotencyKey: "phone-1",
    });
    expect(placed.ok).toBe(true);
    const late = await send(
      { intent: "bid", lot: String(lotId), paddle: String(floor.paddle), amount: "2500" },
      { agoMs: 2 * MINUTE },
    );
    expect(late.answer.outcome).toBe("conflict");
    expect(late.answer.message).toMatch(/^Too low: the next bid is at least/);
    const page = await call(consoleRoute.loader as RouteFunction, makeRequest(`/live?id=${eventId}`, { cookie }));
    expect((page.data as { conflicts: { message: string }[] }).conflicts).toEqual([
      expect.objectContaining({ message: late.answer.message }),
    ]);
  });

  it("needs can_control_event", async () => {
    const { eventId, lot, send } = await setUp();
    const other = await makeUser(db);
    await giveRole(db, other.usr_id, eventId, teamRoleWithout("can_control_event"));
    const denied = await send(
      { intent: "open", lot: String(lot.auction_item_id) },
      { as: await sessionCookie(other.usr_id) },
    );
    expect(denied.status).toBe(403);
  });
});
