import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { client } from "./client";
import { cents, createdAt, id } from "./columns";
import { event } from "./event";
import { usr } from "./people";

/**
 * A donor's tax statement emailed for a period (decision 027): one row per organisation, period and donor, so
 * "Email statements" pressed twice, or by two people at once, emails each donor once (the unique key decides). The
 * period is "event:<event id>" (one event's statement) or "year:<yyyy>" (the organisation's events in that calendar
 * year). A resend to one donor counts up `sent_count`, and each send is its own outbox message.
 */
export const tax_statement_send = pgTable(
  "tax_statement_send",
  {
    tax_statement_send_id: id(),
    client_id: integer()
      .notNull()
      .references(() => client.client_id, { onDelete: "cascade" }),
    period: text().notNull(),
    usr_id: integer()
      .notNull()
      .references(() => usr.usr_id, { onDelete: "cascade" }),
    // The event whose report it was sent from (the message's event: its branding and sender).
    event_id: integer()
      .notNull()
      .references(() => event.event_id, { onDelete: "cascade" }),
    email: text().notNull(),
    // The deductible total the statement said when it was last sent.
    deductible: cents().notNull(),
    sent_count: integer().notNull().default(1),
    first_sent_at: createdAt(),
    last_sent_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sent_by_usr_id: integer().references(() => usr.usr_id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("tax_statement_send_key").on(t.client_id, t.period, t.usr_id)],
);
