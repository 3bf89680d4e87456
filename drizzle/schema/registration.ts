import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    created_at: createdAt(),
  },
  (t) => [index("ticket_payment_event_idx").on(t.event_id)],
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
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
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
