import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { event } from "./event";
import { usr } from "./people";

/**
 * What a staff station (the door, the live clerk, the paddle-raise console, the cash desk) sent from its queue: one
 * row per entry, written in the same transaction as the entry's effect, so an entry replayed or sent twice (its
 * entry_key is made on the station when the action was taken) is acted on once and answered as it was the first time.
 * occurred_at is when the action was really taken (offline, that can be long before received_at). outcome is
 * done, conflict (the server's rule decided otherwise: staff see it and resolve it) or refused (bad input).
 * docs/decisions/041-offline-stations.md.
 */
export const station_entry = pgTable(
  "station_entry",
  {
    station_entry_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    entry_key: text().notNull(),
    station: text().notNull(),
    intent: text().notNull(),
    fields: jsonb().$type<Record<string, string>>().notNull(),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    occurred_at: timestamp({ withTimezone: true }).notNull(),
    taken_offline: boolean().notNull().default(false),
    outcome: text().notNull(),
    message: text().notNull(),
    answer: jsonb().$type<Record<string, unknown>>().notNull(),
    resolved_at: timestamp({ withTimezone: true }),
    resolved_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    received_at: createdAt(),
  },
  (t) => [
    uniqueIndex("station_entry_event_key").on(t.event_id, t.entry_key),
    index("station_entry_conflicts_idx").on(t.event_id, t.station, t.outcome),
  ],
);
