/**
 * An event's ticket types (the ticket table): what /register sells, in the organiser's order. A ticket type with
 * purchases on record is never deleted (ticket_payment refers to it, and the sales figures would lose it), and
 * its limit cannot go below what is already sold.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { ticket, ticket_payment } from "~drizzle/schema";
import {
  FieldRefusal,
  moveInOrder,
  nextDisplayOrder,
  registrationChanged,
  type Direction,
} from "./setup-records.server";
import type { TicketInput } from "./setup-forms";

export type TicketTypeRow = {
  ticket_id: number;
  title: string;
  description: string | null;
  type: string;
  price: number;
  max_quantity: number | null;
  increment: number;
  seat_count: number;
  display_order: number;
  /** Tickets bought and not cancelled. */
  sold: number;
};

/**
 * Tickets of a type bought and not cancelled (the sum of their purchases' quantities), in a select from ticket.
 * Spelt out: inside a select list Drizzle writes columns unqualified, and "ticket_id" would be the purchase's own.
 */
export const soldQuantity = sql<number>`(
  select coalesce(sum(ticket_payment.quantity), 0) from ticket_payment
  where ticket_payment.ticket_id = ticket.ticket_id and ticket_payment.status <> 'cancelled'
)::int`;

export async function listTicketTypes(eventId: number): Promise<TicketTypeRow[]> {
  return db
    .select({
      ticket_id: ticket.ticket_id,
      title: ticket.title,
      description: ticket.description,
      type: ticket.type,
      price: ticket.price,
      max_quantity: ticket.max_quantity,
      increment: ticket.increment,
      seat_count: ticket.seat_count,
      display_order: ticket.display_order,
      sold: soldQuantity,
    })
    .from(ticket)
    .where(eq(ticket.event_id, eventId))
    .orderBy(asc(ticket.display_order), asc(ticket.ticket_id));
}

export class TicketTypeSoldError extends Refusal {
  constructor(
    readonly title: string,
    readonly sold: number,
    readonly purchases: number,
  ) {
    super(
      sold > 0
        ? `“${title}” cannot be deleted: ${sold} ${sold === 1 ? "ticket was" : "tickets were"} sold. Its sales stay on record; change its limit to stop selling it.`
        : `“${title}” cannot be deleted: ${purchases} cancelled ${purchases === 1 ? "purchase is" : "purchases are"} on record with it.`,
    );
  }
}

export async function createTicketType(eventId: number, input: TicketInput): Promise<number> {
  return db.transaction(async (tx: Transaction) => {
    const display_order = await nextDisplayOrder(tx, "ticket", eventId);
    const [row] = await tx
      .insert(ticket)
      .values({ ...input, event_id: eventId, display_order })
      .returning({ id: ticket.ticket_id });
    await registrationChanged(tx, eventId);
    return row!.id;
  });
}

/** Saves a ticket type of the event; false when it is not one (any more). */
export async function updateTicketType(eventId: number, ticketId: number, input: TicketInput): Promise<boolean> {
  return db.transaction(async (tx: Transaction) => {
    const [current] = await tx
      .select({ sold: soldQuantity })
      .from(ticket)
      .where(and(eq(ticket.ticket_id, ticketId), eq(ticket.event_id, eventId)))
      .for("update");
    if (!current) return false;
    if (input.max_quantity !== null && input.max_quantity < current.sold) {
      const sold = current.sold;
      throw new FieldRefusal(
        "max_quantity",
        `${sold} ${sold === 1 ? "ticket is" : "tickets are"} already sold: set a limit of at least ${sold}, or leave it blank for no limit.`,
      );
    }
    await tx
      .update(ticket)
      .set(input)
      .where(and(eq(ticket.ticket_id, ticketId), eq(ticket.event_id, eventId)));
    await registrationChanged(tx, eventId);
    return true;
  });
}

/** Deletes a ticket type nobody bought; the title of what was deleted, or null when it is not the event's. */
export async function deleteTicketType(eventId: number, ticketId: number): Promise<string | null> {
  return db.transaction(async (tx: Transaction) => {
    const [current] = await tx
      .select({ title: ticket.title })
      .from(ticket)
      .where(and(eq(ticket.ticket_id, ticketId), eq(ticket.event_id, eventId)))
      .for("update");
    if (!current) return null;
    const [purchases] = await tx
      .select({
        all: sql<number>`count(*)::int`,
        sold: sql<number>`coalesce(sum(${ticket_payment.quantity}) filter (where ${ticket_payment.status} <> 'cancelled'), 0)::int`,
      })
      .from(ticket_payment)
      .where(and(eq(ticket_payment.ticket_id, ticketId), eq(ticket_payment.event_id, eventId)));
    if (purchases && purchases.all > 0) throw new TicketTypeSoldError(current.title, purchases.sold, purchases.all);
    await tx.delete(ticket).where(and(eq(ticket.ticket_id, ticketId), eq(ticket.event_id, eventId)));
    await registrationChanged(tx, eventId);
    return current.title;
  });
}

export async function moveTicketType(eventId: number, ticketId: number, direction: Direction): Promise<boolean> {
  return db.transaction((tx: Transaction) => moveInOrder(tx, "ticket", eventId, ticketId, direction));
}
