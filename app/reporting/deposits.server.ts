/**
 * The deposit report for the books (decision 038, docs/exports.md): the money that reached, or will reach, the
 * charity's bank, per deposit, payment method and source. The same payments and refunds the ledger counts
 * (ledger-totals.server.ts), so gross less refunds is the ledger's "raised" for the same range:
 *
 * - gross: payments taken (paid or disputed), by the day they were taken in the event's time zone; a payment on a
 *   guest's invoice is one payment across its lines, so its source is "Guest invoices";
 * - refunds: refunds that succeeded, by the day they were made, taken from the deposit of their payment's method;
 * - deposits: cash and checks are banked per day (no fee); card payments (Stripe) are listed per day as "not yet
 *   paid out": Gavel does not record Stripe's payouts or fees, so the card lines are gross and Stripe's payout to
 *   the bank is that day's card money less Stripe's fees (which the Stripe dashboard's payout report gives).
 */
import { sql } from "drizzle-orm";
import { PAYMENT_METHOD_NAMES } from "~/billing/invoice-document.server";
import { queryRows } from "~/billing/query-rows.server";
import { sourceLabel } from "~/billing/source-labels";
import { db } from "~/db.server";
import { refreshLedger, type ReportScope } from "./filters.server";
import { inRange } from "./range-sql.server";
import type { Report, ReportRow } from "./report";

export interface DepositLine {
  /** The calendar day in the event's time zone, YYYY-MM-DD. */
  day: string;
  method: string;
  source: string;
  gross: number;
  refunds: number;
}

const CARD_METHODS = new Set(["card", "checkout"]);

/** The payments and refunds of the event in the range, summed per day, method and source (cents). */
export async function depositLines(scope: ReportScope): Promise<DepositLine[]> {
  const eventId = scope.eventId;
  const rows = await queryRows<{ day: string; method: string; source: string; gross: string; refunds: string }>(
    db,
    sql`
    with kinds as (
      select p.payment_id, p.method, p.invoice_id, p.status, p.created_at, p.amount,
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
      select k.created_at as at, k.method, k.source, k.amount as gross, 0 as refunded
      from kinds k
      where k.status in ('paid', 'disputed') and (k.invoice_id is not null or k.method <> 'pay_at_event')
        and ${inRange(sql`k.created_at`, scope)}
      union all
      select r.created_at, k.method, k.source, 0, r.amount
      from refund r join kinds k on k.payment_id = r.payment_id
      where r.event_id = ${eventId} and r.status = 'succeeded' and ${inRange(sql`r.created_at`, scope)}
    )
    select to_char(at at time zone ${scope.timeZone}, 'YYYY-MM-DD') as day, method, source,
      sum(gross)::bigint as gross, sum(refunded)::bigint as refunds
    from money group by 1, 2, 3 order by 1, 2, 3`,
  );
  return rows.map((row) => ({
    day: row.day,
    method: row.method,
    source: row.source,
    gross: Number(row.gross),
    refunds: Number(row.refunds),
  }));
}

/** "03/14/2027": the date QuickBooks Online's bank upload reads first (its import asks which format the file uses). */
export function quickBooksDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${month}/${date}/${year}`;
}

function depositName(line: DepositLine): string {
  const on = quickBooksDate(line.day);
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
  ]);
  const gross = lines.reduce((sum, line) => sum + line.gross, 0);
  const refunds = lines.reduce((sum, line) => sum + line.refunds, 0);
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
          { key: "net", header: "Net", kind: "money" },
        ],
        rows: lines.map((line) => ({
          date: quickBooksDate(line.day),
          deposit: depositName(line),
          method: methodName(line.method),
          source: sourceName(line.source),
          gross: line.gross,
          refunds: line.refunds,
          net: line.gross - line.refunds,
        })),
        totals: { date: "Total", deposit: "", method: "", source: "", gross, refunds, net: gross - refunds },
        empty: "Nothing was paid or refunded in this period.",
      },
      {
        id: "derivation",
        title: "How each figure is derived",
        columns: [
          { key: "figure", header: "Figure", kind: "text" },
          { key: "how", header: "How it is derived", kind: "text" },
        ],
        rows: DERIVATION,
        empty: "",
      },
    ],
  };
}

const DERIVATION: ReportRow[] = [
  {
    figure: "Gross",
    how: "Payments taken (paid or disputed) on the day, in the event's time zone: card, cash and checks, and payments of guests' invoices. Orders to pay at the event count when paid.",
  },
  {
    figure: "Refunds",
    how: "Refunds made on the day, taken from the deposit of the refunded payment's method. Gross less refunds is the revenue report's Raised for the same days.",
  },
  { figure: "Net", how: "Gross less refunds: what the deposit brings to the bank account." },
  {
    figure: "Banked (cash and checks)",
    how: "Cash and checks are banked per day; there is no processing fee.",
  },
  {
    figure: "Card payments, not yet paid out",
    how: "Card payments go through Stripe, which pays them out to the bank later, less its fees. Gavel does not record Stripe's payouts or fees: match these lines to the payout in Stripe's payout report, and book its fees there.",
  },
];
