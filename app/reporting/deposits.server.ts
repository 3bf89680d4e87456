/**
 * The deposit report for the books (decision 038, docs/exports.md): the money that reached, or will reach, the
 * charity's bank, per deposit, payment method and source. The same payments and refunds the ledger counts
 * (ledger-totals.server.ts), so gross less refunds is the ledger's "raised" for the same range:
 *
 * - gross: payments taken (paid or disputed) in the range; a payment on a guest's invoice is one payment across
 *   its lines, so its source is "Guest invoices";
 * - refunds: refunds that succeeded in the range, taken from the deposit their own money went out of;
 * - fees: what Stripe kept of a card payment (its balance transaction's fee), read from Stripe as the report is
 *   asked for (billing/stripe-settlements.server.ts); cash and checks have none;
 * - deposits: a Stripe payout, dated the day it reached the bank, holds the card payments and refunds it paid
 *   out; card money not yet in a payout is listed by the day it was taken, "not yet paid out"; cash and checks are
 *   banked per day.
 */
import { sql } from "drizzle-orm";
import { PAYMENT_METHOD_NAMES } from "~/billing/invoice-document.server";
import { queryRows } from "~/billing/query-rows.server";
import { sourceLabel } from "~/billing/source-labels";
import { recordSettlements } from "~/billing/stripe-settlements.server";
import { db } from "~/db.server";
import { refreshLedger, type ReportScope } from "./filters.server";
import { inRange } from "./range-sql.server";
import type { Report, ReportRow } from "./report";

export interface DepositLine {
  /** The deposit's calendar day in the event's time zone, YYYY-MM-DD: a payout's arrival, else the day taken. */
  day: string;
  /** The Stripe payout, or null (cash and checks, card money not yet paid out). */
  payout: string | null;
  method: string;
  source: string;
  gross: number;
  refunds: number;
  fees: number;
}

const CARD_METHODS = new Set(["card", "checkout"]);

/** The payments and refunds of the event in the range, summed per day, method and source (cents). */
export async function depositLines(scope: ReportScope): Promise<DepositLine[]> {
  const eventId = scope.eventId;
  const rows = await queryRows<{
    day: string;
    payout: string | null;
    method: string;
    source: string;
    gross: string;
    refunds: string;
    fees: string;
  }>(
    db,
    sql`
    with kinds as (
      select p.payment_id, p.method, p.invoice_id, p.status, p.created_at, p.amount, p.provider_fee, p.payout_ref,
        p.payout_arrival_at,
        case when p.invoice_id is not null then 'invoice' else coalesce(
          (select 'ticket' from ticket_payment t where t.payment_id = p.payment_id and t.event_id = ${eventId} limit 1),
          (select 'donations' from donation d where d.payment_id = p.payment_id and d.event_id = ${eventId} limit 1),
          (select 'raffle' from raffle_purchase r where r.payment_id = p.payment_id and r.event_id = ${eventId} limit 1),
          (select 'purchase' from purchase s where s.payment_id = p.payment_id and s.event_id = ${eventId} limit 1),
          (select 'pledge' from pledge g where g.payment_id = p.payment_id and g.event_id = ${eventId} limit 1),
          (select ai.type from winner w join auction_item ai on ai.auction_item_id = w.auction_item_id
            where w.payment_id = p.payment_id and w.event_id = ${eventId} and ai.event_id = ${eventId} limit 1),
          'other') end as source
      from payment p where p.event_id = ${eventId}
    ),
    money as (
      select coalesce(k.payout_arrival_at, k.created_at) as at, k.payout_ref as payout, k.method, k.source,
        k.amount as gross, 0 as refunded, coalesce(k.provider_fee, 0) as fee
      from kinds k
      where k.status in ('paid', 'disputed') and (k.invoice_id is not null or k.method <> 'pay_at_event')
        and ${inRange(sql`k.created_at`, scope)}
      union all
      select coalesce(r.payout_arrival_at, r.created_at), r.payout_ref, k.method, k.source, 0, r.amount, 0
      from refund r join kinds k on k.payment_id = r.payment_id
      where r.event_id = ${eventId} and r.status = 'succeeded' and ${inRange(sql`r.created_at`, scope)}
    )
    select to_char(at at time zone ${scope.timeZone}, 'YYYY-MM-DD') as day, payout, method, source,
      sum(gross)::bigint as gross, sum(refunded)::bigint as refunds, sum(fee)::bigint as fees
    from money group by 1, 2, 3, 4 order by 1, 2 nulls first, 3, 4`,
  );
  return rows.map((row) => ({
    day: row.day,
    payout: row.payout,
    method: row.method,
    source: row.source,
    gross: Number(row.gross),
    refunds: Number(row.refunds),
    fees: Number(row.fees),
  }));
}

