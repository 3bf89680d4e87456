/**
 * The outbox as its screen shows it (/admin/auction_items/email_page/outbox): every message of the event, automatic
 * ones and those the team sent, newest first, a page at a time, with its status, tries and the provider's reason; and
 * the retry of a failed one. Sign-in codes never pass through the outbox (app/auth sends them at once, and they are
 * secrets), so they cannot appear here; nor does a message's content (its data may hold a receipt's PDF).
 */
import { sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { db } from "~/db.server";
import type { OutboxFilters } from "./outbox-filters";

export const OUTBOX_PAGE_SIZE = 50;

export interface OutboxEntry {
  id: number;
  template: string;
  channel: "email" | "text";
  to: string;
  /** The address or number, under the name. */
  address: string | null;
  status: string;
  tries: number;
  reason: string | null;
  createdAt: Date | string;
  sentAt: Date | string | null;
  dueAt: Date | string;
  retryCount: number;
  retriedBy: string | null;
  retriedAt: Date | string | null;
}

/** One page of the event's messages matching the filters, and whether older ones follow. */
export async function listOutbox(eventId: number, filters: OutboxFilters) {
  const guest = filters.guest ? `%${filters.guest.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const rows = await selectRows<OutboxEntry>(
    db,
    sql`select m.message_id as id, m.template, m.channel,
      coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
        m.to_email, m.to_phone, u.email_address, 'Unknown') as "to",
      case when m.channel = 'email' then coalesce(m.to_email, u.email_address)
        else coalesce(m.to_phone, u.phone) end as address,
      m.status, m.last_error as reason, m.created_at as "createdAt", m.sent_at as "sentAt",
      m.next_attempt_at as "dueAt", m.retry_count as "retryCount",
      (select count(*)::int from message_attempt a where a.message_id = m.message_id and a.status <> 'released') as tries,
      nullif(trim(coalesce(r.first_name, '') || ' ' || coalesce(r.last_name, '')), '') as "retriedBy",
      m.retried_at as "retriedAt"
    from message m
    left join usr u on u.usr_id = m.to_usr_id
    left join usr r on r.usr_id = m.retried_by_usr_id
    where m.event_id = ${eventId}
      ${filters.before === null ? sql`` : sql`and m.message_id < ${filters.before}`}
      ${filters.kind === null ? sql`` : sql`and m.template = ${filters.kind}`}
      ${filters.status === null ? sql`` : sql`and m.status = ${filters.status}`}
      ${
        guest === null
          ? sql``
          : sql`and (trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ${guest}
            or u.email_address ilike ${guest} or u.phone ilike ${guest}
            or m.to_email ilike ${guest} or m.to_phone ilike ${guest})`
      }
    order by m.message_id desc
    limit ${OUTBOX_PAGE_SIZE + 1}`,
  );
  const entries = rows.slice(0, OUTBOX_PAGE_SIZE);
  return { entries, olderBefore: rows.length > OUTBOX_PAGE_SIZE ? entries[entries.length - 1].id : null };
}

/** How many of the event's messages are in each status: the screen's summary. */
export async function outboxTallies(eventId: number): Promise<Record<string, number>> {
  const rows = await selectRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from message where event_id = ${eventId} group by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

export type RetryOutcome = "retried" | "already_retried" | "not_failed";

/**
 * Sends a failed message again: back in the queue, due now, with a new round of tries, and who asked kept. The
 * retry names the retry count its page showed, so a second click or a replayed post finds the count moved on and
 * does nothing: one retry per look at the page. A message of another event is not found (null).
 */
export async function retryMessage(
  eventId: number,
  input: { messageId: number; seenRetryCount: number; usrId: number },
): Promise<RetryOutcome | null> {
  const retried = await selectRows<{ id: number }>(
    db,
    sql`update message set status = 'queued', attempt_count = 0, next_attempt_at = now(),
      retry_count = retry_count + 1, retried_by_usr_id = ${input.usrId}, retried_at = now()
    where message_id = ${input.messageId} and event_id = ${eventId} and status = 'failed'
      and retry_count = ${input.seenRetryCount}
    returning message_id as id`,
  );
  if (retried.length > 0) return "retried";
  const [current] = await selectRows<{ status: string; retry_count: number }>(
    db,
    sql`select status, retry_count from message where message_id = ${input.messageId} and event_id = ${eventId}`,
  );
  if (!current) return null;
  return current.retry_count !== input.seenRetryCount ? "already_retried" : "not_failed";
}
