/**
 * Tickets bought to pay at the event, billed on the buyer's invoice. A ticket stays on it once paid there (the
 * invoice's history holds); one paid at the door instead (its order's method becomes cash or check) or cancelled
 * leaves the source, and the invoice reverses its line. A ticket's fair market value is not recorded (the meal and
 * the evening are what it buys), so it is taken as the whole price: nothing deductible.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { payment, ticket, ticket_payment } from "~drizzle/schema";
import type { InvoiceLineSource } from "./line-source";

export const unpaidTickets: InvoiceLineSource = {
  name: "ticket",
  async lines(db, eventId, usrIds) {
    const rows = await db
      .select({
        id: ticket_payment.ticket_payment_id,
        usrId: payment.usr_id,
        quantity: ticket_payment.quantity,
        amount: ticket_payment.amount,
        title: ticket.title,
      })
      .from(ticket_payment)
      .innerJoin(payment, eq(payment.payment_id, ticket_payment.payment_id))
      .innerJoin(ticket, eq(ticket.ticket_id, ticket_payment.ticket_id))
      .where(
        and(
          eq(ticket_payment.event_id, eventId),
          inArray(ticket_payment.status, ["pending", "paid"]),
          eq(payment.method, "pay_at_event"),
          isNotNull(payment.usr_id),
          usrIds ? inArray(payment.usr_id, [...usrIds]) : undefined,
        ),
      );
    return rows
      .filter((row) => row.amount > 0)
      .map((row) => ({
        usrId: row.usrId!,
        key: `ticket_payment:${row.id}`,
        description: `Tickets · ${row.title} × ${row.quantity}`,
        amount: row.amount,
        fairMarketValue: row.amount,
        deductible: 0,
      }));
  },
};
