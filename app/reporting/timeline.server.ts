/**
 * Money over time, from the rows where it happens (docs/decisions/027-reporting.md): what guests committed (tickets
 * bought, items won, pledges, purchases, raffle tickets, gifts, fees covered; less comps and refunds, as the ledger's
 * Pledged) and what was collected (payments, less refunds). A refund or a comp counts on the day it was given.
 * During the event (its start to its end) by minute; before and after it by day, in the event's time zone.
 */
import { sql } from "drizzle-orm";
import { BILLING_LINE_KINDS } from "~/billing/invoice.server";
import { NOT_SETTLED_ON_INVOICE } from "~/billing/ledger-totals.server";
import { queryRows } from "~/billing/query-rows.server";
import type { Executor } from "~/billing/line-sources/line-source";

export interface TimelinePoint {
  /** The bucket's start (a minute, or midnight of a day in the event's zone). */
  at: Date;
  committed: number;
  collected: number;
}

export interface Timeline {
  byMinute: TimelinePoint[];
  byDay: TimelinePoint[];
}

export async function moneyOverTime(
  db: Executor,
  eventId: number,
  {
    timeZone,
    eventStart,
    eventEnd,
    from,
    to,
  }: {
    timeZone: string;
    eventStart: Date | null;
    eventEnd: Date | null;
    from: Date | null;
    to: Date | null;
  },
): Promise<Timeline> {
  const inRange = sql`(${from?.toISOString() ?? null}::timestamptz is null or at >= ${from?.toISOString() ?? null}::timestamptz)
    and (${to?.toISOString() ?? null}::timestamptz is null or at < ${to?.toISOString() ?? null}::timestamptz)`;
  const start = eventStart?.toISOString() ?? null;
  const end = eventEnd?.toISOString() ?? null;
  const rows = await queryRows<{ during: boolean; bucket: string | Date; committed: string; collected: string }>(
    db,
    sql`
    with money as (
      select created_at as at, amount as committed, 0 as collected from ticket_payment
        where event_id = ${eventId} and status in ('paid', 'pending')
      union all select created_at, amount, 0 from winner where event_id = ${eventId}
      union all select created_at, amount, 0 from pledge where event_id = ${eventId} and status = 'pledged'
      union all select created_at, amount, 0 from purchase where event_id = ${eventId}
      union all select created_at, amount, 0 from raffle_purchase where event_id = ${eventId}
      union all select created_at, amount, 0 from donation where event_id = ${eventId}
      union all select p.created_at, 0, p.amount from payment p
        where p.event_id = ${eventId} and p.status in ('paid', 'disputed') and ${NOT_SETTLED_ON_INVOICE}
      union all select created_at, amount, 0 from invoice_line
        where event_id = ${eventId} and source in (${BILLING_LINE_KINDS.comp}, ${BILLING_LINE_KINDS.fee})
      union all select created_at, -amount, -amount from refund where event_id = ${eventId} and status = 'succeeded'
    ),
    placed as (
      select *, (${start}::timestamptz is not null and ${end}::timestamptz is not null
        and at >= ${start}::timestamptz and at < ${end}::timestamptz) as during
      from money where ${inRange}
    )
    select during,
      case when during then date_trunc('minute', at)
        else date_trunc('day', at at time zone ${timeZone}) at time zone ${timeZone} end as bucket,
      sum(committed)::bigint as committed, sum(collected)::bigint as collected
    from placed group by 1, 2 order by 2`,
  );
  const points = (during: boolean) =>
    rows
      .filter((row) => row.during === during)
      .map((row) => ({ at: new Date(row.bucket), committed: Number(row.committed), collected: Number(row.collected) }));
  return { byMinute: points(true), byDay: points(false) };
}
