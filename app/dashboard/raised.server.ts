/**
 * Money raised at an event, by source (the dashboard's "raised" figures), in cents. What counts for each source:
 * - tickets: ticket purchases paid or awaiting payment (not cancelled ones), at what they cost after promo codes;
 * - silent and virtual auctions: each item's winning amounts once it has winners, else its highest bid;
 * - live auction: the hammered lots' winning amounts only (a lot's running bid is not money until the hammer);
 * - paddle raise: pledges that count (not cancelled, nor replaced by a correction); raffle: ticket bundles sold; sales: items for sale bought;
 *   donations: gifts paid or on a bill (not refunded or cancelled), the covered fee included.
 */
import { and, eq, inArray, max, notInArray, sql } from "drizzle-orm";
import { sumOf } from "~/data-areas/aggregates.server";
import { db } from "~/db.server";
import {
  auction_item,
  bid,
  donation,
  pledge,
  purchase,
  raffle_purchase,
  ticket_payment,
  winner,
} from "~drizzle/schema";

export const RAISED_SOURCES = [
  "tickets",
  "live",
  "silent",
  "virtual",
  "paddle_raise",
  "raffle",
  "sales",
  "donations",
] as const;
export type RaisedSource = (typeof RAISED_SOURCES)[number];

export const RAISED_SOURCE_LABELS: Record<RaisedSource, string> = {
  tickets: "Tickets",
  live: "Live auction",
  silent: "Silent auction",
  virtual: "Virtual auction",
  paddle_raise: "Paddle raise",
  raffle: "Raffle",
  sales: "Items for sale",
  donations: "Donations",
};

const AUCTION_TYPES = ["live", "silent", "virtual"] as const;

export async function moneyRaised(eventId: number): Promise<Record<RaisedSource, number>> {
  const [tickets, auctions, pledges, raffles, sales, gifts] = await Promise.all([
    db
      .select({ total: sumOf(ticket_payment.amount) })
      .from(ticket_payment)
      .where(and(eq(ticket_payment.event_id, eventId), inArray(ticket_payment.status, ["paid", "pending"]))),
    auctionTotals(eventId),
    db
      .select({ total: sumOf(pledge.amount) })
      .from(pledge)
      .where(and(eq(pledge.event_id, eventId), eq(pledge.status, "pledged"))),
    db
      .select({ total: sumOf(raffle_purchase.amount) })
      .from(raffle_purchase)
      .where(eq(raffle_purchase.event_id, eventId)),
    db
      .select({ total: sumOf(purchase.amount) })
      .from(purchase)
      .where(eq(purchase.event_id, eventId)),
    db
      .select({ total: sumOf(sql`${donation.amount} + ${donation.fee}`) })
      .from(donation)
      .where(and(eq(donation.event_id, eventId), inArray(donation.status, ["paid", "pledged"]))),
  ]);
  return {
    tickets: tickets[0].total,
    live: auctions.live ?? 0,
    silent: auctions.silent ?? 0,
    virtual: auctions.virtual ?? 0,
    paddle_raise: pledges[0].total,
    raffle: raffles[0].total,
    sales: sales[0].total,
    donations: gifts[0].total,
  };
}

/** Per auction type: winners' amounts for items that have winners, the highest bid for the others. */
async function auctionTotals(eventId: number): Promise<Partial<Record<(typeof AUCTION_TYPES)[number], number>>> {
  const won = db
    .select({ auction_item_id: winner.auction_item_id, total: sumOf(winner.amount).as("won_total") })
    .from(winner)
    .where(eq(winner.event_id, eventId))
    .groupBy(winner.auction_item_id)
    .as("won");
  const leading = db
    .select({ auction_item_id: bid.auction_item_id, highest: max(bid.bid).as("highest") })
    .from(bid)
    .where(and(eq(bid.event_id, eventId), notInArray(bid.status, REFUSED_BID_STATUSES)))
    .groupBy(bid.auction_item_id)
    .as("leading");
  const rows = await db
    .select({
      type: auction_item.type,
      total: sumOf(
        sql`coalesce(${won.total}, case when ${auction_item.type} = 'live' then 0 else ${leading.highest} end, 0)`,
      ),
    })
    .from(auction_item)
    .leftJoin(won, eq(won.auction_item_id, auction_item.auction_item_id))
    .leftJoin(leading, eq(leading.auction_item_id, auction_item.auction_item_id))
    .where(and(eq(auction_item.event_id, eventId), inArray(auction_item.type, [...AUCTION_TYPES])))
    .groupBy(auction_item.type);
  return Object.fromEntries(rows.map((row) => [row.type, row.total]));
}

/** Bids that never counted (the bidding engine's refusals and retractions). */
export const REFUSED_BID_STATUSES = ["rejected", "retracted", "cancelled"];
