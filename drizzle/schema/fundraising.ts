import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { cents, createdAt, id } from "./columns";
import { event } from "./event";
import { payment } from "./money";
import { usr } from "./people";

/** A paddle raise (fund-a-need): guests pledge at fixed levels towards a goal. */
export const paddle_raise = pgTable(
  "paddle_raise",
  {
    paddle_raise_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    goal: cents(),
    is_active: boolean().notNull().default(true),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("paddle_raise_event_idx").on(t.event_id)],
);

export const paddle_raise_level = pgTable(
  "paddle_raise_level",
  {
    paddle_raise_level_id: id(),
    paddle_raise_id: integer()
      .notNull()
      .references(() => paddle_raise.paddle_raise_id, { onDelete: "cascade" }),
    amount: cents().notNull(),
    label: text(),
    display_order: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("paddle_raise_level_amount_key").on(t.paddle_raise_id, t.amount)],
);

/**
 * A pledge made in the room (recorded now, charged afterwards). The rows are the paddle raise's log: a pledge is
 * never deleted or changed in amount; a cancelled one keeps its row (status "cancelled"), and a correction
 * cancels the wrong entry (status "replaced") and adds the right one, pointing back at it. Only "pledged" rows
 * count towards the total and are billed.
 */
export const pledge = pgTable(
  "pledge",
  {
    pledge_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    paddle_raise_id: integer()
      .notNull()
      .references(() => paddle_raise.paddle_raise_id, { onDelete: "cascade" }),
    paddle_raise_level_id: integer().references(() => paddle_raise_level.paddle_raise_level_id, {
      onDelete: "set null",
    }),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    paddle: integer(),
    amount: cents().notNull(),
    // pledged, cancelled or replaced (by a correction).
    status: text().notNull().default("pledged"),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    // "floor": spotted in the room and entered by staff; "guest": given by the guest on their phone (/pi).
    source: text().notNull().default("floor"),
    // The guest chose not to be named on the room's screens.
    is_anonymous: boolean().notNull().default(false),
    // Who typed it: the clerk for a spotted paddle, the guest themselves on /pi.
    entered_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    // The entry this one corrects.
    replaces_pledge_id: integer().references((): AnyPgColumn => pledge.pledge_id, { onDelete: "set null" }),
    changed_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    changed_at: timestamp({ withTimezone: true }),
    change_reason: text(),
    // The submission's key: a double tap or a retried post with the same key records one pledge.
    idempotency_key: text(),
    created_at: createdAt(),
  },
  (t) => [
    index("pledge_raise_time_idx").on(t.paddle_raise_id, t.created_at),
    uniqueIndex("pledge_event_idempotency_key")
      .on(t.event_id, t.idempotency_key)
      .where(sql`idempotency_key IS NOT NULL`),
  ],
);

export const raffle = pgTable(
  "raffle",
  {
    raffle_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    status: text().notNull().default("open"),
    draw_date_time: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index("raffle_event_idx").on(t.event_id)],
);

/** A way to buy raffle tickets, e.g. 1 for $10 or 5 for $40. */
export const raffle_ticket_bundle = pgTable(
  "raffle_ticket_bundle",
  {
    raffle_ticket_bundle_id: id(),
    raffle_id: integer()
      .notNull()
      .references(() => raffle.raffle_id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    price: cents().notNull(),
    display_order: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("raffle_ticket_bundle_quantity_key").on(t.raffle_id, t.quantity)],
);

export const raffle_prize = pgTable("raffle_prize", {
  raffle_prize_id: id(),
  raffle_id: integer()
    .notNull()
    .references(() => raffle.raffle_id, { onDelete: "cascade" }),
  title: text().notNull(),
  description: text(),
  value: cents(),
  display_order: integer().notNull().default(0),
});

/** One sale of a bundle; it issues quantity numbered raffle_ticket rows. */
export const raffle_purchase = pgTable(
  "raffle_purchase",
  {
    raffle_purchase_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    raffle_id: integer()
      .notNull()
      .references(() => raffle.raffle_id, { onDelete: "cascade" }),
    raffle_ticket_bundle_id: integer().references(() => raffle_ticket_bundle.raffle_ticket_bundle_id, {
      onDelete: "set null",
    }),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    paddle: integer(),
    quantity: integer().notNull(),
    amount: cents().notNull(),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    // "table": sold by staff to a paddle; "guest": bought on the guest's phone (/raffle).
    source: text().notNull().default("table"),
    // The submission's key: a double click or a retried post is one sale.
    idempotency_key: text(),
    recorded_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    index("raffle_purchase_raffle_idx").on(t.raffle_id),
    index("raffle_purchase_event_usr_idx").on(t.event_id, t.usr_id),
    uniqueIndex("raffle_purchase_event_idempotency_key")
      .on(t.event_id, t.idempotency_key)
      .where(sql`idempotency_key IS NOT NULL`),
  ],
);

export const raffle_ticket = pgTable(
  "raffle_ticket",
  {
    raffle_ticket_id: id(),
    raffle_id: integer()
      .notNull()
      .references(() => raffle.raffle_id, { onDelete: "cascade" }),
    raffle_purchase_id: integer()
      .notNull()
      .references(() => raffle_purchase.raffle_purchase_id, { onDelete: "cascade" }),
    ticket_number: integer().notNull(),
  },
  (t) => [uniqueIndex("raffle_ticket_number_key").on(t.raffle_id, t.ticket_number)],
);

/**
 * The draw log of a prize: one row per draw, never deleted. A row keeps the seed drawn from the CSPRNG, the eligible
 * ticket numbers in the order used and the index they gave, so anyone can redo the pick. A redraw (the winner was
 * not there) voids the standing row with its reason, which is the only change a row ever gets, and adds a new one;
 * the partial unique index allows one standing drawing per prize, so two "Draw" presses at once draw once.
 */
export const raffle_drawing = pgTable(
  "raffle_drawing",
  {
    raffle_drawing_id: id(),
    raffle_id: integer()
      .notNull()
      .references(() => raffle.raffle_id, { onDelete: "cascade" }),
    raffle_prize_id: integer()
      .notNull()
      .references(() => raffle_prize.raffle_prize_id, { onDelete: "cascade" }),
    raffle_ticket_id: integer()
      .notNull()
      .references(() => raffle_ticket.raffle_ticket_id, { onDelete: "restrict" }),
    drawn_by: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    is_void: boolean().notNull().default(false),
    // 32 bytes from the CSPRNG, hex; the pick is SHA-256(seed : eligible numbers) mod their count.
    seed: text(),
    eligible_ticket_numbers: jsonb().$type<number[]>(),
    picked_index: integer(),
    ticket_number: integer(),
    void_reason: text(),
    voided_by: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    voided_at: timestamp({ withTimezone: true }),
    // The drawing this one replaces (a redraw).
    replaces_drawing_id: integer().references((): AnyPgColumn => raffle_drawing.raffle_drawing_id, {
      onDelete: "set null",
    }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("raffle_drawing_prize_key")
      .on(t.raffle_prize_id)
      .where(sql`NOT is_void`),
    index("raffle_drawing_raffle_idx").on(t.raffle_id, t.created_at),
  ],
);
