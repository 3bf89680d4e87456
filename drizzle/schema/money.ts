import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { auction_item } from "./catalogue";
import { cents, createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { fundraiser } from "./peer-to-peer";
import { usr } from "./people";

/**
 * The bid ledger: one row per bid, never updated in place except for its status
 * (the bidding engine decides the statuses). bid is the amount in cents.
 */
export const bid = pgTable(
  "bid",
  {
    bid_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "restrict" }),
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "cascade" }),
    bid: cents().notNull(),
    // winning, outbid, won, lost or retracted (docs/bidding-rules.md).
    status: text().notNull().default("winning"),
    payment_result: jsonb(),
    // "bid" or "buy_now".
    kind: text().notNull().default("bid"),
    // Placed by the system for the bidder's maximum (proxy bidding).
    is_auto_bid: boolean().notNull().default(false),
    // The bidder's submission key: a double tap or a retry with the same key counts once.
    idempotency_key: text(),
    // A team member who bid for the guest at a bid station.
    placed_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    retract_reason: text(),
    created_at: createdAt(),
  },
  (t) => [
    index("bid_item_time_idx").on(t.auction_item_id, t.created_at),
    // The units held on an item, highest first: every bid reads them, and a popular item's other rows are outbid.
    index("bid_item_holding_idx")
      .on(t.auction_item_id, t.bid.desc(), t.bid_id)
      .where(sql`status in ('winning', 'won')`),
    uniqueIndex("bid_usr_idempotency_key")
      .on(t.usr_id, t.idempotency_key)
      .where(sql`idempotency_key IS NOT NULL`),
    // A bidder's own bids on the items a page shows (every bid answered in place reads the bidder's standing on its
    // item): by event alone the read walked all of the event's bids (0.17 ms a bid under the spread load, 0.02 ms so).
    index("bid_usr_item_idx").on(t.usr_id, t.auction_item_id),
    index("bid_event_idx").on(t.event_id),
  ],
);

/** A bidder's hidden maximum on an item (proxy bidding): raised, never lowered; set_at decides ties. */
export const bid_maximum = pgTable(
  "bid_maximum",
  {
    bid_maximum_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "cascade" }),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    amount: cents().notNull(),
    set_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bid_maximum_item_usr_key").on(t.auction_item_id, t.usr_id)],
);

/** A bidder following an item ("watch"). */
export const watch = pgTable(
  "watch",
  {
    watch_id: id(),
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "cascade" }),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("watch_item_usr_key").on(t.auction_item_id, t.usr_id), index("watch_usr_idx").on(t.usr_id)],
);

/**
 * Money received or owed. A payment may settle a bid (bid_id), tickets (ticket_payment.payment_id),
 * pledges, purchases, raffle tickets or donations, which point at it.
 */
export const payment = pgTable(
  "payment",
  {
    payment_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    bid_id: integer().references(() => bid.bid_id, { onDelete: "set null" }),
    amount: cents().notNull().default(0),
    method: text().notNull().default("pay_at_event"),
    status: text().notNull().default("pending"),
    payment_result: jsonb(),
    notes: text(),
    item_received: boolean().notNull().default(false),
    // The submission that made this payment: a double tap or a retried form post finds it instead of paying twice.
    // A card charge's key is stored before the provider is asked, and a retry sends the same key (decision 025).
    idempotency_key: text(),
    // The invoice this payment applies to (billing). No foreign key here: invoice (billing.ts) points at payment's
    // neighbours and a reference back would loop the schema modules; invoice rows are never deleted.
    invoice_id: integer(),
    // The provider's PaymentIntent id (refunds and webhooks find the payment by it), the Checkout Session that
    // took it when the guest paid on a hosted page, a check's number, and why a card payment failed.
    provider_ref: text(),
    checkout_session_id: text(),
    // The provider's mode (test or live) the card payment was made in: a webhook signed with one mode's secret
    // may only settle payments made in that mode (decision 025). Null for cash, checks and "pay at the event".
    provider_mode: text(),
    check_number: text(),
    failure_message: text(),
    // What Stripe kept of a card payment (cents, from its balance transaction) and the payout that brought the
    // rest to the bank, with the day it arrived: the deposit report's fees and deposits (decision 038). Null until
    // Gavel has read them from Stripe, and for cash and checks.
    provider_fee: cents(),
    payout_ref: text(),
    payout_arrival_at: timestamp({ withTimezone: true }),
    // Staff who took it; null when the guest paid themselves.
    taken_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    // The client address a guest's own order came from: unpaid "pay at the event" orders are capped per address
    // as well as per buyer, so one visitor cannot hold an event's seats without paying.
    client_address: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("payment_event_idx").on(t.event_id),
    index("payment_invoice_idx").on(t.invoice_id),
    uniqueIndex("payment_provider_ref_key")
      .on(t.provider_ref)
      .where(sql`provider_ref IS NOT NULL`),
    uniqueIndex("payment_checkout_session_key")
      .on(t.checkout_session_id)
      .where(sql`checkout_session_id IS NOT NULL`),
    index("payment_usr_idx").on(t.usr_id),
    uniqueIndex("payment_event_idempotency_key").on(t.event_id, t.idempotency_key),
  ],
);

