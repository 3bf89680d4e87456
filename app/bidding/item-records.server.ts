/** Reading an item's bidding state from its row and its winning ledger rows. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type auction_item, bid, usr_event_paddle } from "~drizzle/schema";
import type { ItemState, Position } from "./engine";
import type { Database, Transaction } from "~/db/connection.server";

export type ItemRow = typeof auction_item.$inferSelect;

export function itemState(row: ItemRow): ItemState {
  return {
    status: row.status,
    quantity: row.quantity,
    startingBid: row.starting_bid,
    increment: row.increment,
    buyNow: row.buy_now,
    inPersonOnly: row.in_person_only,
    currentBid: row.current_bid,
    bidCount: row.bid_count,
    closesAt: row.closes_at,
    closedAt: row.closed_at,
    soldQuantity: row.sold_quantity,
  };
}

export type PositionWithPaddle = Position & { paddle: number | null };

/** The winning rows of the given items with the holders' paddle numbers, highest first. */
export async function winningPositions(db: Database | Transaction, eventId: number, itemIds: number[]) {
  const byItem = new Map<number, PositionWithPaddle[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({
      itemId: bid.auction_item_id,
      bidId: bid.bid_id,
      usrId: bid.usr_id,
      amount: bid.bid,
      paddle: usr_event_paddle.paddle,
    })
    .from(bid)
    .leftJoin(
      usr_event_paddle,
      and(eq(usr_event_paddle.usr_id, bid.usr_id), eq(usr_event_paddle.event_id, bid.event_id)),
    )
    .where(and(eq(bid.event_id, eventId), inArray(bid.auction_item_id, itemIds), eq(bid.status, "winning")))
    .orderBy(desc(bid.bid), asc(bid.bid_id));
  for (const { itemId, ...position } of rows) byItem.set(itemId, [...(byItem.get(itemId) ?? []), position]);
  return byItem;
}
