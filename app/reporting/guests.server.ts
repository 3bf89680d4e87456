/**
 * The guests report: registrations by ticket type and by promo code (what was paid after discounts), check-ins
 * over time against the guests registered, the top bidders and givers, and the guests who still owe.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "~/billing/query-rows.server";
import { db } from "~/db.server";
import { formatInZone } from "~/ui/zoned-time";
import { refreshLedger, type ReportScope } from "./filters.server";
import { inRange } from "./range-sql.server";
import { percentOf, type Report } from "./report";

type Raw = Record<string, string | number | null>;
const num = (value: string | number | null) => Number(value ?? 0);

export async function guestsReport(scope: ReportScope): Promise<Report> {
  await refreshLedger(scope);
  const event = scope.eventId;
  const [tickets, promos, registered, checkIns, bidders, givers, balances] = await Promise.all([
    queryRows<Raw>(
      db,
      sql`select t.title, coalesce(sum(tp.quantity), 0)::int as quantity, count(tp.ticket_payment_id)::int as purchases,
          coalesce(sum(tp.discount), 0)::bigint as discount, coalesce(sum(tp.amount), 0)::bigint as amount
        from ticket t left join ticket_payment tp on tp.ticket_id = t.ticket_id
          and tp.status in ('paid', 'pending') and ${inRange(sql`tp.created_at`, scope)}
        where t.event_id = ${event} group by t.ticket_id, t.title, t.display_order order by t.display_order, t.title`,
    ),
    queryRows<Raw>(
      db,
      sql`select coalesce(pc.code, 'No code') as code, count(*)::int as purchases, sum(tp.quantity)::int as quantity,
          sum(tp.discount)::bigint as discount, sum(tp.amount)::bigint as amount
        from ticket_payment tp left join promo_code pc on pc.promo_code_id = tp.promo_code_id
        where tp.event_id = ${event} and tp.status in ('paid', 'pending') and ${inRange(sql`tp.created_at`, scope)}
        group by pc.code order by (pc.code is null), pc.code`,
    ),
    queryRows<Raw>(db, sql`select count(*)::int as n from registrant where event_id = ${event}`),
    queryRows<Raw>(
      db,
      sql`select to_timestamp(floor(extract(epoch from checked_in_at) / 900) * 900) as at, count(*)::int as n
        from registrant where event_id = ${event} and checked_in_at is not null and ${inRange(sql`checked_in_at`, scope)}
        group by 1 order by 1`,
    ),
    queryRows<Raw>(
      db,
      sql`select b.usr_id, max(p.paddle) as paddle, max(concat_ws(' ', u.first_name, u.last_name)) as name,
          count(*)::int as bids,
          (select coalesce(sum(w.amount), 0) from winner w where w.event_id = ${event} and w.usr_id = b.usr_id
            and ${inRange(sql`w.created_at`, scope)})::bigint as won
        from bid b join usr u on u.usr_id = b.usr_id
        left join usr_event_paddle p on p.usr_id = b.usr_id and p.event_id = ${event}
        where b.event_id = ${event} and b.status not in ('rejected', 'retracted', 'cancelled')
          and ${inRange(sql`b.created_at`, scope)}
        group by b.usr_id order by won desc, bids desc limit 10`,
    ),
    queryRows<Raw>(
      db,
      sql`select g.usr_id, max(p.paddle) as paddle, max(concat_ws(' ', u.first_name, u.last_name)) as name,
          sum(g.amount)::bigint as given, count(*)::int as gifts
        from (
          select usr_id, amount, created_at from pledge where event_id = ${event} and status = 'pledged'
          union all select usr_id, amount, created_at from donation where event_id = ${event}
        ) g join usr u on u.usr_id = g.usr_id
        left join usr_event_paddle p on p.usr_id = g.usr_id and p.event_id = ${event}
        where ${inRange(sql`g.created_at`, scope)}
        group by g.usr_id order by given desc limit 10`,
    ),
    queryRows<Raw>(
      db,
      sql`select i.number, p.paddle, concat_ws(' ', u.first_name, u.last_name) as name, u.email_address as email,
          coalesce(l.total, 0)::bigint as total, (coalesce(m.paid, 0) - coalesce(r.refunded, 0))::bigint as paid
        from invoice i join usr u on u.usr_id = i.usr_id
        left join usr_event_paddle p on p.usr_id = i.usr_id and p.event_id = ${event}
        left join (select invoice_id, sum(amount) as total from invoice_line where event_id = ${event} group by 1) l
          on l.invoice_id = i.invoice_id
        left join (select invoice_id, sum(amount) as paid from payment
          where event_id = ${event} and status in ('paid', 'disputed') group by 1) m on m.invoice_id = i.invoice_id
        left join (select pp.invoice_id, sum(rf.amount) as refunded from refund rf
          join payment pp on pp.payment_id = rf.payment_id where rf.event_id = ${event} and rf.status = 'succeeded'
          group by 1) r on r.invoice_id = i.invoice_id
        where i.event_id = ${event}
          and coalesce(l.total, 0) - coalesce(m.paid, 0) + coalesce(r.refunded, 0) > 0
        order by coalesce(l.total, 0) - coalesce(m.paid, 0) + coalesce(r.refunded, 0) desc, i.number`,
    ),
  ]);
  const guests = num(registered[0]?.n ?? 0);
  let arrived = 0;
  const checkInRows = checkIns.map((row) => {
    arrived += num(row.n);
    return {
      at: formatInZone(new Date(String(row.at)), scope.timeZone, "datetime"),
      arrived: num(row.n),
      total: arrived,
      rate: percentOf(arrived, guests),
    };
  });
  const person = (row: Raw) => `${row.paddle !== null ? `${row.paddle} · ` : ""}${String(row.name || "Guest")}`;
  const owed = balances.reduce((sum, row) => sum + num(row.total) - num(row.paid), 0);
  return {
    slug: "guests",
    name: `guests ${scope.title}`,
    title: "Guests",
    currency: scope.currency,
    figures: [
      { label: "Registered guests", value: guests, kind: "count" },
      { label: "Checked in", value: arrived, kind: "count" },
      { label: "Check-in rate", value: percentOf(arrived, guests), kind: "percent" },
      { label: "Guests with a balance", value: balances.length, kind: "count" },
      { label: "Owed by them", value: owed, kind: "money" },
    ],
    tables: [
      {
        id: "tickets",
        title: "Registrations by ticket type",
        columns: [
          { key: "title", header: "Ticket", kind: "text" },
          { key: "purchases", header: "Purchases", kind: "count" },
          { key: "quantity", header: "Tickets", kind: "count" },
          { key: "discount", header: "Discounts", kind: "money" },
          { key: "amount", header: "Revenue", kind: "money" },
        ],
        rows: tickets.map((row) => ({
          title: String(row.title),
          purchases: num(row.purchases),
          quantity: num(row.quantity),
          discount: num(row.discount),
          amount: num(row.amount),
        })),
        empty: "The event has no ticket types.",
        chart: {
          kind: "bars",
          title: "Tickets by type",
          description: "How many tickets of each type were bought.",
          labelKey: "title",
          valueKey: "quantity",
        },
      },
      {
        id: "promo-codes",
        title: "Registrations by promo code",
        columns: [
          { key: "code", header: "Promo code", kind: "text" },
          { key: "purchases", header: "Purchases", kind: "count" },
          { key: "quantity", header: "Tickets", kind: "count" },
          { key: "discount", header: "Discounts", kind: "money" },
          { key: "amount", header: "Revenue", kind: "money" },
        ],
        rows: promos.map((row) => ({
          code: String(row.code),
          purchases: num(row.purchases),
          quantity: num(row.quantity),
          discount: num(row.discount),
          amount: num(row.amount),
        })),
        empty: "No tickets bought in this period.",
      },
      {
        id: "check-ins",
        title: "Check-ins by quarter hour",
        columns: [
          { key: "at", header: "From", kind: "text" },
          { key: "arrived", header: "Checked in", kind: "count" },
          { key: "total", header: "In so far", kind: "count" },
          { key: "rate", header: "Of registered", kind: "percent" },
        ],
        rows: checkInRows,
        empty: "Nobody has checked in in this period.",
        chart: {
          kind: "line",
          title: "Guests checked in over time",
          description: "Guests in the room, added up quarter hour by quarter hour.",
          labelKey: "at",
          series: [{ key: "arrived", label: "Checked in" }],
          cumulative: true,
        },
      },
      {
        id: "bidders",
        title: "Top bidders",
        columns: [
          { key: "who", header: "Bidder", kind: "text" },
          { key: "bids", header: "Bids", kind: "count" },
          { key: "won", header: "Won", kind: "money" },
        ],
        rows: bidders.map((row) => ({ who: person(row), bids: num(row.bids), won: num(row.won) })),
        empty: "No bids in this period.",
      },
      {
        id: "givers",
        title: "Top givers (paddle raise and donations)",
        columns: [
          { key: "who", header: "Giver", kind: "text" },
          { key: "gifts", header: "Gifts", kind: "count" },
          { key: "given", header: "Given", kind: "money" },
        ],
        rows: givers.map((row) => ({ who: person(row), gifts: num(row.gifts), given: num(row.given) })),
        empty: "No pledges or donations in this period.",
      },
      {
        id: "balances",
        title: "Guests with a balance",
        columns: [
          { key: "who", header: "Guest", kind: "text" },
          { key: "email", header: "Email", kind: "text" },
          { key: "number", header: "Invoice", kind: "text" },
          { key: "total", header: "Owed", kind: "money" },
          { key: "paid", header: "Paid", kind: "money" },
          { key: "balance", header: "Balance", kind: "money" },
        ],
        rows: balances.map((row) => ({
          who: person(row),
          email: String(row.email ?? ""),
          number: String(row.number),
          total: num(row.total),
          paid: num(row.paid),
          balance: num(row.total) - num(row.paid),
        })),
        totals: { who: "Total", email: "", number: "", total: null, paid: null, balance: owed },
        empty: "Nobody owes anything.",
      },
    ],
  };
}
