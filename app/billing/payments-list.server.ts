/**
 * /admin/billing/payments: every payment of the event (and its refunds), filtered by method and status, with the
 * pickup mark (payment.item_received: the guest collected what that payment paid for), and as CSV.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { toCsv } from "~/grid/grid-csv";
import { formatInZone } from "~/ui/zoned-time";
import { event, invoice, payment, refund, usr, usr_event_paddle } from "~drizzle/schema";
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
  const rows = await db
    .select({
      id: payment.payment_id,
      invoiceNumber: invoice.number,
      invoiceId: invoice.invoice_id,
      paddle: usr_event_paddle.paddle,
      first: usr.first_name,
      last: usr.last_name,
      email: usr.email_address,
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
    .innerJoin(invoice, eq(invoice.invoice_id, payment.invoice_id))
    .innerJoin(usr, eq(usr.usr_id, invoice.usr_id))
    .leftJoin(
      usr_event_paddle,
      and(eq(usr_event_paddle.usr_id, invoice.usr_id), eq(usr_event_paddle.event_id, eventId)),
    )
    .where(
      and(
        eq(payment.event_id, eventId),
        ne(payment.status, "cancelled"),
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
      guest: [row.first, row.last].filter(Boolean).join(" ") || row.email,
      methodName: PAYMENT_METHOD_NAMES[row.method] ?? row.method,
      at: formatInZone(row.at, eventRow.timeZone),
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
      "Invoice",
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
      row.invoiceNumber,
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
