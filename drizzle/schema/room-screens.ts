import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cents, createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { usr } from "./people";

/**
 * A monitor: a screen left on a projector in the room (app/room-screens/). Staff set one up per event and public
 * address (`path`, one of the spec's monitor paths, e.g. "woa2025monitor"): which panels it shows, in what order,
 * and how long each page of silent items stays before the next. /<path>?id=<event> shows it.
 */
export const monitor = pgTable(
  "monitor",
  {
    monitor_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    path: text().notNull(),
    title: text().notNull(),
    panels: text().array().notNull(),
    rotation_seconds: integer().notNull().default(12),
    items_per_page: integer().notNull().default(10),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("monitor_event_path_key").on(t.event_id, t.path),
    check("monitor_rotation_check", sql`${t.rotation_seconds} between 4 and 120`),
    check("monitor_items_per_page_check", sql`${t.items_per_page} between 3 and 20`),
  ],
);

/**
 * A duel (/duel): two sides (two tables, two teams) race to give the most, in the increments staff set, until it
 * ends (ends_at, or staff close it). Each gift is a duel_gift, a pledge billed at checkout.
 */
export const duel = pgTable(
  "duel",
  {
    duel_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    title: text().notNull(),
    side_a: text().notNull(),
    side_b: text().notNull(),
    // The amounts a guest may give at a tap, in cents, smallest first.
    increments: integer().array().notNull(),
    ends_at: timestamp({ withTimezone: true }),
    is_active: boolean().notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("duel_event_idx").on(t.event_id)],
);

/** A gift to one side of a duel: pledged (billed at checkout) or cancelled by staff, kept either way. */
export const duel_gift = pgTable(
  "duel_gift",
  {
    duel_gift_id: id(),
    duel_id: integer()
      .notNull()
      .references(() => duel.duel_id, { onDelete: "cascade" }),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    side: text().notNull(),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    paddle: integer(),
    amount: cents().notNull(),
    status: text().notNull().default("pledged"),
    // A double tap or a retried post with the same key gives once.
    idempotency_key: text(),
    created_at: createdAt(),
  },
  (t) => [
    index("duel_gift_duel_idx").on(t.duel_id, t.side),
    index("duel_gift_usr_idx").on(t.event_id, t.usr_id),
    uniqueIndex("duel_gift_event_idempotency_key")
      .on(t.event_id, t.idempotency_key)
      .where(sql`idempotency_key IS NOT NULL`),
    check("duel_gift_side_check", sql`${t.side} in ('a', 'b')`),
  ],
);
