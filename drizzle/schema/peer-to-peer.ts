import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cents, createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { usr } from "./people";

/**
 * A peer-to-peer fundraiser: a supporter's own page for the cause (/cattleman?cattleManId=), with a photo, a story,
 * a goal and what it raised (the sum of the gifts attributed to it, donation.fundraiser_id, never a stored
 * counter). Staff create pages or approve the ones supporters sign up for; only approved, active pages are public.
 * A supporter has at most one page per event (usr_id: who may edit it; null for a page staff made for someone).
 */
export const fundraiser = pgTable(
  "fundraiser",
  {
    fundraiser_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    name: text().notNull(),
    // An image URL from the app's image storage (decision 008).
    photo: text(),
    // Sanitised HTML.
    story: text(),
    goal: cents(),
    is_active: boolean().notNull().default(true),
    // When the page stops taking gifts (null: it runs until staff hide it). After it, the page shows its final total.
    ends_at: timestamp({ withTimezone: true }),
    approved_at: timestamp({ withTimezone: true }),
    approved_by: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    // The page /wranglers leads to: at most one in the app, since /wranglers is one address.
    is_wranglers: boolean().notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("fundraiser_event_idx").on(t.event_id),
    uniqueIndex("fundraiser_event_usr_key")
      .on(t.event_id, t.usr_id)
      .where(sql`usr_id IS NOT NULL`),
    uniqueIndex("fundraiser_wranglers_key")
      .on(t.is_wranglers)
      .where(sql`is_wranglers`),
  ],
);
