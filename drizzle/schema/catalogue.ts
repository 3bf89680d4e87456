import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { client } from "./client";
import { cents, createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { staff, usr } from "./people";

export const category = pgTable(
  "category",
  {
    category_id: id(),
    client_id: integer()
      .notNull()
      .references(() => client.client_id, { onDelete: "cascade" }),
    title: text().notNull(),
    internal_notes: text(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("category_client_title_key").on(t.client_id, t.title)],
);

/**
 * How an organisation's spreadsheets name the item import's fields (docs/imports.md): a column the import does not
 * know by name, matched by the organiser to an item field (or to none: `field` null, not imported), and matched so
 * again in the organisation's next file with that column. `column_name` is normalised as the import reads it.
 */
export const item_import_column = pgTable(
  "item_import_column",
  {
    item_import_column_id: id(),
    client_id: integer()
      .notNull()
      .references(() => client.client_id, { onDelete: "cascade" }),
    column_name: text().notNull(),
    field: text(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("item_import_column_client_column_key").on(t.client_id, t.column_name)],
);

/** A person or business that gives items; donors belong to the client and give across its events. */
export const donor = pgTable(
  "donor",
  {
    donor_id: id(),
    client_id: integer()
      .notNull()
      .references(() => client.client_id, { onDelete: "cascade" }),
    first_name: text(),
    last_name: text(),
    email: text(),
    phone: text(),
    title: text(),
    website: text(),
    is_active: boolean().notNull().default(true),
    internal_notes: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("donor_client_idx").on(t.client_id)],
);

/** A sponsor belongs to the client and is shown at the events it is linked to (event_sponsor). */
export const sponsor = pgTable(
  "sponsor",
  {
    sponsor_id: id(),
    client_id: integer()
      .notNull()
      .references(() => client.client_id, { onDelete: "cascade" }),
    level: text(),
    logo: text(),
    title: text().notNull(),
    website: text(),
    is_active: boolean().notNull().default(true),
    internal_notes: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("sponsor_client_idx").on(t.client_id)],
);

/** "Insert an event sponsor (event_id, sponsor_id)": the link between a sponsor and an event. */
export const event_sponsor = pgTable(
  "event_sponsor",
  {
    event_sponsor_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    sponsor_id: integer()
      .notNull()
      .references(() => sponsor.sponsor_id, { onDelete: "cascade" }),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("event_sponsor_event_sponsor_key").on(t.event_id, t.sponsor_id)],
);

/**
 * Something guests can win or buy. type is silent, live, virtual or sale (items for sale);
 * subtype "package" marks a lot that bundles inventory items (inventory.auction_item_id).
 * Amounts are in cents; value is the fair market value.
 */
export const auction_item = pgTable(
  "auction_item",
  {
    auction_item_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    title: text().notNull(),
    lot: integer(),
    type: text().notNull().default("silent"),
    subtype: text(),
    excerpt: text(),
    description: text(),
    value: cents(),
    starting_bid: cents(),
    increment: cents(),
    buy_now: cents(),
    quantity: integer().notNull().default(1),
    in_person_only: boolean().notNull().default(false),
    status: text().notNull().default("draft"),
    tag: text(),
    display_order: integer().notNull().default(0),
    featured_image: text(),
    // The winner of the first (or only) unit, for quick display; the winner table lists every unit.
    winner_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    xinv_disclaimer: text(),
    xinv_staff_id: integer().references(() => staff.staff_id, { onDelete: "set null" }),
    xinv_category_id: integer().references(() => category.category_id, { onDelete: "set null" }),
    xinv_donor_id: integer().references(() => donor.donor_id, { onDelete: "set null" }),
    internal_notes: text(),
    // Bidding state, kept by the bidding engine under the item's row lock (app/bidding): the highest amount bid,
    // how many bids, a close moved by soft close or staff (the schedule is the auction's or the category's),
    // when it closed, units sold by buy now, and when winners were told (after that it cannot reopen).
    current_bid: cents(),
    bid_count: integer().notNull().default(0),
    closes_at: timestamp({ withTimezone: true }),
    closed_at: timestamp({ withTimezone: true }),
    sold_quantity: integer().notNull().default(0),
    winners_notified_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("auction_item_event_type_idx").on(t.event_id, t.type),
    uniqueIndex("auction_item_event_lot_key").on(t.event_id, t.lot),
  ],
);

export const auction_item_image = pgTable(
  "auction_item_image",
  {
    auction_item_image_id: id(),
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "cascade" }),
    url: text().notNull(),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("auction_item_image_item_idx").on(t.auction_item_id, t.display_order)],
);

/** A procured item before it is put up for auction; one or more make an auction item (package). */
export const inventory = pgTable(
  "inventory",
  {
    inventory_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    auction_item_id: integer().references(() => auction_item.auction_item_id, { onDelete: "set null" }),
    donor_id: integer().references(() => donor.donor_id, { onDelete: "set null" }),
    category_id: integer().references(() => category.category_id, { onDelete: "set null" }),
    staff_id: integer().references(() => staff.staff_id, { onDelete: "set null" }),
    title: text().notNull(),
    description: text(),
    tag: text(),
    value: cents(),
    disclaimer: text(),
    internal_notes: text(),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("inventory_event_idx").on(t.event_id), index("inventory_auction_item_idx").on(t.auction_item_id)],
);

export const inventory_image = pgTable(
  "inventory_image",
  {
    inventory_image_id: id(),
    inventory_id: integer()
      .notNull()
      .references(() => inventory.inventory_id, { onDelete: "cascade" }),
    url: text().notNull(),
    display_order: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("inventory_image_inventory_idx").on(t.inventory_id, t.display_order)],
);

/** Staggered closing: the items of a category close at their own time in the silent or virtual auction. */
export const category_close = pgTable(
  "category_close",
  {
    category_close_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    category_id: integer()
      .notNull()
      .references(() => category.category_id, { onDelete: "cascade" }),
    /** "silent" or "virtual". */
    auction: text().notNull(),
    end_date_time: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("category_close_event_category_auction_key").on(t.event_id, t.category_id, t.auction)],
);
