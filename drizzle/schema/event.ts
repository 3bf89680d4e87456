import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { client } from "./client";
import { createdAt, id, updatedAt } from "./columns";
import { DEFAULT_EVENT_STYLE } from "./style-defaults";
import type { LandingMeta, SilentAuctionMeta } from "./settings";

export { DEFAULT_EVENT_STYLE };

/**
 * The features of an event that each have an is_X_enabled / is_X_testing pair.
 * A feature is live when it is enabled and its testing flag is off.
 */
export const EVENT_FEATURES = [
  "event",
  "bill",
  "email",
  "landing",
  "notification",
  "post",
  "registration",
  "report",
  "silent_auction",
  "storefront",
  "text",
  "traditional_auction",
  "virtual_auction",
  "inventory",
  "ticket",
] as const;
export type EventFeature = (typeof EVENT_FEATURES)[number];

const enabled = () => boolean().notNull().default(false);
// New features start in testing, so nothing reaches the public before the organiser says so.
const testing = () => boolean().notNull().default(true);

export const event = pgTable(
  "event",
  {
    event_id: id(),
    client_id: integer()
      .notNull()
      .references(() => client.client_id, { onDelete: "cascade" }),
    title: text().notNull(),
    excerpt: text(),
    thumbnail: text(),
    description: text(),
    is_archived: boolean().notNull().default(false),
    slug: text().notNull().unique(),
    subdomain: text().unique(),
    timezone: text().notNull().default("America/New_York"),
    currency: text().notNull().default("USD"),
    // Where the law asks raffles to show their licence (a gaming or lottery licence): shown on the raffle pages.
    raffle_licence_number: text(),
    // Whether a raffle winner must be in the room to win; when not, an absent winner keeps the prize (no redraw).
    raffle_must_be_present: boolean().notNull().default(false),
    start_date_time: timestamp({ withTimezone: true }),
    end_date_time: timestamp({ withTimezone: true }),
    wp_id: text(),
    data_version: integer().notNull().default(0),
    registration_version: integer().notNull().default(0),
    // Bumped by triggers (migration 0024) whenever this row, or the auction rules read with it (its registration, its
    // silent and virtual auctions, its categories' closes, its live lots open online), change: each process keeps the
    // event and its rules in memory while the version it reads stays the same (decision 043).
    settings_version: integer().notNull().default(0),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    address: text(),
    email: text(),
    phone: text(),
    website: text(),
    facebook: text(),
    instagram: text(),
    linkedin: text(),
    twitter: text(),
    company_about: text(),
    company_logo: text(),
    company_name: text(),
    logo: text(),

    primary_color: text().notNull().default(DEFAULT_EVENT_STYLE.primary_color),
    secondary_color: text().notNull().default(DEFAULT_EVENT_STYLE.secondary_color),
    accent_color: text().notNull().default(DEFAULT_EVENT_STYLE.accent_color),
    text_color: text().notNull().default(DEFAULT_EVENT_STYLE.text_color),
    heading_font: text().notNull().default(DEFAULT_EVENT_STYLE.heading_font),
    subheading_font: text().notNull().default(DEFAULT_EVENT_STYLE.subheading_font),
    body_font: text().notNull().default(DEFAULT_EVENT_STYLE.body_font),
    heading_weight: integer().notNull().default(DEFAULT_EVENT_STYLE.heading_weight),
    subheading_weight: integer().notNull().default(DEFAULT_EVENT_STYLE.subheading_weight),
    body_weight: integer().notNull().default(DEFAULT_EVENT_STYLE.body_weight),

    landing_id: integer().references(() => landing.landing_id, { onDelete: "set null" }),
    registration_id: integer().references(() => registration.registration_id, { onDelete: "set null" }),
    traditional_auction_id: integer().references(() => traditional_auction.traditional_auction_id, {
      onDelete: "set null",
    }),
    virtual_auction_id: integer().references(() => virtual_auction.virtual_auction_id, {
      onDelete: "set null",
    }),
    silent_auction_id: integer().references(() => silent_auction.silent_auction_id, {
      onDelete: "set null",
    }),

    inventory_item_count: integer().notNull().default(0),
    live_item_count: integer().notNull().default(0),
    silent_item_count: integer().notNull().default(0),

    // The event's own switch is the master switch of its public pages (events/feature-switches.ts): on and live by
    // default, so that each feature's own switch decides; testing or off closes every public page at once.
    is_event_enabled: boolean().notNull().default(true),
    is_event_testing: boolean().notNull().default(false),
    is_bill_enabled: enabled(),
    is_bill_testing: testing(),
    is_email_enabled: enabled(),
    is_email_testing: testing(),
    is_landing_enabled: enabled(),
    is_landing_testing: testing(),
    is_notification_enabled: enabled(),
    is_notification_testing: testing(),
    is_post_enabled: enabled(),
    is_post_testing: testing(),
    is_registration_enabled: enabled(),
    is_registration_testing: testing(),
    is_report_enabled: enabled(),
    is_report_testing: testing(),
    is_silent_auction_enabled: enabled(),
    is_silent_auction_testing: testing(),
    is_storefront_enabled: enabled(),
    is_storefront_testing: testing(),
    is_text_enabled: enabled(),
    is_text_testing: testing(),
    is_traditional_auction_enabled: enabled(),
    is_traditional_auction_testing: testing(),
    is_virtual_auction_enabled: enabled(),
    is_virtual_auction_testing: testing(),
    is_inventory_enabled: enabled(),
    is_inventory_testing: testing(),
    is_ticket_enabled: enabled(),
    is_ticket_testing: testing(),

    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("event_client_idx").on(t.client_id)],
);

