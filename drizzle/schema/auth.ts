import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { event } from "./event";
import { usr } from "./people";

/** An argon2id password hash, for users who sign in with email and password (kept apart from usr). */
export const usr_password = pgTable("usr_password", {
  usr_id: integer()
    .primaryKey()
    .references(() => usr.usr_id, { onDelete: "cascade" }),
  password_hash: text().notNull(),
  updated_at: updatedAt(),
});

/**
 * A one-time link sent by email: finishing a sign-up, resetting a password, or joining an event's team.
 * Only the SHA-256 of the token is stored, so a database leak does not leak working links.
 */
export const auth_token = pgTable(
  "auth_token",
  {
    auth_token_id: id(),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    purpose: text().$type<"sign_up" | "password_reset" | "team_invitation">().notNull(),
    token_hash: text().notNull().unique(),
    event_id: integer().references(() => event.event_id, { onDelete: "cascade" }),
    invited_by: integer().references(() => usr.usr_id, { onDelete: "set null" }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index("auth_token_usr_idx").on(t.usr_id, t.purpose)],
);

/**
 * One attempt that a limit paces (app/auth/pacing.server.ts): a failed password, a code asked for, a wrong code, a
 * sign-up, an anonymous gift checkout. `kind` names the limit, `subject` what it counts by (an account, a browser's
 * device key, a client address): each limit reads the recent attempts of one subject, and the slate is wiped for an
 * account once its owner gets in.
 */
export const paced_attempt = pgTable(
  "paced_attempt",
  {
    paced_attempt_id: id(),
    kind: text().notNull(),
    subject: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [index("paced_attempt_subject_idx").on(t.kind, t.subject, t.created_at)],
);

/**
 * A browser (its device cookie, stored as a keyed hash) that has signed in to an account: as far as the sign-in
 * limits go, its owner's. What strangers try from elsewhere never holds such a browser back (decision 035).
 */
export const sign_in_device = pgTable(
  "sign_in_device",
  {
    /** Normalised (trimmed, lower case). */
    email: text().notNull(),
    device: text().notNull(),
    last_signed_in_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.device] })],
);

/** A session ended on the server (signed out): a copy of its cookie no longer counts. Kept until it would expire. */
export const ended_session = pgTable("ended_session", {
  session_id: text().primaryKey(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A 6-digit sign-in code sent by email (/auth/code). Issued to an address, whether or not an account has it yet:
 * the account is found or created when the right code comes back. Only an HMAC of the code (keyed with the
 * server's secret and a salt of the row) is stored. A code works once, for 10 minutes, for at most 5 wrong tries,
 * and only in the browser that asked for it (`device`, its device key): a newer code asked from that browser retires
 * its older ones, and nobody else's tries or requests use it up.
 */
export const sign_in_code = pgTable(
  "sign_in_code",
  {
    sign_in_code_id: id(),
    /** Normalised (trimmed, lower case). */
    email: text().notNull(),
    code_hash: text().notNull(),
    salt: text().notNull(),
    attempts: integer().notNull().default(0),
    device: text().notNull().default(""),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index("sign_in_code_email_idx").on(t.email, t.created_at),
    index("sign_in_code_device_idx").on(t.device, t.email),
  ],
);
