/**
 * The tax report: each guest's deductible total, and the statement a donor keeps for their taxes (one PDF page
 * each). Deductible is what was paid above fair market value (docs DOMAIN "Money", docs/money.md): on an invoice, the
 * deductible part of what the payments paid of each line (~/billing/deductible-paid.ts), raffle tickets never, whatever a
 * line says; a gift paid outside an invoice (a donation by card, cash or check) is deductible whole, a ticket paid
 * when bought is not. A gift taken in cash or by check from someone without an account is a donor of their own (by
 * the address or name they gave); they have no account to send a statement to, so only the report and the PDF of
 * everyone's statements show them. The date range picks the payments (a year's statement: 1 January to 31 December).
 */
import { sql } from "drizzle-orm";
import { paidInPeriod } from "~/billing/deductible-paid";
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
  /** The guest's account; null for a donor who gave in cash or by check without one. */
  usrId: number | null;
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
  const [lines, payments, earlier, refunds, people, settings] = await Promise.all([
    // Each line net of the comps and reversals that undo it (refunds are taken from the payments instead).
    queryRows<Raw>(
      db,
      sql`select i.usr_id, o.description, o.amount + coalesce(sum(r.amount), 0) as amount,
          case when o.source = 'raffle' then 0 else o.deductible + coalesce(sum(r.deductible), 0) end as deductible
        from invoice_line o join invoice i on i.invoice_id = o.invoice_id
        left join invoice_line r on r.reverses_line_id = o.invoice_line_id
        where o.event_id = ${event} and o.reverses_line_id is null and o.source <> 'refund'
          and ${usrId === null ? sql`true` : sql`i.usr_id = ${usrId}`}
        group by i.usr_id, o.invoice_line_id, o.description, o.amount, o.deductible, o.source
        order by i.usr_id, o.invoice_line_id`,
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
            where w.payment_id = p.payment_id limit 1) as item_value,
          d.donor_name, d.donor_email
        from payment p
        left join (select distinct on (payment_id) payment_id,
            nullif(concat_ws(' ', first_name, last_name), '') as donor_name, email as donor_email
          from donation where event_id = ${event} and payment_id is not null order by payment_id, donation_id) d
          on d.payment_id = p.payment_id
        where p.event_id = ${event} and p.status in ('paid', 'disputed')
          and (p.usr_id is not null or d.payment_id is not null)
          and (p.invoice_id is not null or ${NOT_SETTLED_ON_INVOICE})
          and ${inRange(sql`p.created_at`, scope)} and ${who}
        order by p.usr_id, p.created_at`,
    ),
    // What each guest paid on their invoice before the period began: those payments paid its first lines.
    scope.from === null
      ? Promise.resolve([])
      : queryRows<Raw>(
          db,
          sql`select p.payment_id, p.usr_id, p.amount from payment p
            where p.event_id = ${event} and p.status in ('paid', 'disputed') and p.invoice_id is not null
              and p.created_at < ${scope.from.toISOString()}::timestamptz and ${who}`,
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
  const net = (row: Raw) => num(row.amount) - (refunded.get(num(row.payment_id)) ?? 0);
  const linesOf = groupBy(lines, (row) => num(row.usr_id));
  const paidBefore = new Map<number, number>();
  for (const row of earlier) paidBefore.set(num(row.usr_id), (paidBefore.get(num(row.usr_id)) ?? 0) + net(row));
  // A guest by their account; a donor without one by the address, or else the name, they gave.
  const donorKey = (row: Raw) =>
    row.usr_id !== null ? `usr:${num(row.usr_id)}` : `donor:${row.donor_email ?? row.donor_name ?? row.payment_id}`;
  const paymentsOf = groupBy(payments, donorKey);
  const named = new Map(people.map((person) => [`usr:${num(person.usr_id)}`, person]));

  const statement = (key: string, own: Raw[]): GuestStatement => {
    const person = named.get(key);
    const id = person ? num(person.usr_id) : null;
    const onInvoice = own.filter((row) => row.kind === "invoice").reduce((sum, row) => sum + net(row), 0);
    const invoiceLines =
      id === null
        ? []
        : paidInPeriod(
            (linesOf.get(id) ?? []).map((row) => ({
              description: String(row.description),
              amount: num(row.amount),
              deductible: num(row.deductible),
            })),
            paidBefore.get(id) ?? 0,
            onInvoice,
          ).map((line) => ({
            description: line.description,
            amount: line.paid,
            fairMarketValue: line.paid - line.deductible,
            deductible: line.deductible,
          }));
    const outsideLines = own
      .filter((row) => row.kind !== "invoice")
      .map((row) => {
        const deductible = deductibleOutside(String(row.kind), net(row), row.item_value);
        return {
          description: OUTSIDE_LABELS[String(row.kind)] ?? "Payment",
          amount: net(row),
          fairMarketValue: net(row) - deductible,
          deductible,
        };
      });
    const statementLines = [...invoiceLines, ...outsideLines];
    const paid = onInvoice + outsideLines.reduce((sum, line) => sum + line.amount, 0);
    const deductible = statementLines.reduce((sum, line) => sum + line.deductible, 0);
    const first = own[0];
    return {
      usrId: id,
      name: person
        ? String(person.name || person.email || "Guest")
        : String(first?.donor_name ?? first?.donor_email ?? "Donor"),
      email: String((person ? person.email : first?.donor_email) ?? ""),
      paddle: person && person.paddle !== null ? num(person.paddle) : null,
      lines: statementLines,
      payments: own.map((row) => ({
        at: formatInZone(new Date(String(row.created_at)), scope.timeZone, "date"),
        method: String(row.method),
        amount: net(row),
      })),
      paid,
      fairMarketValue: Math.max(0, paid - deductible),
      deductible,
    };
  };

  const guests = [
    ...people.map((person) => `usr:${num(person.usr_id)}`),
    ...[...paymentsOf.keys()].filter((key) => key.startsWith("donor:")),
  ]
    .map((key) => statement(key, paymentsOf.get(key) ?? []))
    .filter((guest) => guest.paid !== 0)
    .sort((a, b) => a.name.localeCompare(b.name) || (a.usrId ?? 0) - (b.usrId ?? 0));
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

function groupBy<Key>(rows: Raw[], keyOf: (row: Raw) => Key): Map<Key, Raw[]> {
  const groups = new Map<Key, Raw[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
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
