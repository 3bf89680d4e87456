/**
 * Closing an item inside the caller's transaction (which holds the item's row lock): the winning rows win, one
 * winner row per unit, the rest lose. Used by the closing scheduler, by staff and by a buy-now that sells the last unit.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { auction_item, bid, usr_event_paddle, winner } from "~drizzle/schema";
import type { ItemRow } from "./item-records.server";
import type { Transaction } from "~/db/connection.server";

export interface ClosedUnit {
  usrId: number;
  unit: number;
  amount: number;
}

export async function closeLockedItem(tx: Transaction, row: ItemRow, at: Date): Promise<ClosedUnit[]> {
  const winning = await tx
    .select({ bidId: bid.bid_id, usrId: bid.usr_id, amount: bid.bid, paddle: usr_event_paddle.paddle })
    .from(bid)
    .leftJoin(
      usr_event_paddle,
      and(eq(usr_event_paddle.usr_id, bid.usr_id), eq(usr_event_paddle.event_id, bid.event_id)),
    )
    .where(and(eq(bid.auction_item_id, row.auction_item_id), eq(bid.status, "winning")))
    .orderBy(desc(bid.bid), asc(bid.bid_id));
  // Units bought outright already hold numbers 1..sold_quantity.
  const units = winning.map((position, index) => ({
    ...position,
    unit: row.sold_quantity + index + 1,
    // A single item's leader pays the item's price: after a tie it stands above the leader's last row.
    amount: row.quantity === 1 ? (row.current_bid ?? position.amount) : position.amount,
  }));
  if (units.length > 0) {
    await tx
      .update(bid)
      .set({ status: "won" })
      .where(
        inArray(
          bid.bid_id,
          units.map((unit) => unit.bidId),
        ),
      );
    await tx.insert(winner).values(
      units.map((unit) => ({
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
  await tx
    .update(bid)
    .set({ status: "lost" })
    .where(and(eq(bid.auction_item_id, row.auction_item_id), eq(bid.status, "outbid")));
  const [first] = await tx
    .select({ usrId: winner.usr_id })
    .from(winner)
    .where(eq(winner.auction_item_id, row.auction_item_id))
    .orderBy(asc(winner.unit))
    .limit(1);
  await tx
    .update(auction_item)
    .set({ closed_at: row.closed_at ?? at, winner_id: first?.usrId ?? null })
    .where(eq(auction_item.auction_item_id, row.auction_item_id));
  return units.map(({ usrId, unit, amount }) => ({ usrId, unit, amount }));
}
