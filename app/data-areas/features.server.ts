/**
 * Data areas of the event's feature records (landing, registration window, the three auctions), reached through
 * the ids on the event, so each query starts from the event's own row.
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { event, landing, registration, silent_auction, traditional_auction, virtual_auction } from "~drizzle/schema";

/** "landing": which parts of the landing page are shown (its settings tree stays with the page editor). */
export async function landingArea(eventId: number) {
  const [row] = await db
    .select({
      landing_id: landing.landing_id,
      is_hero_displayed: landing.is_hero_displayed,
      is_slide_displayed: landing.is_slide_displayed,
      is_details_displayed: landing.is_details_displayed,
      is_countdown_displayed: landing.is_countdown_displayed,
    })
    .from(event)
    .innerJoin(landing, eq(landing.landing_id, event.landing_id))
    .where(eq(event.event_id, eventId));
  return row ?? null;
}

/** "registration": when registration opens and closes, and whether cards are stored. */
export async function registrationArea(eventId: number) {
  const [row] = await db
    .select({
      registration_id: registration.registration_id,
      start_date_time: registration.start_date_time,
      end_date_time: registration.end_date_time,
      store_card: registration.store_card,
    })
    .from(event)
    .innerJoin(registration, eq(registration.registration_id, event.registration_id))
    .where(eq(event.event_id, eventId));
  return row ?? null;
}

/** "traditional auction": the live auction's times and capacity. */
export async function traditionalAuctionArea(eventId: number) {
  const [row] = await db
    .select({
      traditional_auction_id: traditional_auction.traditional_auction_id,
      start_date_time: traditional_auction.start_date_time,
      end_date_time: traditional_auction.end_date_time,
      capacity: traditional_auction.capacity,
    })
    .from(event)
    .innerJoin(
      traditional_auction,
      and(
        eq(traditional_auction.traditional_auction_id, event.traditional_auction_id),
        eq(traditional_auction.event_id, eventId),
      ),
    )
    .where(eq(event.event_id, eventId));
  return row ?? null;
}

/** "virtual auction": its times and whether bids may be placed automatically up to a maximum. */
export async function virtualAuctionArea(eventId: number) {
  const [row] = await db
    .select({
      virtual_auction_id: virtual_auction.virtual_auction_id,
      start_date_time: virtual_auction.start_date_time,
      end_date_time: virtual_auction.end_date_time,
      is_auto_bid: virtual_auction.is_auto_bid,
    })
    .from(event)
    .innerJoin(virtual_auction, eq(virtual_auction.virtual_auction_id, event.virtual_auction_id))
    .where(eq(event.event_id, eventId));
  return row ?? null;
}

/** "silent auction": its times (the page's settings tree stays with the page editor). */
export async function silentAuctionArea(eventId: number) {
  const [row] = await db
    .select({
      silent_auction_id: silent_auction.silent_auction_id,
      start_date_time: silent_auction.start_date_time,
      end_date_time: silent_auction.end_date_time,
    })
    .from(event)
    .innerJoin(silent_auction, eq(silent_auction.silent_auction_id, event.silent_auction_id))
    .where(eq(event.event_id, eventId));
  return row ?? null;
}
