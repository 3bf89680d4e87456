import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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

/** A failed sign-in, counted per account and per address to slow down password guessing. */
export const sign_in_failure = pgTable(
  "sign_in_failure",
  {
    sign_in_failure_id: id(),
    email: text().notNull(),
    ip: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("sign_in_failure_email_idx").on(t.email, t.created_at),
    index("sign_in_failure_ip_idx").on(t.ip, t.created_at),
  ],
);

/**
 * A 6-digit sign-in code sent by email (/auth/code). Issued to an address, whether or not an account has it yet:
 * the account is found or created when the right code comes back. Only an HMAC of the code (keyed with the
 * server's secret and a salt of the row) is stored. A code works once, for 10 minutes, and for at most 5 wrong
 * tries; a newer code for the address retires the older ones. `ip` counts requests per client address.
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
    ip: text().notNull().default(""),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index("sign_in_code_email_idx").on(t.email, t.created_at),
    index("sign_in_code_ip_idx").on(t.ip, t.created_at),
  ],
);
