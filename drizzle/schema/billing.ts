import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cents, createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { payment } from "./money";
import { usr } from "./people";

/**
 * An event's payment settings (/admin/setup/billing, docs/decisions/025-payments.md). Secret keys are stored
 * encrypted (AES-256-GCM, SECRETS_KEY) and never sent back to a browser; only their last four show.
 */
export const billing_settings = pgTable("billing_settings", {
  event_id: integer()
    .primaryKey()
    .references(() => event.event_id, { onDelete: "cascade" }),
  // "test" or "live": which of the two key pairs charges.
  mode: text().notNull().default("test"),
  test_publishable_key: text(),
  test_secret_key_encrypted: text(),
  test_secret_key_last4: text(),
  test_webhook_secret_encrypted: text(),
  live_publishable_key: text(),
  live_secret_key_encrypted: text(),
  live_secret_key_last4: text(),
  live_webhook_secret_encrypted: text(),
  // Cover the fee: the guest may add percent (basis points, 290 = 2.90%) of the balance plus a fixed part (cents).
  cover_fee_enabled: boolean().notNull().default(false),
  fee_basis_points: integer().notNull().default(290),
  fee_fixed: cents().notNull().default(30),
  receipt_text: text(),
  tax_id: text(),
  // Guests may pay on /invoice between these times (either may be open-ended).
  checkout_opens_at: timestamp({ withTimezone: true }),
  checkout_closes_at: timestamp({ withTimezone: true }),
  updated_at: updatedAt(),
});

/**
 * A guest's saved card at one event, in the Stripe account (and mode) of that event's settings. usr.stripe_id,
 * stripe_test_id and default_payment_source mirror the latest one (the spec's fields; bidding reads the latter).
 */
export const card_on_file = pgTable(
  "card_on_file",
  {
    card_on_file_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    mode: text().notNull(),
    customer_id: text().notNull(),
    payment_method_id: text().notNull(),
    brand: text(),
    last4: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("card_on_file_event_usr_key").on(t.event_id, t.usr_id)],
);

/** One invoice per guest and event: a stable number; its lines are appended, never rewritten. */
export const invoice = pgTable(
  "invoice",
  {
    invoice_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "restrict" }),
    number: integer().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("invoice_event_usr_key").on(t.event_id, t.usr_id),
    uniqueIndex("invoice_event_number_key").on(t.event_id, t.number),
  ],
);

/**
 * What a guest owes for one thing (app/billing/line-sources): copied from its source when first seen. A source
 * row that later disappears (an undone sale, a cancelled pledge) adds a reversing line; a comp adds a negative
 * line with its reason. Amounts, fair market value and deductible part are cents.
 */
export const invoice_line = pgTable(
  "invoice_line",
  {
    invoice_line_id: id(),
    invoice_id: integer()
      .notNull()
      .references(() => invoice.invoice_id, { onDelete: "cascade" }),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    // The source's name and its row's key, e.g. ("auction", "winner:12"); a reversal or comp names the line it undoes.
    source: text().notNull(),
    source_key: text().notNull(),
    description: text().notNull(),
    amount: cents().notNull(),
    fair_market_value: cents().notNull().default(0),
    deductible: cents().notNull().default(0),
    auction_item_id: integer(),
    reverses_line_id: integer(),
    reason: text(),
    added_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("invoice_line_source_key").on(t.invoice_id, t.source, t.source_key),
    index("invoice_line_event_idx").on(t.event_id),
  ],
);

/** A refund of (part of) a payment; its idempotency key is stored before the provider is asked. */
export const refund = pgTable(
  "refund",
  {
    refund_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    payment_id: integer()
      .notNull()
      .references(() => payment.payment_id, { onDelete: "restrict" }),
    amount: cents().notNull(),
    reason: text().notNull(),
    // pending, succeeded or failed.
    status: text().notNull().default("pending"),
    provider_ref: text(),
    // The Stripe payout a card refund was taken from, and the day it arrived (decision 038): the refund lowers
    // that deposit. Null until read from Stripe, and for cash and checks.
    payout_ref: text(),
    payout_arrival_at: timestamp({ withTimezone: true }),
    idempotency_key: text().notNull(),
    failure_message: text(),
    created_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("refund_idempotency_key").on(t.idempotency_key),
    uniqueIndex("refund_provider_ref_key")
      .on(t.provider_ref)
      .where(sql`provider_ref IS NOT NULL`),
    index("refund_payment_idx").on(t.payment_id),
  ],
);

/** Stripe events already handled: a webhook delivered twice changes nothing the second time. */
export const processed_stripe_event = pgTable("processed_stripe_event", {
  stripe_event_id: text().primaryKey(),
  event_id: integer().references(() => event.event_id, { onDelete: "cascade" }),
  type: text().notNull(),
  payload: jsonb(),
  // applied, or ignored with the reason (a webhook that does not match the payment's mode, intent, amount or
  // currency is kept, so a redelivery is a duplicate and staff can see why it changed nothing).
  outcome: text().notNull().default("applied"),
  ignored_reason: text(),
  processed_at: createdAt(),
});

/**
 * "Charge all cards on file": a run and its per-guest results. A run left unfinished (the process died) is resumed
 * by pressing the button again; each guest's charge reuses its stored idempotency key, so nobody pays twice.
 */
export const charge_run = pgTable(
  "charge_run",
  {
    charge_run_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    started_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    started_at: createdAt(),
    // Refreshed as guests are charged; a run without a beat for a while is taken to have crashed.
    heartbeat_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [index("charge_run_event_idx").on(t.event_id)],
);

export const charge_run_guest = pgTable(
  "charge_run_guest",
  {
    charge_run_guest_id: id(),
    charge_run_id: integer()
      .notNull()
      .references(() => charge_run.charge_run_id, { onDelete: "cascade" }),
    invoice_id: integer()
      .notNull()
      .references(() => invoice.invoice_id, { onDelete: "cascade" }),
    // waiting, charged, declined, nothing_owed or failed.
    status: text().notNull().default("waiting"),
    amount: cents(),
    message: text(),
    payment_id: integer().references(() => payment.payment_id, { onDelete: "set null" }),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("charge_run_guest_key").on(t.charge_run_id, t.invoice_id)],
);
