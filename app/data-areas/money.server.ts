/** Data areas about money: bids, winners, payments, ticket purchases and what is left to bill. */
import { and, count, countDistinct, eq, isNull, ne, or } from "drizzle-orm";
import { db } from "~/db.server";
import { bid, payment, ticket_payment, winner } from "~drizzle/schema";
import { countWhere, sumOf, tally } from "./aggregates.server";

/** "billing": the units won, and how many of them still wait for a paid payment. */
export async function billingArea(eventId: number) {
  const [row] = await db
    .select({
      count: count(),
      awaiting_payment: countWhere(or(isNull(payment.payment_id), ne(payment.status, "paid"))!),
    })
    .from(winner)
    .leftJoin(payment, and(eq(payment.payment_id, winner.payment_id), eq(payment.event_id, eventId)))
    .where(eq(winner.event_id, eventId));
  return row;
}

/** "payments": how many, by status. */
export async function paymentsArea(eventId: number) {
  const rows = await db
    .select({ key: payment.status, n: count() })
    .from(payment)
    .where(eq(payment.event_id, eventId))
    .groupBy(payment.status);
  return { count: rows.reduce((sum, row) => sum + row.n, 0), byStatus: tally(rows) };
}

/** "ticket payments": ticket purchases, the tickets they hold, and purchases by status. */
export async function ticketPaymentsArea(eventId: number) {
  const rows = await db
    .select({ key: ticket_payment.status, n: count(), quantity: sumOf(ticket_payment.quantity) })
    .from(ticket_payment)
    .where(eq(ticket_payment.event_id, eventId))
    .groupBy(ticket_payment.status);
  return {
    count: rows.reduce((sum, row) => sum + row.n, 0),
    quantity: rows.reduce((sum, row) => sum + row.quantity, 0),
    byStatus: tally(rows),
  };
}

/** "bids": how many, from how many bidders, on how many items. */
export async function bidsArea(eventId: number) {
  const [row] = await db
    .select({ count: count(), bidders: countDistinct(bid.usr_id), items: countDistinct(bid.auction_item_id) })
    .from(bid)
    .where(eq(bid.event_id, eventId));
  return row;
}

/** "winners": units won, by how many people, for how much (cents). */
export async function winnersArea(eventId: number) {
  const [row] = await db
    .select({ count: count(), bidders: countDistinct(winner.usr_id), amount: sumOf(winner.amount) })
    .from(winner)
    .where(eq(winner.event_id, eventId));
  return row;
}
