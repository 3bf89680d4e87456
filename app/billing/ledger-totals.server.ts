/**
 * Money by source from the billing ledger (app/billing): invoice lines grouped by invoice_line.source, the payments
 * applied to each invoice, and the payments taken outside any invoice (tickets paid when bought). Amounts in cents.
 *
 * - billed: what guests were asked for, net of reversals and comps (each credited back to the source of the line it
 *   undoes) and of refunds (their own row);
 * - collected: each invoice's payments are applied to its lines oldest first, so a part-paid invoice has paid its
 *   first lines; a payment taken outside an invoice is collected for what points at it (a ticket purchase, a
 *   donation, a raffle sale, a purchase) when it is paid, unless it is an order settled on an invoice (below),
 *   under the name of the line source that bills the same thing ("donations", "raffle", "purchase", "pledge",
 *   "ticket"), so that one source is one row;
 * - outstanding: per invoice, what is still owed (never below zero; an overpayment shows as credit).
 *
 * A snapshot is the ledger as it stood at a time (rows created before it); a date range is the difference of the
 * snapshots at its two ends, so "collected from 1 to 7 March" is what was paid in that week.
 */
import { sql } from "drizzle-orm";
import { db as appDb } from "~/db.server";
import { syncInvoices } from "./invoice.server";
import { queryRows } from "./query-rows.server";
import { compareSources } from "./source-labels";
import type { Executor } from "./line-sources/line-source";

export interface SourceMoney {
  source: string;
  billed: number;
  collected: number;
}

export interface LedgerSnapshot {
  sources: SourceMoney[];
  billed: number;
  collected: number;
  outstanding: number;
}

const PAID = sql`('paid', 'disputed')`;

/**
 * An order to "pay at the event" is billed on the guest's invoice, and its money counted there; when the invoice is
 * paid, billing marks the order paid too (keeping its method), so counting it again would count the money twice.
 * Paid at the door instead, it becomes a cash or check payment of its own, counted here.
 */
export const NOT_SETTLED_ON_INVOICE = sql`p.method <> 'pay_at_event'`;

/** Brings every guest's invoice up to date with what they owe now (as the billing screens do before they read). */
export async function syncLedger(eventId: number, database = appDb): Promise<void> {
  await database.transaction((tx) => syncInvoices(tx, eventId));
}

