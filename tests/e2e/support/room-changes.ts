/**
 * Changes the room would see, recorded with the app's own functions straight into a stopped server's embedded database
 * (its DATA_DIR), for tests of screens that must show, once the server is back, what happened while it was away:
 * a pledge to the open paddle raise, a floor bid on the live lot (opened first), a raffle bundle sold to a paddle and
 * a raffle prize drawn. Run as its own process (`node --import tsx tests/e2e/support/room-changes.ts <eventId>` with
 * DATA_DIR set), as the app reads its database from its configuration when first imported; it prints what it recorded
 * as one line of JSON. The event must be the demo gala or a copy of it (guests with paddles, a live lot, an open
 * raise and raffle).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { floorBid, openLot } from "~/bidding/live-lots.server";
import { connection, db } from "~/db.server";
import { recordPledge } from "~/paddle-raise/pledges.server";
import { drawPrize } from "~/raffles/raffle-draw.server";
import { sellRaffleTickets } from "~/raffles/raffle-sales.server";
import {
  auction_item,
  live_lot,
  paddle_raise,
  raffle,
  raffle_drawing,
  raffle_prize,
  raffle_ticket_bundle,
  usr_event_paddle,
  usr_event_role,
} from "~drizzle/schema";

export interface RoomChanges {
  paddle: number;
  pledge: number;
  lot: { title: string; bid: number };
  raffle: { title: string; sold: number };
  draw: { prize: string; ticketNumber: number };
}

/** What the room sees change, in cents where it is money: `step` makes each run's amounts its own. */
async function recordRoomChanges(eventId: number, step: number): Promise<RoomChanges> {
  const [staff] = await db
    .select({ usrId: usr_event_role.usr_id })
    .from(usr_event_role)
    .where(eq(usr_event_role.event_id, eventId))
    .orderBy(asc(usr_event_role.usr_id))
    .limit(1);
  const [guest] = await db
    .select({ paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(eq(usr_event_paddle.event_id, eventId))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(1);
  const paddle = guest.paddle!;
  const byUsrId = staff.usrId;

  const [raise] = await db
    .select({ id: paddle_raise.paddle_raise_id })
    .from(paddle_raise)
    .where(eq(paddle_raise.event_id, eventId))
    .orderBy(asc(paddle_raise.paddle_raise_id))
    .limit(1);
  const pledge = (7_000 + step * 111) * 100;
  await recordPledge(
    db,
    eventId,
    { paddle },
    { raiseId: raise.id, amount: pledge, enteredBy: byUsrId, source: "floor" },
  );

  // The open lot, or the first of the running order opened now.
  const lots = await db
    .select({ id: auction_item.auction_item_id, title: auction_item.title, openedAt: live_lot.opened_at })
    .from(auction_item)
    .innerJoin(live_lot, eq(live_lot.auction_item_id, auction_item.auction_item_id))
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, "live"), isNull(auction_item.closed_at)))
    .orderBy(asc(auction_item.display_order), asc(auction_item.lot));
  const lot = lots.find((row) => row.openedAt !== null) ?? lots[0];
  if (!lot.openedAt) await openLot(db, { eventId, itemId: lot.id, byUsrId });
  const bid = (40_000 + step * 1_000) * 100;
  await floorBid(db, { eventId, itemId: lot.id, byUsrId, paddle, amount: bid });

  const [bundle] = await db
    .select({ id: raffle_ticket_bundle.raffle_ticket_bundle_id, title: raffle.title })
    .from(raffle_ticket_bundle)
    .innerJoin(raffle, eq(raffle.raffle_id, raffle_ticket_bundle.raffle_id))
    .where(and(eq(raffle.event_id, eventId), eq(raffle.status, "open")))
    .orderBy(asc(raffle.raffle_id), asc(raffle_ticket_bundle.quantity))
    .limit(1);
  const sold = await sellRaffleTickets(eventId, {
    bundleId: bundle.id,
    buyer: { paddle },
    submissionKey: randomUUID(),
    byUsrId,
  });

  // A prize of that raffle not drawn yet.
  const prizes = await db
    .select({ id: raffle_prize.raffle_prize_id, title: raffle_prize.title, drawing: raffle_drawing.raffle_drawing_id })
    .from(raffle_prize)
    .leftJoin(raffle_drawing, eq(raffle_drawing.raffle_prize_id, raffle_prize.raffle_prize_id))
    .where(eq(raffle_prize.raffle_id, sold.raffleId))
    .orderBy(asc(raffle_prize.display_order), asc(raffle_prize.raffle_prize_id));
  const prize = prizes.find((row) => row.drawing === null)!;
  const drawn = await drawPrize(eventId, prize.id, byUsrId);

  return {
    paddle,
    pledge,
    lot: { title: lot.title, bid },
    raffle: { title: bundle.title, sold: sold.numbers.length },
    draw: { prize: prize.title, ticketNumber: drawn.ticketNumber },
  };
}

const [eventId, step = 1] = process.argv.slice(2).map(Number);
try {
  console.log(JSON.stringify(await recordRoomChanges(eventId, step)));
} finally {
  await connection.close();
}
