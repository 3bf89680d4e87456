/** Data areas about registration: passes (parties), tables in the room and ticket types. */
import { and, asc, count, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { pass, registrant, tbl, ticket } from "~drizzle/schema";
import { sumOf } from "./aggregates.server";

/** "passes": how many parties registered, for how many seats. */
export async function passesArea(eventId: number) {
  const [row] = await db
    .select({ count: count(), seats: sumOf(pass.seat_count) })
    .from(pass)
    .where(eq(pass.event_id, eventId));
  return row;
}

/** "tables": the tables in the room with their capacity and how many guests sit at each. */
export async function tablesArea(eventId: number) {
  return db
    .select({ tbl_id: tbl.tbl_id, name: tbl.name, capacity: tbl.capacity, seated: count(registrant.registrant_id) })
    .from(tbl)
    .leftJoin(registrant, and(eq(registrant.tbl_id, tbl.tbl_id), eq(registrant.event_id, eventId)))
    .where(eq(tbl.event_id, eventId))
    .groupBy(tbl.tbl_id)
    .orderBy(asc(tbl.display_order), asc(tbl.name));
}

/** "tickets": the ticket types on sale, with their price (cents) and seats per ticket. */
export async function ticketsArea(eventId: number) {
  return db
    .select({
      ticket_id: ticket.ticket_id,
      title: ticket.title,
      type: ticket.type,
      price: ticket.price,
      seat_count: ticket.seat_count,
      max_quantity: ticket.max_quantity,
    })
    .from(ticket)
    .where(eq(ticket.event_id, eventId))
    .orderBy(asc(ticket.display_order), asc(ticket.ticket_id));
}