/** Who won what: one row per unit won, so an item with quantity 3 has up to three winners. */
export const winner = pgTable(
  "winner",
  {
    winner_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "cascade" }),
    unit: integer().notNull().default(1),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "restrict" }),
    bid_id: integer().references(() => bid.bid_id, { onDelete: "set null" }),
    paddle: integer(),
    amount: cents().notNull(),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("winner_item_unit_key").on(t.auction_item_id, t.unit),
    index("winner_event_usr_idx").on(t.event_id, t.usr_id),
  ],
);

/** A purchase of an item for sale (auction_item of type "sale") at its fixed price. */
export const purchase = pgTable(
  "purchase",
  {
    purchase_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "restrict" }),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    paddle: integer(),
    quantity: integer().notNull().default(1),
    unit_price: cents().notNull(),
    amount: cents().notNull(),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    // The staff form's submission key: a double click records one sale.
    idempotency_key: text(),
    recorded_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    index("purchase_event_idx").on(t.event_id),
    index("purchase_item_idx").on(t.auction_item_id),
    uniqueIndex("purchase_event_idempotency_key")
      .on(t.event_id, t.idempotency_key)
      .where(sql`idempotency_key IS NOT NULL`),
  ],
);

/**
 * A gift of money outside the auctions (/dp, /admin/solemen/donations). A gift paid by card on a hosted page is
 * written only once the payment succeeded (a declined card leaves no row); a signed-in guest's gift "on my invoice"
 * is a pledge billed at checkout (line source "donations"); staff record cash and check gifts. All of a gift is
 * tax deductible, the covered fee included.
 */
export const donation = pgTable(
  "donation",
  {
    donation_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    first_name: text(),
    last_name: text(),
    email: text(),
    // The gift itself, without the covered fee (cents).
    amount: cents().notNull(),
    // What the donor added to cover the card processor's fee (cents); part of the gift.
    fee: cents().notNull().default(0),
    is_anonymous: boolean().notNull().default(false),
    message: text(),
    // online (/dp), staff (recorded at /admin/solemen/donations), demo.
    source: text().notNull().default("online"),
    // card (hosted page), invoice (billed at checkout), cash, check.
    method: text().notNull().default("card"),
    // paid, pledged (on the invoice), refunded, cancelled.
    status: text().notNull().default("paid"),
    // one_time or monthly (a subscription at the provider).
    frequency: text().notNull().default("one_time"),
    // In honour or in memory of someone: "honour" or "memory", with their name.
    tribute_kind: text(),
    tribute_name: text(),
    subscription_ref: text(),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    // The peer-to-peer fundraiser's page the gift was given on: it counts in that page's raised amount.
    fundraiser_id: integer().references(() => fundraiser.fundraiser_id, { onDelete: "set null" }),
    // The submission's key: a double tap or a retried post records one gift.
    idempotency_key: text(),
    recorded_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    // When staff erased the donor's name, address and note (the amount stays for the totals).
    anonymised_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("donation_event_idx").on(t.event_id, t.created_at),
    index("donation_fundraiser_idx")
      .on(t.fundraiser_id)
      .where(sql`fundraiser_id IS NOT NULL`),
    // One gift per payment: the hosted page's return and its webhook both record it, the second finds it.
    uniqueIndex("donation_payment_key")
      .on(t.payment_id)
      .where(sql`payment_id IS NOT NULL`),
    uniqueIndex("donation_event_idempotency_key")
      .on(t.event_id, t.idempotency_key)
      .where(sql`idempotency_key IS NOT NULL`),
  ],
);
