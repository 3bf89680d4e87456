import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cents, createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { payment } from "./money";
import { usr } from "./people";

/** A ticket type of an event; increment is the quantity step, seat_count the guests per ticket. */
export const ticket = pgTable(
  "ticket",
  {
    ticket_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    type: text().notNull().default("individual"),
    price: cents().notNull().default(0),
    max_quantity: integer(),
    increment: integer().notNull().default(1),
    seat_count: integer().notNull().default(1),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("ticket_event_idx").on(t.event_id)],
);

/** The purchase of a quantity of one ticket type by a buyer. */
export const ticket_payment = pgTable(
  "ticket_payment",
  {
    ticket_payment_id: id(),
    ticket_id: integer()
      .notNull()
      .references(() => ticket.ticket_id, { onDelete: "restrict" }),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    first_name: text(),
    last_name: text(),
    email: text(),
    phone: text(),
    company: text(),
    quantity: integer().notNull().default(1),
    status: text().notNull().default("pending"),
    // What this line costs after any promo code (cents), and the discount that code took off.
    amount: cents().notNull().default(0),
    discount: cents().notNull().default(0),
    promo_code_id: integer().references(() => promo_code.promo_code_id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("ticket_payment_event_idx").on(t.event_id), index("ticket_payment_ticket_idx").on(t.ticket_id)],
);

/** A registration (a party): what the buyer bought and for how many guests. */
export const pass = pgTable(
  "pass",
  {
    pass_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    ticket_id: integer().references(() => ticket.ticket_id, { onDelete: "set null" }),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    title: text(),
    names: jsonb().$type<string[]>().notNull().default([]),
    paid_for_guests: boolean().notNull().default(true),
    is_nonprofit: boolean().notNull().default(false),
    email: text(),
    phone: text(),
    seat_count: integer().notNull().default(1),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index("pass_event_idx").on(t.event_id)],
);

/** A table in the room; registrants sit at it through tbl_id. */
export const tbl = pgTable(
  "tbl",
  {
    tbl_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    name: text().notNull(),
    capacity: integer().notNull().default(10),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("tbl_event_name_key").on(t.event_id, t.name)],
);

/** A meal choice offered at an event. */
export const meal = pgTable(
  "meal",
  {
    meal_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("meal_event_title_key").on(t.event_id, t.title)],
);

/**
 * A guest. tbl_id is the seat assignment of the seating plan; assigned_table is the table's name
 * as printed on badges and imported from spreadsheets, kept equal to the table's name when seated.
 * Answers to registration questions live in meta.answers, keyed by question name.
 */
export const registrant = pgTable(
  "registrant",
  {
    registrant_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    ticket_id: integer().references(() => ticket.ticket_id, { onDelete: "set null" }),
    ticket_count: integer().notNull().default(1),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    pass_id: integer().references(() => pass.pass_id, { onDelete: "cascade" }),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    tbl_id: integer().references(() => tbl.tbl_id, { onDelete: "set null" }),
    meal_id: integer().references(() => meal.meal_id, { onDelete: "set null" }),
    is_claimed: boolean().notNull().default(false),
    attended: boolean().notNull().default(false),
    name: text(),
    first_name: text(),
    last_name: text(),
    email: text(),
    phone: text(),
    company: text(),
    address: text(),
    city: text(),
    state: text(),
    zip: text(),
    country: text(),
    paddle: integer(),
    group: text(),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    assigned_table: text(),
    // Secrets in links: checkin_token is in the guest's QR code; claim_token is the personal link that lets a
    // guest fill in their own details later.
    checkin_token: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    claim_token: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    checked_in_at: timestamp({ withTimezone: true }),
    checked_out_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("registrant_checkin_token_key").on(t.checkin_token),
    uniqueIndex("registrant_claim_token_key").on(t.claim_token),
    index("registrant_event_idx").on(t.event_id),
    index("registrant_event_paddle_idx").on(t.event_id, t.paddle),
    index("registrant_pass_idx").on(t.pass_id),
  ],
);

/** A registration question; validation holds its rules (required, pattern, choices) as JSON. */
export const question = pgTable(
  "question",
  {
    question_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    name: text().notNull(),
    label: text().notNull(),
    type: text().notNull().default("text"),
    validation: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    help: text(),
    is_pre_sales_question: boolean().notNull().default(false),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("question_event_name_key").on(t.event_id, t.name)],
);

/**
 * A promo code: percent (discount 1–100) or amount (discount in cents) off each eligible ticket. ticket_ids limits
 * it to some ticket types (empty: all); usage_limit caps how many tickets it may discount in all (null: no cap).
 * code is stored upper-case so guests may type it in any case.
 */
export const promo_code = pgTable(
  "promo_code",
  {
    promo_code_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    code: text().notNull(),
    discount_type: text().notNull().default("percent"),
    discount: integer().notNull(),
    ticket_ids: jsonb().$type<number[]>().notNull().default([]),
    usage_limit: integer(),
    times_used: integer().notNull().default(0),
    is_active: boolean().notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("promo_code_event_code_key").on(t.event_id, t.code)],
);

/** The door's log: one row per check-in or check-out actually made (a repeated scan adds none). */
export const check_in = pgTable(
  "check_in",
  {
    check_in_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    registrant_id: integer()
      .notNull()
      .references(() => registrant.registrant_id, { onDelete: "cascade" }),
    direction: text().notNull(),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("check_in_event_idx").on(t.event_id, t.created_at)],
);
