import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { client } from "./client";
import { createdAt, id, updatedAt } from "./columns";
import { event } from "./event";

/** A person who signs in: an organiser, a team member or a guest who bids. */
export const usr = pgTable(
  "usr",
  {
    usr_id: id(),
    google_id: text().unique(),
    stripe_id: text(),
    stripe_test_id: text(),
    email_address: text().notNull(),
    first_name: text(),
    last_name: text(),
    selected_event: integer().references(() => event.event_id, { onDelete: "set null" }),
    default_payment_source: text(),
    address: text(),
    city: text(),
    state: text(),
    zip: text(),
    phone: text(),
    // A session cookie carries the version it was signed in under: raising it ends every session of the user (sign
    // out everywhere, a new password), since a cookie cannot be taken back from the browsers that hold it.
    session_version: integer().notNull().default(1),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  () => [uniqueIndex("usr_email_address_lower_key").on(sql`lower(email_address)`)],
);

/** A user's permissions on one event (docs/permissions.md): one row per user and event. */
export const usr_event_role = pgTable(
  "usr_event_role",
  {
    usr_event_role_id: id(),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    can_bid: boolean().notNull().default(false),
    can_bill: boolean().notNull().default(false),
    can_check_in_out: boolean().notNull().default(false),
    can_configure_event: boolean().notNull().default(false),
    can_control_event: boolean().notNull().default(false),
    can_design: boolean().notNull().default(false),
    can_edit_auction_items: boolean().notNull().default(false),
    can_edit_event: boolean().notNull().default(false),
    can_preview_event: boolean().notNull().default(false),
    can_register: boolean().notNull().default(false),
    can_report: boolean().notNull().default(false),
    can_send_messages: boolean().notNull().default(false),
    can_view_stats: boolean().notNull().default(false),
    is_team_member: boolean().notNull().default(false),
    notify_registration: boolean().notNull().default(false),
    notify_form_submit: boolean().notNull().default(false),
    notify_event_status: boolean().notNull().default(false),
    notify_buy_now: boolean().notNull().default(false),
    notify_low_inventory: boolean().notNull().default(false),
    notify_content_change: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("usr_event_role_usr_event_key").on(t.usr_id, t.event_id),
    index("usr_event_role_event_idx").on(t.event_id),
  ],
);

/**
 * A bidder number held by a user at one event; never reused within the event, though a couple may share one
 * (so the number alone is not unique: app/registration/paddles.server.ts).
 */
export const usr_event_paddle = pgTable(
  "usr_event_paddle",
  {
    usr_event_paddle_id: id(),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    paddle: integer().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("usr_event_paddle_event_paddle_idx").on(t.event_id, t.paddle),
    uniqueIndex("usr_event_paddle_event_usr_key").on(t.event_id, t.usr_id),
  ],
);

/** Volunteers and employees of a client who procure items (spec: staff). */
export const staff = pgTable(
  "staff",
  {
    staff_id: id(),
    client_id: integer()
      .notNull()
      .references(() => client.client_id, { onDelete: "cascade" }),
    first_name: text(),
    last_name: text(),
    email: text(),
    full_name: text().generatedAlwaysAs(sql`btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`),
    internal_notes: text(),
    grid_row_color: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("staff_client_idx").on(t.client_id)],
);
