import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { auction_item } from "./catalogue";
import { cents, createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { bid } from "./money";
import { usr } from "./people";

/**
 * A live lot's state in the room (app/bidding/live-lots.server.ts): whether guests may bid on it online, and when
 * the clerk opened it. Created when the clerk first opens the lot or marks it for online bidding. The lot is open
 * while opened_at is set and auction_item.closed_at is not; hammering (sold or passed) sets closed_at, which locks
 * it for every bid. At most one lot of an event is open at a time (checked under the event's live_lot rows' locks).
 */
export const live_lot = pgTable(
  "live_lot",
  {
    live_lot_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "cascade" }),
    // Guests may bid on it from /inroombid (and leave maxima, the absentee bids) until it is hammered.
    online_bidding: boolean().notNull().default(false),
    opened_at: timestamp({ withTimezone: true }),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("live_lot_item_key").on(t.auction_item_id), index("live_lot_event_idx").on(t.event_id)],
);

/**
 * The clerk's log of the live auction: append-only, one row per thing done at the console or on the live bids
 * screen: open, bid (a floor bid, with the ledger row it made), sold, sold_twice, passed, undo (undoes_id names the
 * entry undone), correct (a paddle or price changed afterwards, with its reason), online_on / online_off.
 * by_usr_id is who did it.
 */
export const live_entry = pgTable(
  "live_entry",
  {
    live_entry_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "cascade" }),
    action: text().notNull(),
    paddle: integer(),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    amount: cents(),
    bid_id: integer().references(() => bid.bid_id, { onDelete: "set null" }),
    undoes_id: integer().references((): AnyPgColumn => live_entry.live_entry_id, { onDelete: "set null" }),
    reason: text(),
    by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    index("live_entry_event_idx").on(t.event_id, t.live_entry_id),
    index("live_entry_item_idx").on(t.auction_item_id),
    uniqueIndex("live_entry_undoes_key")
      .on(t.undoes_id)
      .where(sql`undoes_id IS NOT NULL`),
  ],
);
