/**
 * Closing items inside the caller's transaction (which holds their row locks): the winning rows win, one winner row
 * per unit, the rest lose. Used by the closing scheduler (a batch of items in a few set-wide statements), by staff and
 * by a buy-now that sells the last unit (one item).
 */
import { inArray, sql } from "drizzle-orm";
import { bid, winner } from "~drizzle/schema";
import { winningPositions, type BiddingRow } from "./item-records.server";
import type { Transaction } from "~/db/connection.server";

export interface ClosedUnit {
  usrId: number;
  unit: number;
  amount: number;
}

export async function closeLockedItem(tx: Transaction, row: BiddingRow, at: Date): Promise<ClosedUnit[]> {
  return (await closeLockedItems(tx, [row], at)).get(row.auction_item_id) ?? [];
}

/** Closes the given locked items at once, in five statements whatever their number; returns each item's units won. */
export async function closeLockedItems(
  tx: Transaction,
  rows: BiddingRow[],
  at: Date,
): Promise<Map<number, ClosedUnit[]>> {
  const unitsByItem = new Map<number, (ClosedUnit & { bidId: number; paddle: number | null })[]>();
  for (const [eventId, eventRows] of groupByEvent(rows)) {
    const winning = await winningPositions(
      tx,
      eventId,
      eventRows.map((row) => row.auction_item_id),
    );
    for (const row of eventRows) {
      const positions = winning.get(row.auction_item_id) ?? [];
      unitsByItem.set(
        row.auction_item_id,
        positions.map((position, index) => ({
          ...position,
          // Units bought outright already hold numbers 1..sold_quantity.
          unit: row.sold_quantity + index + 1,
          // A single item's leader pays the item's price: after a tie it stands above the leader's last row.
          amount: row.quantity === 1 ? (row.current_bid ?? position.amount) : position.amount,
        })),
      );
    }
  }
  const won = rows.flatMap((row) => (unitsByItem.get(row.auction_item_id) ?? []).map((unit) => ({ row, unit })));
  if (won.length > 0) {
    await tx
      .update(bid)
      .set({ status: "won" })
      .where(
        inArray(
          bid.bid_id,
          won.map(({ unit }) => unit.bidId),
        ),
      );
    await tx.insert(winner).values(
      won.map(({ row, unit }) => ({
        event_id: row.event_id,
        auction_item_id: row.auction_item_id,
        unit: unit.unit,
        usr_id: unit.usrId,
        bid_id: unit.bidId,
        paddle: unit.paddle,
        amount: unit.amount,
      })),
    );
  }
  const ids = sql`${`{${rows.map((row) => row.auction_item_id).join(",")}}`}::int[]`;
  await tx.execute(sql`update bid set status = 'lost' where auction_item_id = any(${ids}) and status = 'outbid'`);
  // The item's winner is its first unit's, which a buy-now may already hold: read from the winner rows, not the bids.
  await tx.execute(sql`
    update auction_item i
    set closed_at = coalesce(i.closed_at, ${at.toISOString()}::timestamptz),
      winner_id = (select w.usr_id from winner w where w.auction_item_id = i.auction_item_id order by w.unit limit 1)
    where i.auction_item_id = any(${ids})`);
  return new Map(
    [...unitsByItem].map(([itemId, units]) => [
      itemId,
      units.map(({ usrId, unit, amount }) => ({ usrId, unit, amount })),
    ]),
  );
}

export function groupByEvent(rows: BiddingRow[]): Map<number, BiddingRow[]> {
  const byEvent = new Map<number, BiddingRow[]>();
  for (const row of rows) byEvent.set(row.event_id, [...(byEvent.get(row.event_id) ?? []), row]);
  return byEvent;
}
