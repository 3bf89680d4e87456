/**
 * The tax report: each guest's deductible total, and the statement a donor keeps for their taxes (one PDF page
 * each). Deductible is what was paid above fair market value (docs DOMAIN "Money"), as the invoice lines record it
 * (app/billing/line-sources), never more than the guest has paid; raffle tickets are never deductible, whatever a
 * line says; a gift paid outside an invoice (a donation) is deductible whole, a ticket paid when bought is not.
 * The date range picks the payments (a year's statement: 1 January to 31 December).
 */
import { sql } from "drizzle-orm";
import { NOT_SETTLED_ON_INVOICE } from "~/billing/ledger-totals.server";
import { queryRows } from "~/billing/query-rows.server";
import { billingSettings } from "~/billing/settings.server";
import { db } from "~/db.server";
import { formatInZone } from "~/ui/zoned-time";
import { refreshLedger, type ReportScope } from "./filters.server";
import { inRange } from "./range-sql.server";
import type { Report } from "./report";

export interface StatementLine {
  description: string;
  amount: number;
  fairMarketValue: number;
  deductible: number;
}

export interface GuestStatement {
  usrId: number;
  name: string;
  email: string;
  paddle: number | null;
  lines: StatementLine[];
  payments: { at: string; method: string; amount: number }[];
  paid: number;
  fairMarketValue: number;
  deductible: number;
}

export interface Statements {
  eventTitle: string;
  charity: string;
  taxId: string | null;
  receiptText: string | null;
  currency: string;
  period: string;
  guests: GuestStatement[];
}

type Raw = Record<string, string | number | null>;
const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** Every guest who paid something in the range (or only the one asked for), with their lines and payments. */
export async function taxStatements(scope: ReportScope, usrId: number | null = null): Promise<Statements> {
  await refreshLedger(scope);
  const event = scope.eventId;
  const who = usrId === null ? sql`true` : sql`usr_id = ${usrId}`;
  const [lines, payments, refunds, people, settings] = await Promise.all([
    queryRows<Raw>(
      db,
      sql`select i.usr_id, l.description, l.amount, l.fair_market_value as fmv,
          case when l.source = 'raffle' or l.reverses_line_id in
            (select invoice_line_id from invoice_line where source = 'raffle' and event_id = ${event})
            then 0 else l.deductible end as deductible
        from invoice_line l join invoice i on i.invoice_id = l.invoice_id
        where l.event_id = ${event} and ${usrId === null ? sql`true` : sql`i.usr_id = ${usrId}`}
        order by i.usr_id, l.invoice_line_id`,
    ),
    queryRows<Raw>(
      db,
      sql`select p.payment_id, p.usr_id, p.invoice_id, p.amount, p.method, p.created_at,
          case when p.invoice_id is not null then 'invoice'
            when exists (select 1 from donation d where d.payment_id = p.payment_id) then 'donation'
            when exists (select 1 from raffle_purchase r where r.payment_id = p.payment_id) then 'raffle'
            when exists (select 1 from ticket_payment t where t.payment_id = p.payment_id) then 'ticket'
            when exists (select 1 from pledge g where g.payment_id = p.payment_id) then 'pledge'
            when exists (select 1 from winner w where w.payment_id = p.payment_id) then 'winner'
            else 'other' end as kind,
          (select ai.value from winner w join auction_item ai on ai.auction_item_id = w.auction_item_id
            where w.payment_id = p.payment_id limit 1) as item_value
        from payment p
        where p.event_id = ${event} and p.status in ('paid', 'disputed') and p.usr_id is not null
          and (p.invoice_id is not null or ${NOT_SETTLED_ON_INVOICE})
          and ${inRange(sql`p.created_at`, scope)} and ${who}
        order by p.usr_id, p.created_at`,
    ),
    queryRows<Raw>(
      db,
      sql`select payment_id, sum(amount)::bigint as refunded from refund
        where event_id = ${event} and status = 'succeeded' group by payment_id`,
    ),
    queryRows<Raw>(
      db,
      sql`select u.usr_id, concat_ws(' ', u.first_name, u.last_name) as name, u.email_address as email, p.paddle
        from usr u left join usr_event_paddle p on p.usr_id = u.usr_id and p.event_id = ${event}
        where u.usr_id in (select usr_id from payment where event_id = ${event} and status in ('paid', 'disputed')
          and ${inRange(sql`created_at`, scope)} and ${who})`,
    ),
    billingSettings(event),
  ]);
  const refunded = new Map(refunds.map((row) => [num(row.payment_id), num(row.refunded)]));
  const linesOf = new Map<number, StatementLine[]>();
  for (const row of lines) {
    const list = linesOf.get(num(row.usr_id)) ?? [];
    list.push({
      description: String(row.description),
      amount: num(row.amount),
      fairMarketValue: num(row.fmv),
      deductible: num(row.deductible),
    });
    linesOf.set(num(row.usr_id), list);
  }
  const paymentsOf = new Map<number, Raw[]>();
  for (const row of payments) paymentsOf.set(num(row.usr_id), [...(paymentsOf.get(num(row.usr_id)) ?? []), row]);

  const guests = people
    .map((person): GuestStatement => {
      const id = num(person.usr_id);
      const own = paymentsOf.get(id) ?? [];
      const net = (row: Raw) => num(row.amount) - (refunded.get(num(row.payment_id)) ?? 0);
      const onInvoice = own.filter((row) => row.kind === "invoice").reduce((sum, row) => sum + net(row), 0);
      const outside = own.filter((row) => row.kind !== "invoice");
      const invoiceLines = onInvoice > 0 ? (linesOf.get(id) ?? []) : [];
      const outsideLines = outside.map((row) => {
        const deductible = deductibleOutside(String(row.kind), net(row), row.item_value);
        return {
          description: OUTSIDE_LABELS[String(row.kind)] ?? "Payment",
          amount: net(row),
          fairMarketValue: net(row) - deductible,
          deductible,
        };
      });
      const lineDeductible = invoiceLines.reduce((sum, line) => sum + line.deductible, 0);
      const deductible =
        Math.max(0, Math.min(lineDeductible, onInvoice)) + outsideLines.reduce((sum, line) => sum + line.deductible, 0);
      const paid = onInvoice + outsideLines.reduce((sum, line) => sum + line.amount, 0);
      return {
        usrId: id,
        name: String(person.name || person.email || "Guest"),
        email: String(person.email ?? ""),
        paddle: person.paddle === null ? null : num(person.paddle),
        lines: [...invoiceLines, ...outsideLines],
        payments: own.map((row) => ({
          at: formatInZone(new Date(String(row.created_at)), scope.timeZone, "date"),
          method: String(row.method),
          amount: net(row),
        })),
        paid,
        fairMarketValue: Math.max(0, paid - deductible),
        deductible,
      };
    })
    .filter((guest) => guest.paid !== 0)
    .sort((a, b) => a.name.localeCompare(b.name) || a.usrId - b.usrId);
  return {
    eventTitle: scope.title,
    charity: scope.companyName ?? scope.title,
    taxId: settings.taxId || null,
    receiptText: settings.receiptText || null,
    currency: scope.currency,
    period: periodOf(scope),
    guests,
  };
}

