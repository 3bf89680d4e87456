/**
 * The reminders, written to the outbox when their time comes (every minute, by each app process; the keys make a
 * reminder once per person and channel whichever process writes it first):
 * - the evening before: at 6 PM in the event's zone on the day before it starts, to every named guest with an email;
 * - bidding closes soon: 15 minutes before the silent auction's end, to everyone who bid at the event, by email and
 *   (with consent) by text, with the exact closing time;
 * - winning at close: at the same moment, to the leader of each item, with the item and its bid.
 * Each can be switched off on /admin/setup/email; an archived event sends no evening reminder, and a silent auction in
 * testing no closing reminder.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/connection.server";

export const REMINDER_TICK_MS = 60_000;
export const CLOSING_SOON_MINUTES = 15;

export async function enqueueDueReminders(db: Database, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into message (event_id, template, channel, to_email, data, idempotency_key)
    select distinct on (e.event_id, lower(r.email)) e.event_id, 'reminder_evening_before', 'email', r.email,
      jsonb_build_object('first_name', coalesce(r.first_name, '')),
      'evening_before:' || e.event_id || ':' || extract(epoch from e.start_date_time)::bigint || ':' || lower(r.email)
    from event e
    join registrant r on r.event_id = e.event_id and r.email is not null and r.name is not null
    left join message_settings s on s.event_id = e.event_id
    where e.start_date_time > ${at}::timestamptz
      and not e.is_archived
      and ((date_trunc('day', e.start_date_time at time zone e.timezone) - interval '6 hours') at time zone e.timezone)
        <= ${at}::timestamptz
      and coalesce((s.automatic ->> 'reminder_evening_before')::boolean, true)
    order by e.event_id, lower(r.email), r.registrant_id
    on conflict (idempotency_key) do nothing`);
  await db.execute(sql`
    insert into message (event_id, template, channel, to_usr_id, data, idempotency_key)
    select e.event_id, 'reminder_closing_soon', c.channel, b.usr_id,
      jsonb_build_object('closes_at', a.end_date_time),
      'closing_soon:' || e.event_id || ':' || extract(epoch from a.end_date_time)::bigint || ':' || b.usr_id || ':' || c.channel
    from event e
    join silent_auction a on a.silent_auction_id = e.silent_auction_id
    join (select distinct event_id, usr_id from bid) b on b.event_id = e.event_id
    ${toEachChannelOfABidder}
    where ${silentAuctionClosingSoon(at)}
      and coalesce((s.automatic ->> 'reminder_closing_soon')::boolean, true)
      and (c.channel = 'email' or coalesce(p.text_consent, false))
    on conflict (idempotency_key) do nothing`);
  await enqueueWinningAtClose(db, at);
}

/**
 * A row per channel for the bidder `b` of event `e`: their event's message settings `s` and their own preferences
 * `p` beside it, to check that the reminder is on and, for a text, that they agreed to texts.
 */
const toEachChannelOfABidder = sql`left join message_settings s on s.event_id = e.event_id
    left join message_preference p on p.usr_id = b.usr_id and p.event_id = e.event_id
    cross join (values ('email'), ('text')) as c(channel)`;

/** Event `e`'s silent auction `a` is live (not a test) and closes within CLOSING_SOON_MINUTES of `at`. */
const silentAuctionClosingSoon = (at: string) => sql`e.is_silent_auction_enabled and not e.is_silent_auction_testing
      and a.end_date_time > ${at}::timestamptz
      and a.end_date_time - ${CLOSING_SOON_MINUTES}::int * interval '1 minute' <= ${at}::timestamptz`;

async function enqueueWinningAtClose(db: Database, at: string): Promise<void> {
  await db.execute(sql`
    insert into message (event_id, template, channel, to_usr_id, data, idempotency_key)
    select e.event_id, 'winning_at_close', c.channel, b.usr_id,
      jsonb_build_object('item_id', b.auction_item_id, 'amount_cents', b.bid),
      'winning_at_close:' || b.auction_item_id || ':' || extract(epoch from a.end_date_time)::bigint || ':' || b.usr_id || ':' || c.channel
    from event e
    join silent_auction a on a.silent_auction_id = e.silent_auction_id
    join auction_item i on i.event_id = e.event_id and i.type = 'silent' and i.closed_at is null
    join bid b on b.auction_item_id = i.auction_item_id and b.status = 'winning'
    ${toEachChannelOfABidder}
    where ${silentAuctionClosingSoon(at)}
      and coalesce((s.automatic ->> 'winning_at_close')::boolean, true)
      and (c.channel = 'email' or coalesce(p.text_consent, false))
    on conflict (idempotency_key) do nothing`);
}

/** Writes due reminders every minute in this process; errors are logged and the next minute tries again. */
export function startReminderScheduler(db: Database) {
  const timer = setInterval(() => {
    enqueueDueReminders(db).catch((error: unknown) => console.error("[messages] could not write reminders:", error));
  }, REMINDER_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
