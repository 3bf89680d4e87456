/**
 * Whether the event's email or texting is failing now: for each channel, the provider's last answer (sent or failed)
 * to one of the event's messages in the last day. When the last answer was a failure, the channel is failing, with
 * that failure's reason and how many messages it holds back (failed, or waiting to be tried again). The dashboard
 * shows it, so a broken mail server or Twilio account is seen before guests miss their messages.
 */
import { sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { db } from "~/db.server";

export interface FailingTransport {
  channel: "email" | "text";
  reason: string;
  failedAt: Date | string;
  /** Messages failed, or waiting to be tried again after a failure. */
  heldBack: number;
}

export async function failingTransports(eventId: number): Promise<FailingTransport[]> {
  return selectRows<FailingTransport>(
    db,
    sql`with last_answer as (
      select distinct on (m.channel) m.channel, a.status, a.error, a.finished_at
      from message_attempt a join message m on m.message_id = a.message_id
      where m.event_id = ${eventId} and a.status in ('sent', 'failed') and a.finished_at > now() - interval '1 day'
      order by m.channel, a.finished_at desc, a.message_attempt_id desc
    )
    select l.channel, coalesce(l.error, 'The provider refused the message.') as reason, l.finished_at as "failedAt",
      (select count(*)::int from message h where h.event_id = ${eventId} and h.channel = l.channel
        and (h.status = 'failed' or (h.status in ('queued', 'sending') and h.last_error is not null))) as "heldBack"
    from last_answer l where l.status = 'failed'
    order by l.channel`,
  );
}
