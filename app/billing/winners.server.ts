/**
 * What /admin/billing/winners shows: every guest who owes or owed something at the event, with their paddle, what
 * they owe and whether a card is on file, searchable by paddle or name; and, for the guest opened, the invoice.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { fullName } from "~/ui/format";
import { card_on_file, event, invoice, invoice_line, payment, refund, usr, usr_event_paddle } from "~drizzle/schema";
import { invoiceDocument } from "./invoice-document.server";
import { syncInvoices } from "./invoice.server";
import type { PgSelect } from "drizzle-orm/pg-core";

export interface WinnerRow {
  invoiceId: number;
  number: number;
  paddle: number | null;
  name: string;
  email: string;
  total: number;
  paid: number;
  balance: number;
  card: string | null;
}

export async function winnersScreen(
  eventId: number,
  { search, invoiceId }: { search: string; invoiceId: number | null },
) {
  await db.transaction((tx) => syncInvoices(tx, eventId));
  const [eventRow] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
  const totals = invoiceTotalsOf(eventId);
  const { lineTotals, paidTotals, refundTotals } = totals;
  const term = search.trim();
  const paddleTerm = /^\d{1,9}$/.test(term) ? Number(term) : null;
  const rows = await withTotals(
    totals,
    db
      .select({
        invoiceId: invoice.invoice_id,
        number: invoice.number,
        paddle: usr_event_paddle.paddle,
        first: usr.first_name,
        last: usr.last_name,
        email: usr.email_address,
        total: sql<number>`coalesce(${lineTotals.total}, 0)::int`,
        paid: sql<number>`(coalesce(${paidTotals.paid}, 0) - coalesce(${refundTotals.refunded}, 0))::int`,
        brand: card_on_file.brand,
        last4: card_on_file.last4,
      })
      .from(invoice)
      .innerJoin(usr, eq(usr.usr_id, invoice.usr_id))
      .leftJoin(
        usr_event_paddle,
        and(eq(usr_event_paddle.usr_id, invoice.usr_id), eq(usr_event_paddle.event_id, eventId)),
      )
      .leftJoin(card_on_file, and(eq(card_on_file.usr_id, invoice.usr_id), eq(card_on_file.event_id, eventId)))
      .$dynamic(),
  )
    .where(
      and(
        eq(invoice.event_id, eventId),
        term === ""
          ? undefined
          : paddleTerm !== null
            ? eq(usr_event_paddle.paddle, paddleTerm)
            : sql`(coalesce(${usr.first_name}, '') || ' ' || coalesce(${usr.last_name}, '') || ' ' || ${usr.email_address}) ilike ${`%${term.replace(/[%_\\]/g, "\\$&")}%`}`,
      ),
    )
    .orderBy(asc(usr_event_paddle.paddle), asc(invoice.number));
  const winners: WinnerRow[] = rows.map((row) => ({
    invoiceId: row.invoiceId,
    number: row.number,
    paddle: row.paddle,
    name: fullName(row.first, row.last) || row.email,
    email: row.email,
    total: row.total,
    paid: row.paid,
    balance: row.total - row.paid,
    card: row.last4 ? `${row.brand ?? "Card"} ${row.last4}` : null,
  }));
  // A search that finds exactly one guest opens them: paddle number, Enter, and the invoice is there.
  const opened = invoiceId ?? (term !== "" && winners.length === 1 ? winners[0].invoiceId : null);
  return {
    currency: eventRow?.currency ?? "USD",
    winners,
    owing: winners.filter((winner) => winner.balance > 0).length,
    guest: opened !== null ? await invoiceDocument(eventId, opened) : null,
  };
}

/** Per invoice of the event: what its lines add up to, what was paid, and what was refunded (subqueries to join). */
function invoiceTotalsOf(eventId: number) {
  const lineTotals = db
    .select({ invoiceId: invoice_line.invoice_id, total: sql<number>`sum(${invoice_line.amount})`.as("total") })
    .from(invoice_line)
    .where(eq(invoice_line.event_id, eventId))
    .groupBy(invoice_line.invoice_id)
    .as("line_totals");
  const paidTotals = db
    .select({
      invoiceId: payment.invoice_id,
      paid: sql<number>`sum(${payment.amount}) filter (where ${payment.status} in ('paid', 'disputed'))`.as("paid"),
    })
    .from(payment)
    .where(eq(payment.event_id, eventId))
    .groupBy(payment.invoice_id)
    .as("paid_totals");
  const refundTotals = db
    .select({ invoiceId: payment.invoice_id, refunded: sql<number>`sum(${refund.amount})`.as("refunded") })
    .from(refund)
    .innerJoin(payment, eq(payment.payment_id, refund.payment_id))
    .where(and(eq(refund.event_id, eventId), eq(refund.status, "succeeded")))
    .groupBy(payment.invoice_id)
    .as("refund_totals");
  return { lineTotals, paidTotals, refundTotals };
}

/** The invoices of a query with their totals (invoiceTotalsOf) joined: an invoice without lines or payments has none. */
function withTotals<Query extends PgSelect>(
  { lineTotals, paidTotals, refundTotals }: ReturnType<typeof invoiceTotalsOf>,
  query: Query,
) {
  return query
    .leftJoin(lineTotals, eq(lineTotals.invoiceId, invoice.invoice_id))
    .leftJoin(paidTotals, eq(paidTotals.invoiceId, invoice.invoice_id))
    .leftJoin(refundTotals, eq(refundTotals.invoiceId, invoice.invoice_id));
}

/** The guests who still owe something at the event (their invoices brought up to date first): who to remind. */
export async function guestsWithBalance(eventId: number): Promise<number[]> {
  await db.transaction((tx) => syncInvoices(tx, eventId));
  const totals = invoiceTotalsOf(eventId);
  const { lineTotals, paidTotals, refundTotals } = totals;
  const rows = await withTotals(totals, db.select({ usrId: invoice.usr_id }).from(invoice).$dynamic()).where(
    and(
      eq(invoice.event_id, eventId),
      sql`coalesce(${lineTotals.total}, 0) - coalesce(${paidTotals.paid}, 0) + coalesce(${refundTotals.refunded}, 0) > 0`,
    ),
  );
  return rows.map((row) => row.usrId);
}