/** The public landing page of an event; its settings tree lives in meta. */
export const landing = pgTable("landing", {
  landing_id: id(),
  meta: jsonb().$type<Partial<LandingMeta>>().notNull().default({}),
  is_hero_displayed: boolean().notNull().default(true),
  is_slide_displayed: boolean().notNull().default(true),
  is_details_displayed: boolean().notNull().default(true),
  is_countdown_displayed: boolean().notNull().default(true),
  primary_color: text(),
  accent_color: text(),
  secondary_accent_color: text(),
  light_theme_accent_color: text(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const silent_auction = pgTable("silent_auction", {
  silent_auction_id: id(),
  start_date_time: timestamp({ withTimezone: true }),
  end_date_time: timestamp({ withTimezone: true }),
  meta: jsonb().$type<Partial<SilentAuctionMeta>>().notNull().default({}),
  // Proxy (maximum) bids on or off, as virtual_auction.is_auto_bid.
  is_auto_bid: boolean().notNull().default(true),
  // Bidding rules (docs/bidding-rules.md): a bid in the last soft_close_minutes pushes the item's close to
  // now + soft_close_minutes, never past hard_end_date_time; increment_policy "item" uses each item's increment,
  // "percent" a percentage of the current bid (whole units, at least the item's increment).
  soft_close_minutes: integer().notNull().default(2),
  hard_end_date_time: timestamp({ withTimezone: true }),
  increment_policy: text().notNull().default("item"),
  increment_percent: integer().notNull().default(5),
  created_at: createdAt(),
});

/** The live auction run by an auctioneer in the room, with its seat chart overlay. */
export const traditional_auction = pgTable("traditional_auction", {
  traditional_auction_id: id(),
  event_id: integer()
    .notNull()
    // Annotated because event and traditional_auction refer to each other.
    .references((): AnyPgColumn => event.event_id, { onDelete: "cascade" }),
  start_date_time: timestamp({ withTimezone: true }),
  end_date_time: timestamp({ withTimezone: true }),
  capacity: integer().notNull().default(50),
  seat_chart_url: text(),
  seat_chart_x: real(),
  seat_chart_y: real(),
  seat_chart_scale: real(),
  seat_chart_opacity: real(),
  seat_chart_px: real(),
  seat_chart_py: real(),
  seat_chart_pz: real(),
  created_at: createdAt(),
});

export const virtual_auction = pgTable("virtual_auction", {
  virtual_auction_id: id(),
  start_date_time: timestamp({ withTimezone: true }),
  end_date_time: timestamp({ withTimezone: true }),
  // Proxy (maximum) bids on or off.
  is_auto_bid: boolean().notNull().default(false),
  // Bidding rules (docs/bidding-rules.md): a bid in the last soft_close_minutes pushes the item's close to
  // now + soft_close_minutes, never past hard_end_date_time; increment_policy "item" uses each item's increment,
  // "percent" a percentage of the current bid (whole units, at least the item's increment).
  soft_close_minutes: integer().notNull().default(2),
  hard_end_date_time: timestamp({ withTimezone: true }),
  increment_policy: text().notNull().default("item"),
  increment_percent: integer().notNull().default(5),
  created_at: createdAt(),
});

export const registration = pgTable("registration", {
  registration_id: id(),
  start_date_time: timestamp({ withTimezone: true }),
  end_date_time: timestamp({ withTimezone: true }),
  store_card: boolean().notNull().default(false),
  confirmation_message: text(),
  // Paddle numbers (docs/registration-rules.md): handed out from paddle_start upwards; next_paddle is the next
  // number to try and only ever grows, so a number is never reused within the event.
  paddle_start: integer().notNull().default(100),
  next_paddle: integer(),
  // The most tickets one order may hold ("ticket limit reached" beyond it).
  order_limit: integer().notNull().default(20),
  created_at: createdAt(),
});

/**
 * A short public address of an event (`/<path>`, e.g. /woa2025give): a path belongs to one event in the whole app,
 * since it is the address without ?id. It shows the event's giving page (goal, thermometer, give buttons, recent
 * gifts) or its bidding page (the silent-auction gallery of /inroombid). A path is never a route's first segment:
 * the app refuses those when staff choose one (app/events/short-paths.server.ts).
 */
export const event_path = pgTable(
  "event_path",
  {
    path: text().primaryKey(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    shows: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("event_path_event_idx").on(t.event_id),
    check("event_path_shows_check", sql`${t.shows} in ('giving', 'bidding')`),
  ],
);
