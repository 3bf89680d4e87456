/**
 * The dashboard's glance at one event (can_view_stats): guests, tickets, items and bids as they stand.
 * Amounts are in cents, in the event's currency.
 */
import { count, eq, max, sql } from "drizzle-orm";
import { countWhere, sumOf } from "~/data-areas/aggregates.server";
import { db } from "~/db.server";
import { auction_item, bid, event, registrant, ticket, ticket_payment } from "~drizzle/schema";

export async function eventFigures(eventId: number) {
  const [heading, guests, tickets, items] = await Promise.all([
    db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId)),
    registrantFigures(eventId),
    ticketFigures(eventId),
    itemFigures(eventId),
  ]);
  return {
    currency: heading[0]?.currency ?? "USD",
    registrants: guests,
    tickets,
    items,
    highestBidsTotal: items.reduce((sum, row) => sum + row.highestBidsTotal, 0),
    bidCount: items.reduce((sum, row) => sum + row.bids, 0),
  };
}

async function registrantFigures(eventId: number) {
  const [row] = await db
    .select({ registered: count(), attended: countWhere(eq(registrant.attended, true)) })
    .from(registrant)
    .where(eq(registrant.event_id, eventId));
  return row;
}

/** Tickets sold (ticket_payment quantity), paid and pending. What they raised is the ledger's (money-figures). */
async function ticketFigures(eventId: number) {
  const [row] = await db
    .select({
      paid: sumOf(ticket_payment.quantity, eq(ticket_payment.status, "paid")),
      pending: sumOf(ticket_payment.quantity, eq(ticket_payment.status, "pending")),
    })
    .from(ticket_payment)
    .innerJoin(ticket, eq(ticket.ticket_id, ticket_payment.ticket_id))
    .where(eq(ticket_payment.event_id, eventId));
  return row;
}

/** Items by type, with how many bids they drew and the sum of each item's highest bid. */
async function itemFigures(eventId: number) {
  const bidsPerItem = db
    .select({
      auction_item_id: bid.auction_item_id,
      bids: count().as("bids"),
      highest: max(bid.bid).as("highest"),
    })
    .from(bid)
    .where(eq(bid.event_id, eventId))
    .groupBy(bid.auction_item_id)
    .as("bids_per_item");
  const rows = await db
    .select({
      type: auction_item.type,
      items: count(),
      itemsWithBids: countWhere(sql`${bidsPerItem.bids} > 0`),
      bids: sumOf(bidsPerItem.bids),
      highestBidsTotal: sumOf(bidsPerItem.highest),
    })
    .from(auction_item)
    .leftJoin(bidsPerItem, eq(bidsPerItem.auction_item_id, auction_item.auction_item_id))
    .where(eq(auction_item.event_id, eventId))
    .groupBy(auction_item.type);
  const order = ["live", "silent", "virtual", "sale"];
  return rows.sort((a, b) => rank(order, a.type) - rank(order, b.type));
}

function rank(order: readonly string[], value: string) {
  const index = order.indexOf(value);
  return index === -1 ? order.length : index;
}
