/**
 * Ticket sales for /admin/bids/tickets: one row per purchase (ticket_payment) with its buyer, ticket type, promo
 * code and payment, and the totals per ticket type. Cancelled purchases are listed (marked) but left out of the
 * totals. Amounts are integer cents; the labels are formatted here, on the server, in the event's currency.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { formatMoney, fullName } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { event, payment, promo_code, ticket, ticket_payment } from "~drizzle/schema";

export type TicketSaleRow = {
  ticket_payment_id: number;
  buyer: string;
  email: string | null;
  company: string | null;
  ticket: string;
  quantity: number;
  /** What was charged (after the discount), and the discount, in cents. */
  amount: number;
  discount: number;
  amount_label: string;
  discount_label: string;
  promo_code: string | null;
  method: string | null;
  /** The payment's status (paid, pending…), or the purchase's own when it has no payment. */
  payment_status: string;
  /** The purchase's status; "cancelled" leaves it out of the totals. */
  status: string;
  created_at: string;
  created_label: string;
};

export type TicketTotals = {
  ticket_id: number | null;
  title: string;
  sold: number;
  seats: number;
  gross: number;
  discounts: number;
  net: number;
  paid: number;
  pending: number;
};

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  card: "Card",
  cash: "Cash",
  check: "Check",
  pay_at_event: "Pay at the event",
  comp: "Complimentary",
};

export async function loadTicketSales(eventId: number) {
  const [display] = await db
    .select({ currency: event.currency, timeZone: event.timezone })
    .from(event)
    .where(eq(event.event_id, eventId));
  if (!display) throw new Response("This event no longer exists.", { status: 404 });
  const money = (cents: number) => formatMoney(cents, display.currency);

  const rows = await db
    .select({
      ticket_payment_id: ticket_payment.ticket_payment_id,
      ticket_id: ticket_payment.ticket_id,
      first_name: ticket_payment.first_name,
      last_name: ticket_payment.last_name,
      email: ticket_payment.email,
      company: ticket_payment.company,
      ticket: ticket.title,
      seat_count: ticket.seat_count,
      quantity: ticket_payment.quantity,
      amount: ticket_payment.amount,
      discount: ticket_payment.discount,
      promo_code: promo_code.code,
      method: payment.method,
      payment_status: payment.status,
      status: ticket_payment.status,
      created_at: ticket_payment.created_at,
    })
    .from(ticket_payment)
    .innerJoin(ticket, eq(ticket.ticket_id, ticket_payment.ticket_id))
    // Both joined on the event too, so a row of another event can never show through a stray id.
    .leftJoin(payment, and(eq(payment.payment_id, ticket_payment.payment_id), eq(payment.event_id, eventId)))
    .leftJoin(
      promo_code,
      and(eq(promo_code.promo_code_id, ticket_payment.promo_code_id), eq(promo_code.event_id, eventId)),
    )
    .where(eq(ticket_payment.event_id, eventId))
    .orderBy(desc(ticket_payment.created_at), desc(ticket_payment.ticket_payment_id));

  const types = await db
    .select({ ticket_id: ticket.ticket_id, title: ticket.title })
    .from(ticket)
    .where(eq(ticket.event_id, eventId))
    .orderBy(asc(ticket.display_order), asc(ticket.ticket_id));

  // Every ticket type, in the organiser's order, sold or not; then the whole event.
  const byType = new Map<number, TicketTotals>(
    types.map((type) => [type.ticket_id, emptyTotals(type.ticket_id, type.title)]),
  );
  const all = emptyTotals(null, "All tickets");
  for (const row of rows) {
    if (row.status === "cancelled") continue;
    const paid = (row.payment_status ?? row.status) === "paid";
    for (const totals of [byType.get(row.ticket_id)!, all]) {
      totals.sold += row.quantity;
      totals.seats += row.quantity * row.seat_count;
      totals.gross += row.amount + row.discount;
      totals.discounts += row.discount;
      totals.net += row.amount;
      if (paid) totals.paid += row.amount;
      else totals.pending += row.amount;
    }
  }

  const sales: TicketSaleRow[] = rows.map((row) => ({
    ticket_payment_id: row.ticket_payment_id,
    buyer: fullName(row.first_name, row.last_name) || row.email || "(no name)",
    email: row.email,
    company: row.company,
    ticket: row.ticket,
    quantity: row.quantity,
    amount: row.amount,
    discount: row.discount,
    amount_label: money(row.amount),
    discount_label: row.discount > 0 ? money(row.discount) : "",
    promo_code: row.promo_code,
    method: row.method === null ? null : (PAYMENT_METHOD_LABELS[row.method] ?? row.method),
    payment_status: row.payment_status ?? row.status,
    status: row.status,
    created_at: row.created_at.toISOString(),
    created_label: formatInZone(row.created_at, display.timeZone),
  }));

  const withLabels = (entry: TicketTotals) => ({
    ...entry,
    labels: {
      gross: money(entry.gross),
      discounts: money(entry.discounts),
      net: money(entry.net),
      paid: money(entry.paid),
      pending: money(entry.pending),
    },
  });
  return { sales, totals: [...byType.values()].map(withLabels), overall: withLabels(all) };
}

function emptyTotals(ticketId: number | null, title: string): TicketTotals {
  return { ticket_id: ticketId, title, sold: 0, seats: 0, gross: 0, discounts: 0, net: 0, paid: 0, pending: 0 };
}