export async function ledgerSnapshot(db: Executor, eventId: number, at: Date | null = null): Promise<LedgerSnapshot> {
  const before = (column: ReturnType<typeof sql.raw>) =>
    at === null ? sql`true` : sql`${column} < ${at.toISOString()}::timestamptz`;
  const [invoiced, outside, refunds, owed] = await Promise.all([
    queryRows<{ source: string; billed: string; collected: string }>(
      db,
      sql`
      with lines as (
        select invoice_line_id, invoice_id, source, amount, reverses_line_id, auction_item_id
        from invoice_line where event_id = ${eventId} and ${before(sql.raw("created_at"))}
      ),
      net as (
        select o.invoice_id, o.invoice_line_id,
          case when o.source = 'auction' and ai.type in ('silent', 'virtual') then ai.type else o.source end as source,
          o.amount + coalesce(sum(r.amount), 0) as net
        from lines o
        left join lines r on r.reverses_line_id = o.invoice_line_id
        left join auction_item ai on ai.auction_item_id = o.auction_item_id
        where o.reverses_line_id is null and o.source <> 'refund'
        group by o.invoice_id, o.invoice_line_id, o.source, o.amount, ai.type
      ),
      paid as (
        select invoice_id, sum(amount) as paid from payment
        where event_id = ${eventId} and invoice_id is not null and status in ${PAID} and ${before(sql.raw("created_at"))}
        group by invoice_id
      ),
      applied as (
        select n.source, n.net,
          greatest(0, least(n.net, coalesce(p.paid, 0)
            - (sum(n.net) over (partition by n.invoice_id order by n.invoice_line_id) - n.net))) as collected
        from net n left join paid p on p.invoice_id = n.invoice_id
      ),
      credit as (
        select 'credit' as source, 0 as net, greatest(0, p.paid - coalesce(sum(n.net), 0)) as collected
        from paid p left join net n on n.invoice_id = p.invoice_id
        group by p.invoice_id, p.paid
      )
      select source, sum(net)::bigint as billed, sum(collected)::bigint as collected
      from (select * from applied union all select * from credit) as money
      group by source`,
    ),
    queryRows<{ source: string; amount: string }>(
      db,
      sql`
      select coalesce(t.kind, d.kind, r.kind, s.kind, g.kind, w.kind, 'other') as source,
        sum(p.amount)::bigint as amount
      from payment p
      left join (select distinct payment_id, 'ticket' as kind from ticket_payment where event_id = ${eventId}) t
        on t.payment_id = p.payment_id
      left join (select distinct payment_id, 'donations' as kind from donation where event_id = ${eventId}) d
        on d.payment_id = p.payment_id
      left join (select distinct payment_id, 'raffle' as kind from raffle_purchase where event_id = ${eventId}) r
        on r.payment_id = p.payment_id
      left join (select distinct payment_id, 'purchase' as kind from purchase where event_id = ${eventId}) s
        on s.payment_id = p.payment_id
      left join (select distinct payment_id, 'pledge' as kind from pledge where event_id = ${eventId}) g
        on g.payment_id = p.payment_id
      left join (select distinct on (w.payment_id) w.payment_id, ai.type as kind from winner w
          join auction_item ai on ai.auction_item_id = w.auction_item_id where w.event_id = ${eventId}) w
        on w.payment_id = p.payment_id
      where p.event_id = ${eventId} and p.invoice_id is null and p.status in ${PAID} and ${NOT_SETTLED_ON_INVOICE}
        and ${before(sql.raw("p.created_at"))}
      group by 1`,
    ),
    queryRows<{ lines: string; refunded: string; outside: string }>(
      db,
      sql`
      select
        (select coalesce(sum(amount), 0) from invoice_line
          where event_id = ${eventId} and source = 'refund' and ${before(sql.raw("created_at"))})::bigint as lines,
        coalesce(sum(r.amount), 0)::bigint as refunded,
        coalesce(sum(r.amount) filter (where p.invoice_id is null), 0)::bigint as outside
      from refund r join payment p on p.payment_id = r.payment_id
      where r.event_id = ${eventId} and r.status = 'succeeded' and ${before(sql.raw("r.created_at"))}`,
    ),
    queryRows<{ outstanding: string }>(
      db,
      sql`
      select coalesce(sum(greatest(0, coalesce(l.total, 0) - coalesce(p.paid, 0) + coalesce(f.refunded, 0))), 0)::bigint
        as outstanding
      from invoice i
      left join (select invoice_id, sum(amount) as total from invoice_line
        where event_id = ${eventId} and ${before(sql.raw("created_at"))} group by invoice_id) l
        on l.invoice_id = i.invoice_id
      left join (select invoice_id, sum(amount) as paid from payment
        where event_id = ${eventId} and status in ${PAID} and ${before(sql.raw("created_at"))} group by invoice_id) p
        on p.invoice_id = i.invoice_id
      left join (select p2.invoice_id, sum(r.amount) as refunded from refund r join payment p2 on p2.payment_id = r.payment_id
        where r.event_id = ${eventId} and r.status = 'succeeded' and ${before(sql.raw("r.created_at"))}
        group by p2.invoice_id) f
        on f.invoice_id = i.invoice_id
      where i.event_id = ${eventId}`,
    ),
  ]);

  const bySource = new Map<string, SourceMoney>();
  const add = (source: string, billed: number, collected: number) => {
    const entry = bySource.get(source) ?? { source, billed: 0, collected: 0 };
    entry.billed += billed;
    entry.collected += collected;
    bySource.set(source, entry);
  };
  for (const row of invoiced) add(row.source, Number(row.billed), Number(row.collected));
  for (const row of outside) add(row.source, Number(row.amount), Number(row.amount));
  const refund = refunds[0];
  if (Number(refund.refunded) !== 0 || Number(refund.lines) !== 0)
    add("refund", Number(refund.lines) - Number(refund.outside), -Number(refund.refunded));

  const sources = [...bySource.values()]
    .filter((entry) => entry.billed !== 0 || entry.collected !== 0)
    .sort((a, b) => compareSources(a.source, b.source));
  return {
    sources,
    billed: sources.reduce((sum, entry) => sum + entry.billed, 0),
    collected: sources.reduce((sum, entry) => sum + entry.collected, 0),
    outstanding: Number(owed[0].outstanding),
  };
}

/** What the ledger gained between two times (either end open): per source, and the outstanding at the end. */
export async function ledgerBetween(
  db: Executor,
  eventId: number,
  from: Date | null,
  to: Date | null,
): Promise<LedgerSnapshot> {
  const [end, start] = await Promise.all([
    ledgerSnapshot(db, eventId, to),
    from === null ? Promise.resolve(null) : ledgerSnapshot(db, eventId, from),
  ]);
  if (start === null) return end;
  const earlier = new Map(start.sources.map((entry) => [entry.source, entry]));
  const sources = end.sources
    .map((entry) => ({
      source: entry.source,
      billed: entry.billed - (earlier.get(entry.source)?.billed ?? 0),
      collected: entry.collected - (earlier.get(entry.source)?.collected ?? 0),
    }))
    .filter((entry) => entry.billed !== 0 || entry.collected !== 0);
  return {
    sources,
    billed: end.billed - start.billed,
    collected: end.collected - start.collected,
    outstanding: end.outstanding,
  };
}
