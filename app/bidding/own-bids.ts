/**
 * A bidder's own standing on items, from their bid rows: what their page shows as theirs (their best bid still
 * standing, a unit bought outright). Read by their pages and, for a bid answered in place, in the bid's transaction.
 */
import type { OwnBid } from "./live-item";

export interface BidOfBidder {
  itemId: number;
  amount: number;
  bidId: number;
  status: string;
  kind: string;
}

/** What a bidder holds of each item, from their bids in the order of their items, each item's highest first. */
export function ownBidsFrom(rows: BidOfBidder[]): OwnBid[] {
  const byItem = new Map<number, OwnBid>();
  for (const row of rows) {
    const own = byItem.get(row.itemId) ?? { itemId: row.itemId, best: null, boughtOutright: false };
    if (row.kind === "buy_now") own.boughtOutright = true;
    // Rows come highest first, so the first standing one is the bid that ranks.
    else if (!own.best && row.status !== "retracted") own.best = { amount: row.amount, bidId: row.bidId };
    byItem.set(row.itemId, own);
  }
  return [...byItem.values()];
}
