/**
 * An item's bidding state as bidders and screens see it, in loaders and on the realtime bus (client-safe). It is
 * complete on its own, so a page updates from one message without asking the server again.
 */
import {
  buyNowAvailable,
  effectiveClose,
  minimumBid,
  unitsForBidding,
  type AuctionRules,
  type ItemState,
  type Position,
} from "./engine";

/**
 * Paddles an item's state lists. Enough for any ordinary item; an item of hundreds of units ("sponsor a child")
 * would otherwise outgrow a realtime message (NOTIFY carries under 8,000 bytes) and every bid on it would fail.
 * A bidder beyond the list tells their standing from `lowestHolding` (live-board.ts).
 */
export const HOLDERS_LISTED = 50;

export interface HoldingBid {
  amount: number;
  bidId: number;
}

/** A bidder's own bidding on an item: their best bid still standing (null when none), and whether they bought a unit. */
export interface OwnBid {
  itemId: number;
  best: HoldingBid | null;
  boughtOutright: boolean;
}

export interface LiveItem {
  id: number;
  currentBid: number | null;
  bidCount: number;
  nextMinimum: number;
  /** The effective close (ISO), moved by soft close or staff; null when no end is set. */
  closesAt: string | null;
  closed: boolean;
  buyNow: number | null;
  buyNowAvailable: boolean;
  quantity: number;
  unitsLeft: number;
  /** Paddle numbers holding a unit, highest bid first (one for a single item), at most HOLDERS_LISTED of them. */
  holders: number[];
  /** Holders past the list. */
  holdersOmitted: number;
  /** The lowest bid holding a unit: any bid ranking at or above it holds one. Null when no bid holds one. */
  lowestHolding: HoldingBid | null;
}

type HeldPosition = Position & { paddle: number | null; settled?: boolean; boughtOutright?: boolean };

export function liveItem(
  id: number,
  item: ItemState,
  rules: AuctionRules,
  /** The units held, settled ones (won, bought outright) marked: the engine's rules read only the others. */
  held: HeldPosition[],
): LiveItem {
  const positions = held.filter((unit) => !unit.settled);
  const close = effectiveClose(item, rules);
  const closed = item.closedAt !== null || unitsForBidding(item) === 0;
  const ranked = [...held].sort((a, b) => b.amount - a.amount || a.bidId - b.bidId);
  const holders = ranked.map((unit) => unit.paddle).filter((paddle): paddle is number => paddle !== null);
  // Bids rank against bids: a unit bought outright is held whatever its price.
  const lowest = ranked.filter((unit) => !unit.boughtOutright).at(-1);
  return {
    id,
    currentBid: item.currentBid,
    bidCount: item.bidCount,
    nextMinimum: minimumBid(item, positions, rules),
    closesAt: (item.closedAt ?? close)?.toISOString() ?? null,
    closed,
    buyNow: item.buyNow,
    buyNowAvailable: !closed && buyNowAvailable(item, positions),
    quantity: item.quantity,
    unitsLeft: unitsForBidding(item),
    holders: holders.slice(0, HOLDERS_LISTED),
    holdersOmitted: Math.max(0, holders.length - HOLDERS_LISTED),
    lowestHolding: lowest ? { amount: lowest.amount, bidId: lowest.bidId } : null,
  };
}
