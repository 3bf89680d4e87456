// Integration-test data for bidding: an event whose silent (and virtual) auction is on, items, and bidders
// holding paddle numbers.
import { eq } from "drizzle-orm";
import { auction_item, event, silent_auction, usr_event_paddle, virtual_auction } from "~drizzle/schema";
import { makeEvent, makeUser } from "./people";
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
