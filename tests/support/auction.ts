// Integration-test data for bidding: an event whose silent (and virtual) auction is on, items, and bidders
// holding paddle numbers.
import { eq } from "drizzle-orm";
import {
  auction_item,
  event,
  silent_auction,
  traditional_auction,
  usr_event_paddle,
  virtual_auction,
} from "~drizzle/schema";
import { giveRole, makeEvent, makeUser, teamRole } from "./people";
import type { Database } from "~/db/connection.server";

const HOUR = 3_600_000;

export async function makeAuctionEvent(
  db: Database,
  settings: Partial<typeof silent_auction.$inferInsert> = {},
  now = new Date(),
) {
  const made = await makeEvent(db);
  return { ...made, ...(await openAuctions(db, made.event_id, settings, now)) };
}

/** Turns on the event's silent and virtual auctions, open from an hour ago for two more hours. */
export async function openAuctions(
  db: Database,
  eventId: number,
  settings: Partial<typeof silent_auction.$inferInsert> = {},
  now = new Date(),
) {
  const [silent] = await db
    .insert(silent_auction)
    .values({
      start_date_time: new Date(now.getTime() - HOUR),
      end_date_time: new Date(now.getTime() + 2 * HOUR),
      ...settings,
    })
    .returning();
  const [virtual] = await db
    .insert(virtual_auction)
    .values({ start_date_time: new Date(now.getTime() - HOUR), end_date_time: new Date(now.getTime() + 2 * HOUR) })
    .returning();
  await db
    .update(event)
    .set({
      silent_auction_id: silent.silent_auction_id,
      is_silent_auction_enabled: true,
      is_silent_auction_testing: false,
      virtual_auction_id: virtual.virtual_auction_id,
      is_virtual_auction_enabled: true,
      is_virtual_auction_testing: false,
    })
    .where(eq(event.event_id, eventId));
  return { silentAuctionId: silent.silent_auction_id, virtualAuctionId: virtual.virtual_auction_id };
}

export async function makeAuctionItem(
  db: Database,
  eventId: number,
  fields: Partial<typeof auction_item.$inferInsert> = {},
) {
  const [row] = await db
    .insert(auction_item)
    .values({
      event_id: eventId,
      title: "Weekend in Napa",
      type: "silent",
      status: "published",
      starting_bid: 10_000,
      increment: 1_000,
      value: 25_000,
      ...fields,
    })
    .returning();
  return row;
}

let nextPaddle = 100;

/** A signed-up guest holding the next paddle number at the event. */
export async function makeBidder(db: Database, eventId: number) {
  const person = await makeUser(db);
  const paddle = nextPaddle++;
  await db.insert(usr_event_paddle).values({ usr_id: person.usr_id, event_id: eventId, paddle });
  return { usrId: person.usr_id, paddle, email: person.email_address };
}

/**
 * An event whose live auction is on, with a clerk (can_control_event, and what the live auction's own screens need)
 * and two live lots: the Tuscan villa (lot 1, from $2,000 by $500, worth $6,500) and the Chef's table (lot 2).
 */
export async function makeLiveEvent(db: Database) {
  const gala = await makeAuctionEvent(db);
  const [record] = await db
    .insert(traditional_auction)
    .values({ event_id: gala.event_id })
    .returning({ id: traditional_auction.traditional_auction_id });
  await db
    .update(event)
    .set({
      traditional_auction_id: record.id,
      is_traditional_auction_enabled: true,
      is_traditional_auction_testing: false,
    })
    .where(eq(event.event_id, gala.event_id));
  const clerk = await makeUser(db, { selected_event: gala.event_id, first_name: "Casey", last_name: "Clerk" });
  await giveRole(
    db,
    clerk.usr_id,
    gala.event_id,
    teamRole("can_control_event", "can_view_stats", "can_configure_event"),
  );
  const lot = await makeAuctionItem(db, gala.event_id, {
    title: "Tuscan villa",
    type: "live",
    lot: 1,
    starting_bid: 200_000,
    increment: 50_000,
    value: 650_000,
  });
  const second = await makeAuctionItem(db, gala.event_id, {
    title: "Chef's table",
    type: "live",
    lot: 2,
    display_order: 1,
  });
  return { eventId: gala.event_id, clerk: clerk.usr_id, lot, second };
}
