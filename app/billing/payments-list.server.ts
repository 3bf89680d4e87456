/**
 * /admin/billing/payments: every payment of the event (and its refunds), filtered by method and status, with the
 * pickup mark (payment.item_received: the guest collected what that payment paid for), and as CSV. Every payment is
 * money received or tried: an invoice's, and those taken outside any invoice (tickets paid when bought or at the
 * door, a gift, raffle tickets, a purchase), so that the cashier can reconcile the drawer and refund any of them. An
 * order to pay at the event is not money until it is paid (on the guest's invoice, listed there, or at the door, when
 * it becomes a cash or check payment).
 */
import { and, desc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { toCsv } from "~/grid/grid-csv";
import { fullName } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import {
  donation,
  event,
  invoice,
  invoice_line,
  payment,
  pledge,
  purchase,
  raffle_purchase,
  refund,
  registrant,
  ticket_payment,
  usr,
  usr_event_paddle,
} from "~drizzle/schema";
import { PAYMENT_METHOD_NAMES } from "./invoice-document.server";
import type { Database } from "~/db/connection.server";

export interface PaymentFilters {
  method: string | null;
  status: string | null;
}

export async function listPayments(eventId: number, filters: PaymentFilters) {
  const [eventRow] = await db
    .select({ currency: event.currency, timeZone: event.timezone })
    .from(event)
    .where(eq(event.event_id, eventId));
  // The guest: the invoice's, else the payer's account, else (a walk-in without one) the first guest of the order.
  const payer = sql`coalesce(${invoice.usr_id}, ${payment.usr_id})`;
  const firstGuest = (column: string) =>
    sql`(select ${sql.identifier(column)} from ${registrant} where ${registrant.payment_id} = ${payment.payment_id}
      order by ${registrant.registrant_id} limit 1)`;
  // A gift by someone without an account (a card gift at /dp, cash at the desk) is named on the gift itself.
  const giftDonor = (column: string) =>
    sql`(select ${sql.identifier(column)} from ${donation} where ${donation.payment_id} = ${payment.payment_id}
      order by ${donation.donation_id} limit 1)`;
  const pointsAt = (table: { payment_id: unknown }) =>
    sql`exists (select 1 from ${table} where ${table.payment_id} = ${payment.payment_id})`;
  const rows = await db
    .select({
      id: payment.payment_id,
      invoiceNumber: invoice.number,
      invoiceId: invoice.invoice_id,
      paidFor: sql<string | null>`case
        when ${pointsAt(ticket_payment)} then 'Tickets'
        when ${pointsAt(donation)} then 'Gift'
        when ${pointsAt(raffle_purchase)} then 'Raffle tickets'
        when ${pointsAt(purchase)} then 'Purchase'
        when ${pointsAt(pledge)} then 'Pledge' end`,
      paddle: sql<number | null>`coalesce(${usr_event_paddle.paddle}, ${firstGuest("paddle")})`,
      first: sql<string | null>`coalesce(${usr.first_name}, ${firstGuest("first_name")}, ${giftDonor("first_name")})`,
      last: sql<string | null>`coalesce(${usr.last_name}, ${firstGuest("last_name")}, ${giftDonor("last_name")})`,
      email: sql<string | null>`coalesce(${usr.email_address}, ${giftDonor("email")})`,
      // What a guest may come to collect: an invoice's items (won or bought), or a purchase.
      hasItems: sql<boolean>`(${pointsAt(purchase)} or exists (select 1 from ${invoice_line}
        where ${invoice_line.invoice_id} = ${payment.invoice_id}
          and ${invoice_line.source} in ('auction', 'live', 'purchase') and ${invoice_line.amount} > 0))`,
      method: payment.method,
      status: payment.status,
      amount: payment.amount,
      checkNumber: payment.check_number,
      failure: payment.failure_message,
      itemReceived: payment.item_received,
      at: payment.created_at,
      refunded: sql<number>`(select coalesce(sum(${refund.amount}), 0) from ${refund} where ${refund.payment_id} = ${payment.payment_id} and ${refund.status} = 'succeeded')::int`,
    })
    .from(payment)
    .leftJoin(invoice, eq(invoice.invoice_id, payment.invoice_id))
    .leftJoin(usr, sql`${usr.usr_id} = ${payer}`)
    .leftJoin(usr_event_paddle, and(sql`${usr_event_paddle.usr_id} = ${payer}`, eq(usr_event_paddle.event_id, eventId)))
    .where(
      and(
        eq(payment.event_id, eventId),
        ne(payment.status, "cancelled"),
        ne(payment.method, "pay_at_event"),
        // A card page opened outside an invoice and not paid (a gift or tickets left on it) is not money yet.
        or(isNotNull(payment.invoice_id), ne(payment.status, "pending")),
        filters.method ? eq(payment.method, filters.method) : undefined,
        filters.status ? eq(payment.status, filters.status) : undefined,
      ),
    )
    .orderBy(desc(payment.payment_id));
  const refunds = await db
    .select({
      paymentId: refund.payment_id,
      amount: refund.amount,
      reason: refund.reason,
      status: refund.status,
      at: refund.created_at,
    })
    .from(refund)
    .where(eq(refund.event_id, eventId))
    .orderBy(desc(refund.refund_id));
  return {
    currency: eventRow.currency,
    payments: rows.map((row) => ({
      ...row,
      guest: fullName(row.first, row.last) || row.email || "A guest",
      paidFor: row.invoiceNumber !== null ? `Invoice ${row.invoiceNumber}` : (row.paidFor ?? "Outside an invoice"),
      methodName: PAYMENT_METHOD_NAMES[row.method] ?? row.method,
      at: formatInZone(row.at, eventRow.timeZone),
      day: formatInZone(row.at, eventRow.timeZone, "date"),
      time: formatInZone(row.at, eventRow.timeZone, "time"),
      hasItems: Boolean(row.hasItems),
      refundable: row.status === "paid" ? row.amount - row.refunded : 0,
      refunds: refunds
        .filter((entry) => entry.paymentId === row.id)
        .map((entry) => ({ ...entry, at: formatInZone(entry.at, eventRow.timeZone) })),
    })),
  };
}

export function paymentsCsv(list: Awaited<ReturnType<typeof listPayments>>): string {
  return toCsv(
    [
      "Payment",
      "Date",
      "For",
      "Paddle",
      "Guest",
      "Email",
      "Method",
      "Check number",
      "Status",
      "Amount",
      "Refunded",
      "Item received",
    ],
    list.payments.map((row) => [
      row.id,
      row.at,
      row.paidFor,
      row.paddle,
      row.guest,
      row.email,
      row.methodName,
      row.checkNumber,
      row.status,
      (row.amount / 100).toFixed(2),
      (row.refunded / 100).toFixed(2),
      row.itemReceived,
    ]),
  );
}

/** Marks (or unmarks) that the guest collected what this payment paid for. */
export async function setItemReceived(eventId: number, paymentId: number, received: boolean, handle: Database = db) {
  const changed = await handle
    .update(payment)
    .set({ item_received: received })
    .where(and(eq(payment.event_id, eventId), eq(payment.payment_id, paymentId)))
    .returning({ id: payment.payment_id });
  if (changed.length === 0) throw new Refusal("That payment is not at this event.");
}
