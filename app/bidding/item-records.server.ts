/** Reading an item's bidding state from its row and its winning ledger rows. */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { isAnyOf, preparedQuery } from "~/db/prepared.server";
import { auction_item, bid, usr_event_paddle } from "~drizzle/schema";
import type { ItemState, Position } from "./engine";
import type { Database, Transaction } from "~/db/connection.server";

export type ItemRow = typeof auction_item.$inferSelect;

/** The columns the engine reads of an item (itemState), for the queries that select them by name. */
export const ITEM_STATE_COLUMNS = {
  status: auction_item.status,
  quantity: auction_item.quantity,
  starting_bid: auction_item.starting_bid,
  increment: auction_item.increment,
  buy_now: auction_item.buy_now,
  in_person_only: auction_item.in_person_only,
  current_bid: auction_item.current_bid,
  bid_count: auction_item.bid_count,
  closes_at: auction_item.closes_at,
  closed_at: auction_item.closed_at,
  sold_quantity: auction_item.sold_quantity,
};

/**
 * The columns a bid reads and writes of its item: which it is, its kind and category, its first winner and its bidding
 * state. Not its texts: a bid reads the item two or three times (at a glance, locked, updated), and every column read
 * is sent, decoded and built into the row each time.
 */
export const BIDDING_COLUMNS = {
  auction_item_id: auction_item.auction_item_id,
  event_id: auction_item.event_id,
  type: auction_item.type,
  xinv_category_id: auction_item.xinv_category_id,
  winner_id: auction_item.winner_id,
  ...ITEM_STATE_COLUMNS,
};

/** An item as a bid sees it (BIDDING_COLUMNS). */
export type BiddingRow = Pick<ItemRow, keyof typeof BIDDING_COLUMNS>;

type ItemStateColumns = keyof typeof ITEM_STATE_COLUMNS;

export function itemState(row: Pick<ItemRow, ItemStateColumns>): ItemState {
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

/** A unit held: by a winning bid, or settled (won at the close, or bought outright). */
export type HeldUnit = PositionWithPaddle & { settled: boolean; boughtOutright: boolean };

/** The winning rows of the given items with the holders' paddle numbers, highest first: what the engine decides on. */
export async function winningPositions(db: Database | Transaction, eventId: number, itemIds: number[]) {
  const byItem = new Map<number, PositionWithPaddle[]>();
  for (const [itemId, units] of await heldUnits(db, eventId, itemIds, ["winning"]))
    byItem.set(
      itemId,
      units.map(({ settled: _settled, boughtOutright: _bought, ...position }) => position),
    );
  return byItem;
}

const unitsHeld = preparedQuery("units_held", (db) =>
  db
    .select({
      itemId: bid.auction_item_id,
      bidId: bid.bid_id,
      usrId: bid.usr_id,
      amount: bid.bid,
      paddle: usr_event_paddle.paddle,
      status: bid.status,
      kind: bid.kind,
    })
    .from(bid)
    .leftJoin(
      usr_event_paddle,
      and(eq(usr_event_paddle.usr_id, bid.usr_id), eq(usr_event_paddle.event_id, bid.event_id)),
    )
    .where(
      and(
        eq(bid.event_id, sql.placeholder("eventId")),
        isAnyOf(bid.auction_item_id, "itemIds"),
        isAnyOf(bid.status, "statuses"),
      ),
    )
    .orderBy(desc(bid.bid), asc(bid.bid_id)),
);

/**
 * Every unit held on the given items, highest first: the winning bids and the settled ones. Bidders' pages read their
 * standing from these (a winner still reads "won" once the item has closed).
 */
export async function heldUnits(
  db: Database | Transaction,
  eventId: number,
  itemIds: number[],
  statuses: ("winning" | "won")[] = ["winning", "won"],
) {
  const byItem = new Map<number, HeldUnit[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await unitsHeld(db).execute({ eventId, itemIds, statuses });
  for (const { itemId, status, kind, ...position } of rows) {
    const units = byItem.get(itemId) ?? [];
    units.push({ ...position, settled: status === "won", boughtOutright: kind === "buy_now" });
    byItem.set(itemId, units);
  }
  return byItem;
}
