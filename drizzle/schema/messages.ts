import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { auction_item } from "./catalogue";
import { createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { usr } from "./people";

/**
 * The outbox (docs/decisions/023-messages-outbox.md): one row per message to one recipient by one channel, written in
 * the transaction of the change that causes it. Workers claim due rows (FOR UPDATE SKIP LOCKED) for a lease, send,
 * and record each attempt in message_attempt. status: queued (waiting or between retries), sending (claimed; a lease
 * past lease_until is claimed again), sent, failed (gave up after the last retry), skipped (the recipient opted out
 * or has no address for the channel; the reason is in last_error). idempotency_key is unique: writing the same key
 * twice keeps the first (the outbid throttle is a key per item, bidder and window), and it goes to the provider.
 * attempt_count counts the tries of the current round (it decides the backoff and when to give up); a team member's
 * retry of a failed message (the outbox screen) starts a new round: retry_count goes up by one, attempt_count back to
 * 0, and who did it is kept. message_attempt keeps every try of every round.
 */
export const message = pgTable(
  "message",
  {
    message_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    template: text().notNull(),
    channel: text().notNull(),
    to_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    to_email: text(),
    to_phone: text(),
    data: jsonb().notNull().default({}),
    idempotency_key: text().notNull(),
    status: text().notNull().default("queued"),
    attempt_count: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lease_until: timestamp({ withTimezone: true }),
    // Who holds the lease: a worker whose lease was taken over may not record its late answer over the new one.
    claim_token: text(),
    provider_message_id: text(),
    last_error: text(),
    // A send to guests (message_broadcast) that this message is part of.
    broadcast_id: integer().references(() => message_broadcast.message_broadcast_id, { onDelete: "set null" }),
    // The team member who wrote it (a send to guests, a test send): counted by the hourly sending limit.
    sent_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    // How many times the team retried it by hand: a retry names the count it saw, so a replayed one does nothing.
    retry_count: integer().notNull().default(0),
    retried_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    retried_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    sent_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("message_idempotency_key").on(t.idempotency_key),
    index("message_due_idx")
      .on(t.next_attempt_at)
      .where(sql`status in ('queued', 'sending')`),
    index("message_event_idx").on(t.event_id, t.message_id),
    index("message_broadcast_idx").on(t.broadcast_id),
    index("message_sender_idx").on(t.event_id, t.sent_by_usr_id, t.created_at),
  ],
);

/**
 * The outbid throttle's window for one bidder, item and channel: opened by the outbid message it let through
 * (opened_at), it lasts message_settings.outbid_window_minutes; outbids inside it are counted on the window's digest
 * (outbids_in_window), and the first one after it opens the next (seq + 1). One row per triple, updated with an
 * upsert in the bid's transaction: two outbids at once wait for each other on this row, so only one opens a window.
 */
export const outbid_window = pgTable(
  "outbid_window",
  {
    auction_item_id: integer()
      .notNull()
      .references(() => auction_item.auction_item_id, { onDelete: "cascade" }),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    channel: text().notNull(),
    seq: integer().notNull().default(1),
    opened_at: timestamp({ withTimezone: true }).notNull(),
    outbids_in_window: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.auction_item_id, t.usr_id, t.channel] })],
);

/** One try at sending a message: started when claimed, finished with the provider's answer or the error. */
export const message_attempt = pgTable(
  "message_attempt",
  {
    message_attempt_id: id(),
    message_id: integer()
      .notNull()
      .references(() => message.message_id, { onDelete: "cascade" }),
    attempt: integer().notNull(),
    provider: text(),
    // started (no answer yet: the worker may have died), sent, failed, skipped, released (the database failed the
    // attempt: the message went back to the queue without using up an attempt)
    status: text().notNull().default("started"),
    provider_answer: jsonb(),
    error: text(),
    started_at: createdAt(),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [index("message_attempt_message_idx").on(t.message_id, t.attempt)],
);

/**
 * A send to guests from the messages screen: its audience, channel and text, as written. Its messages are outbox rows
 * with its id; its progress is counted from them.
 */
export const message_broadcast = pgTable(
  "message_broadcast",
  {
    message_broadcast_id: id(),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    audience: text().notNull(),
    tbl_id: integer(),
    channel: text().notNull(),
    subject: text(),
    body: text().notNull(),
    recipient_count: integer().notNull().default(0),
    sent_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("message_broadcast_event_idx").on(t.event_id, t.message_broadcast_id)],
);

/**
 * An event's messaging setup (/admin/setup/email and /admin/setup/texting). Secrets are stored encrypted
 * (AES-256-GCM, app/security/secret-box.server.ts) and never sent back to a page. automatic: which automatic messages
 * are on, by template name (missing means on). templates: the organiser's texts by template name (missing: ours).
 */
export const message_settings = pgTable("message_settings", {
  event_id: integer()
    .primaryKey()
    .references(() => event.event_id, { onDelete: "cascade" }),
  sender_name: text(),
  reply_to: text(),
  smtp_url_encrypted: text(),
  twilio_account_sid: text(),
  twilio_auth_token_encrypted: text(),
  twilio_from_number: text(),
  // When Twilio last confirmed, with the stored token, that twilio_from_number is one of twilio_account_sid's numbers
  // (saveTextingSetup asks it on every change of the three). Replies (STOP, START) are accepted only for a confirmed
  // account and number: null until then.
  twilio_verified_at: timestamp({ withTimezone: true }),
  automatic: jsonb().notNull().default({}),
  templates: jsonb().notNull().default({}),
  outbid_window_minutes: integer().notNull().default(10),
  updated_at: updatedAt(),
});

/** A bidder's choices for an event: how outbid messages reach them, and whether they agreed to texts. */
export const message_preference = pgTable(
  "message_preference",
  {
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    // email, text, both or none
    outbid_channel: text().notNull().default("email"),
    text_consent: boolean().notNull().default(false),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.usr_id, t.event_id] })],
);

/**
 * STOP and START replies, kept as carriers keep them: per Twilio account, per number of ours that was texted, per
 * phone number (E.164). A phone that sent STOP to an account's number is never texted from that account and number
 * until it sends START there; another organisation's account or number is not affected.
 */
export const text_opt_out = pgTable(
  "text_opt_out",
  {
    twilio_account_sid: text().notNull(),
    from_number: text().notNull(),
    phone: text().notNull(),
    opted_out: boolean().notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.twilio_account_sid, t.from_number, t.phone] })],
);