/** "03/14/2027": the date QuickBooks Online's bank upload reads first (its import asks which format the file uses). */
export function quickBooksDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${month}/${date}/${year}`;
}

function depositName(line: DepositLine): string {
  const on = quickBooksDate(line.day);
  if (line.payout) return `Stripe payout ${line.payout}, arrived ${on}`;
  return CARD_METHODS.has(line.method) ? `Card payments (Stripe), not yet paid out, ${on}` : `Banked ${on}`;
}

const methodName = (method: string) => PAYMENT_METHOD_NAMES[method] ?? method;
const sourceName = (source: string) => (source === "invoice" ? "Guest invoices" : sourceLabel(source));

/**
 * The report the deposits download renders: first QuickBooks Online's bank upload layout (Date, Description,
 * Amount: a line per gross and per refund, negative for money out), then the deposits with their figures, then how
 * each figure is derived. The CSV is the first table alone; the XLSX has all three, the layout's sheet first.
 */
export async function depositReport(scope: ReportScope): Promise<Report> {
  await refreshLedger(scope);
  const stripe = await recordSettlements(scope.eventId);
  const lines = await depositLines(scope);
  const description = (line: DepositLine, what: string) =>
    `${scope.title} · ${depositName(line)} · ${methodName(line.method)} · ${sourceName(line.source)} · ${what}`;
  const quickBooks: ReportRow[] = lines.flatMap((line) => [
    ...(line.gross !== 0
      ? [{ date: quickBooksDate(line.day), description: description(line, "received"), amount: line.gross }]
      : []),
    ...(line.refunds !== 0
      ? [{ date: quickBooksDate(line.day), description: description(line, "refunded"), amount: -line.refunds }]
      : []),
    ...(line.fees !== 0
      ? [{ date: quickBooksDate(line.day), description: description(line, "Stripe fees"), amount: -line.fees }]
      : []),
  ]);
  const gross = lines.reduce((sum, line) => sum + line.gross, 0);
  const refunds = lines.reduce((sum, line) => sum + line.refunds, 0);
  const fees = lines.reduce((sum, line) => sum + line.fees, 0);
  return {
    slug: "deposits",
    name: `deposits ${scope.title}`,
    title: "Bank deposits",
    currency: scope.currency,
    figures: [],
    tables: [
      {
        id: "quickbooks",
        title: "QuickBooks bank upload",
        columns: [
          { key: "date", header: "Date", kind: "text" },
          { key: "description", header: "Description", kind: "text" },
          { key: "amount", header: "Amount", kind: "money" },
        ],
        rows: quickBooks,
        empty: "Nothing was paid or refunded in this period.",
      },
      {
        id: "deposits",
        title: "Deposits",
        columns: [
          { key: "date", header: "Date", kind: "text" },
          { key: "deposit", header: "Deposit", kind: "text" },
          { key: "method", header: "Payment method", kind: "text" },
          { key: "source", header: "Source", kind: "text" },
          { key: "gross", header: "Gross", kind: "money" },
          { key: "refunds", header: "Refunds", kind: "money" },
          { key: "fees", header: "Fees", kind: "money" },
          { key: "net", header: "Net", kind: "money" },
        ],
        rows: lines.map((line) => ({
          date: quickBooksDate(line.day),
          deposit: depositName(line),
          method: methodName(line.method),
          source: sourceName(line.source),
          gross: line.gross,
          refunds: line.refunds,
          fees: line.fees,
          net: line.gross - line.refunds - line.fees,
        })),
        totals: {
          date: "Total",
          deposit: "",
          method: "",
          source: "",
          gross,
          refunds,
          fees,
          net: gross - refunds - fees,
        },
        empty: "Nothing was paid or refunded in this period.",
      },
      {
        id: "derivation",
        title: "How each figure is derived",
        columns: [
          { key: "figure", header: "Figure", kind: "text" },
          { key: "how", header: "How it is derived", kind: "text" },
        ],
        rows: stripe.reached ? DERIVATION : [...DERIVATION, UNREACHED],
        empty: "",
      },
    ],
  };
}

const DERIVATION: ReportRow[] = [
  {
    figure: "Gross",
    how: "Payments taken (paid or disputed) on the dates asked for: card, cash and checks, and payments of guests' invoices. Orders to pay at the event count when paid.",
  },
  {
    figure: "Refunds",
    how: "Refunds made on the dates asked for, taken from the deposit their money went out of (a card refund's Stripe payout). Gross less refunds is the revenue report's Raised for the same days.",
  },
  {
    figure: "Fees",
    how: "What Stripe kept of each card payment (its balance transaction's fee), read from Stripe when this file is made. Cash and checks have none.",
  },
  { figure: "Net", how: "Gross less refunds and fees: what the deposit brings to the bank account." },
  {
    figure: "Stripe payout",
    how: "Card payments and refunds Stripe paid out together, dated the day the payout arrived at the bank: its net is the payout's amount.",
  },
  {
    figure: "Card payments, not yet paid out",
    how: "Card money Stripe has not paid out yet, by the day it was taken; it moves to its payout once Stripe pays it out.",
  },
  { figure: "Banked (cash and checks)", how: "Cash and checks, banked per day." },
];

const UNREACHED: ReportRow = {
  figure: "Stripe not reached",
  how: "Stripe did not answer when this file was made: card fees and payouts are as last read from it.",
};
