/**
 * `--demo`: the evening played on the demo gala (app/demo/seed.server.ts), with its catalogue, its bidders and bids
 * already there, its live lots, paddle raise, raffle and suggested gifts. Its clock is set to tonight (the auctions
 * close at the rehearsal's minute 60, the live auction runs now), its ticket has room for the rehearsal's guests, and
 * it takes cards at the rehearsal's Stripe sandbox; the rehearsal's own team and guests join it. Nothing of the demo is
 * removed: its seeded history is checked by the invariants along with the evening's.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  auction_item,
  category_close,
  client,
  event,
  paddle_raise,
  paddle_raise_level,
  raffle,
  raffle_prize,
  raffle_ticket_bundle,
  silent_auction,
  ticket,
  traditional_auction,
  virtual_auction,
} from "~drizzle/schema";
import { galaItem, saveSandboxKeys, writeGuests, writeTeam, type Gala, type GalaPlan } from "./gala";
import type { Database } from "~/db/connection.server";

const HOUR = 3_600_000;

export async function demoGala(db: Database, plan: GalaPlan): Promise<Gala> {
  const { seedDemo, DEMO_CLIENT_SLUG, DEMO_GALA_SLUG } = await import("~/demo/seed.server");
  await seedDemo(db);
  const [gala] = await db
    .select({
      eventId: event.event_id,
      silentId: event.silent_auction_id,
      virtualId: event.virtual_auction_id,
      liveId: event.traditional_auction_id,
      meta: event.meta,
    })
    .from(event)
    .innerJoin(client, eq(client.client_id, event.client_id))
    .where(and(eq(client.slug, DEMO_CLIENT_SLUG), eq(event.slug, DEMO_GALA_SLUG)));
  const { eventId } = gala;
  const now = Date.now();
  const close = plan.silentClosesAt;

  // Tonight: the silent and virtual auctions (and any category's own close) end at the rehearsal's close.
  if (gala.silentId)
    await db
      .update(silent_auction)
      .set({ end_date_time: close, hard_end_date_time: close })
      .where(eq(silent_auction.silent_auction_id, gala.silentId));
  if (gala.virtualId)
    await db
      .update(virtual_auction)
      .set({ end_date_time: close, hard_end_date_time: close })
      .where(eq(virtual_auction.virtual_auction_id, gala.virtualId));
  await db.update(category_close).set({ end_date_time: close }).where(eq(category_close.event_id, eventId));
  if (gala.liveId)
    await db
      .update(traditional_auction)
      .set({ start_date_time: new Date(now), end_date_time: new Date(now + 6 * HOUR) })
      .where(eq(traditional_auction.traditional_auction_id, gala.liveId));

  // The ticket most guests buy, with room for the rehearsal's.
  const [individual] = await db
    .select({ id: ticket.ticket_id })
    .from(ticket)
    .where(eq(ticket.event_id, eventId))
    .orderBy(asc(ticket.display_order), asc(ticket.ticket_id))
    .limit(1);
  await db
    .update(ticket)
    .set({ max_quantity: sql`coalesce(${ticket.max_quantity}, 0) + ${plan.guests * 2}` })
    .where(eq(ticket.ticket_id, individual.id));

  const items = await db
    .select({
      id: auction_item.auction_item_id,
      type: auction_item.type,
      startingBid: auction_item.starting_bid,
      increment: auction_item.increment,
      buyNow: auction_item.buy_now,
    })
    .from(auction_item)
    .where(
      and(
        eq(auction_item.event_id, eventId),
        eq(auction_item.status, "published"),
        inArray(auction_item.type, ["silent", "virtual", "live"]),
      ),
    )
    .orderBy(asc(auction_item.lot), asc(auction_item.auction_item_id));
  const [raise] = await db
    .select({ id: paddle_raise.paddle_raise_id })
    .from(paddle_raise)
    .where(and(eq(paddle_raise.event_id, eventId), eq(paddle_raise.is_active, true)))
    .orderBy(asc(paddle_raise.display_order))
    .limit(1);
  const levels = await db
    .select({ amount: paddle_raise_level.amount })
    .from(paddle_raise_level)
    .where(eq(paddle_raise_level.paddle_raise_id, raise.id))
    .orderBy(asc(paddle_raise_level.display_order));
  const [draw] = await db
    .select({ id: raffle.raffle_id })
    .from(raffle)
    .where(eq(raffle.event_id, eventId))
    .orderBy(asc(raffle.raffle_id))
    .limit(1);
  const bundles = await db
    .select({
      id: raffle_ticket_bundle.raffle_ticket_bundle_id,
      quantity: raffle_ticket_bundle.quantity,
      price: raffle_ticket_bundle.price,
    })
    .from(raffle_ticket_bundle)
    .where(eq(raffle_ticket_bundle.raffle_id, draw.id));
  const [prize] = await db
    .select({ id: raffle_prize.raffle_prize_id })
    .from(raffle_prize)
    .where(eq(raffle_prize.raffle_id, draw.id))
    .orderBy(asc(raffle_prize.display_order))
    .limit(1);

  const tag = `demo${eventId}`;
  const team = await writeTeam(db, eventId, tag);
  const guests = await writeGuests(db, plan.guests, tag);
  await saveSandboxKeys(eventId, plan.appUrl);
  const suggested = (gala.meta as { giving?: { suggested?: number[] } } | null)?.giving?.suggested ?? [];
  return {
    eventId,
    silent: items.filter((row) => row.type !== "live").map(galaItem),
    live: items.filter((row) => row.type === "live").map(galaItem),
    raiseId: raise.id,
    raiseLevels: levels.map((level) => level.amount).sort((a, b) => b - a),
    gifts: suggested.length > 0 ? suggested : [5_000, 10_000],
    raffleBundles: bundles,
    rafflePrizeId: prize.id,
    ticketId: individual.id,
    team,
    guests,
    silentClosesAt: close,
  };
}
