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
 * - an overpayment (paid ahead of what is billed) is a source of its own, "credit", billed and collected alike: it is
 *   money the guest gave, and it must not lower what the other guests still owe;
 * - outstanding: billed less collected, which is per invoice what is still owed (never below zero).
 *
 * Every source the event has (it sells tickets, has live lots, a paddle raise, a duel, covers fees…) is listed, with
 * zeros while it has no money yet; refunds, credit and other payments only when there are some.
 * The figures every screen shows are defined on this snapshot in ./money-figures.server.ts (docs/money.md).
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
  /**
   * What was given free, shown apart (DOMAIN.md, "Money"): the comped invoice lines, and tickets registered as comps
   * at their price. Not in billed: a comp takes its line off what is owed.
   */
  comped: number;
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
  const [invoiced, outside, refunds, standing, [comps]] = await Promise.all([
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
        select 'credit' as source, greatest(0, p.paid - coalesce(sum(n.net), 0)) as net,
          greatest(0, p.paid - coalesce(sum(n.net), 0)) as collected
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
    eventSources(db, eventId),
    queryRows<{ lines: string; tickets: string }>(
      db,
      sql`
      select
        (select coalesce(-sum(amount), 0) from invoice_line
          where event_id = ${eventId} and source = 'comp' and ${before(sql.raw("created_at"))})::bigint as lines,
        (select coalesce(sum(t.price * tp.quantity), 0) from ticket_payment tp
          join payment p on p.payment_id = tp.payment_id
          join ticket t on t.ticket_id = tp.ticket_id
          where tp.event_id = ${eventId} and p.method = 'comp' and tp.status <> 'cancelled'
            and ${before(sql.raw("tp.created_at"))})::bigint as tickets`,
    ),
  ]);

  const bySource = new Map<string, SourceMoney>();
  const add = (source: string, billed: number, collected: number) => {
    const entry = bySource.get(source) ?? { source, billed: 0, collected: 0 };
    entry.billed += billed;
    entry.collected += collected;
    bySource.set(source, entry);
  };
  for (const source of standing) add(source, 0, 0);
  for (const row of invoiced) add(row.source, Number(row.billed), Number(row.collected));
  for (const row of outside) add(row.source, Number(row.amount), Number(row.amount));
  const refund = refunds[0];
  if (Number(refund.refunded) !== 0 || Number(refund.lines) !== 0)
    add("refund", Number(refund.lines) - Number(refund.outside), -Number(refund.refunded));

  const sources = [...bySource.values()]
    .filter((entry) => standing.includes(entry.source) || entry.billed !== 0 || entry.collected !== 0)
    .sort((a, b) => compareSources(a.source, b.source));
  const billed = sources.reduce((sum, entry) => sum + entry.billed, 0);
  const collected = sources.reduce((sum, entry) => sum + entry.collected, 0);
  const comped = Number(comps.lines) + Number(comps.tickets);
  return { sources, billed, collected, outstanding: billed - collected, comped };
}

/** What the ledger gained between two times (either end open): per source, and the outstanding at the end. */
export async function ledgerBetween(
  db: Executor,
  eventId: number,
  from: Date | null,
  to: Date | null,
): Promise<LedgerSnapshot> {
  const [end, start, standing] = await Promise.all([
    ledgerSnapshot(db, eventId, to),
    from === null ? Promise.resolve(null) : ledgerSnapshot(db, eventId, from),
    eventSources(db, eventId),
  ]);
  if (start === null) return end;
  const earlier = new Map(start.sources.map((entry) => [entry.source, entry]));
  const sources = end.sources
    .map((entry) => ({
      source: entry.source,
      billed: entry.billed - (earlier.get(entry.source)?.billed ?? 0),
      collected: entry.collected - (earlier.get(entry.source)?.collected ?? 0),
    }))
    .filter((entry) => standing.includes(entry.source) || entry.billed !== 0 || entry.collected !== 0);
  return {
    sources,
    billed: end.billed - start.billed,
    collected: end.collected - start.collected,
    outstanding: end.outstanding,
    comped: end.comped - start.comped,
  };
}

/**
 * The sources the event has, whether or not they hold money yet: what it sells or runs (tickets, each kind of item,
 * a paddle raise, a duel, a raffle), gifts (every event takes them at /dp) and fees when guests may cover them.
 */
async function eventSources(db: Executor, eventId: number): Promise<string[]> {
  const [row] = await queryRows<Record<string, boolean>>(
    db,
    sql`
    select
      exists (select 1 from ticket where event_id = ${eventId}) as ticket,
      exists (select 1 from auction_item where event_id = ${eventId} and type = 'silent') as silent,
      exists (select 1 from auction_item where event_id = ${eventId} and type = 'virtual') as virtual,
      exists (select 1 from auction_item where event_id = ${eventId} and type = 'live') as live,
      exists (select 1 from paddle_raise where event_id = ${eventId}) as pledge,
      exists (select 1 from duel where event_id = ${eventId}) as duel,
      true as donations,
      exists (select 1 from raffle where event_id = ${eventId}) as raffle,
      exists (select 1 from auction_item where event_id = ${eventId} and type = 'sale') as purchase,
      exists (select 1 from billing_settings where event_id = ${eventId} and cover_fee_enabled) as fee`,
  );
  return Object.entries(row).flatMap(([source, has]) => (has ? [source] : []));
}