/** The deductible part of a payment made outside any invoice, by what it paid for. */
function deductibleOutside(kind: string, amount: number, itemValue: string | number | null): number {
  if (kind === "donation" || kind === "pledge") return amount;
  // An item won: what was paid above its value; a priceless item (no value) has no deductible part.
  if (kind === "winner") return itemValue === null ? 0 : Math.max(0, amount - Number(itemValue));
  return 0;
}

const OUTSIDE_LABELS: Record<string, string> = {
  donation: "Donation",
  pledge: "Paddle raise pledge",
  winner: "Auction item won",
  raffle: "Raffle tickets (not deductible)",
  ticket: "Tickets",
  other: "Payment",
};

function periodOf(scope: ReportScope): string {
  const day = (at: Date) => formatInZone(at, scope.timeZone, "date");
  if (scope.from && scope.to) return `${day(scope.from)} to ${day(new Date(scope.to.getTime() - 1))}`;
  if (scope.from) return `from ${day(scope.from)}`;
  if (scope.to) return `until ${day(new Date(scope.to.getTime() - 1))}`;
  return "the whole event";
}

export async function taxReport(scope: ReportScope): Promise<Report> {
  return taxReportOf(await taxStatements(scope));
}

/** The tax report of statements already made (the tax page also emails them: it reads them once). */
export function taxReportOf(statements: Statements): Report {
  const sum = (pick: (guest: GuestStatement) => number) =>
    statements.guests.reduce((total, guest) => total + pick(guest), 0);
  return {
    slug: "tax",
    name: `tax ${statements.eventTitle}`,
    title: "Tax",
    currency: statements.currency,
    figures: [
      { label: "Guests who paid", value: statements.guests.length, kind: "count" },
      { label: "Paid", value: sum((guest) => guest.paid), kind: "money" },
      { label: "Deductible", value: sum((guest) => guest.deductible), kind: "money", note: statements.period },
    ],
    tables: [
      {
        id: "guests",
        title: "Deductible by guest",
        columns: [
          { key: "guest", header: "Guest", kind: "text" },
          { key: "email", header: "Email", kind: "text" },
          { key: "paid", header: "Paid", kind: "money" },
          { key: "fmv", header: "Fair market value", kind: "money" },
          { key: "deductible", header: "Deductible", kind: "money" },
        ],
        // usrId is not a column: the page's statement picker reads it.
        rows: statements.guests.map((guest) => ({
          usrId: guest.usrId,
          guest: `${guest.paddle !== null ? `${guest.paddle} · ` : ""}${guest.name}`,
          email: guest.email,
          paid: guest.paid,
          fmv: guest.fairMarketValue,
          deductible: guest.deductible,
        })),
        totals: {
          guest: "Total",
          email: "",
          paid: sum((guest) => guest.paid),
          fmv: sum((guest) => guest.fairMarketValue),
          deductible: sum((guest) => guest.deductible),
        },
        empty: "Nobody paid anything in this period.",
      },
    ],
  };
}
