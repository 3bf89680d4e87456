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
  /** Paddle numbers holding a unit, highest bid first (one for a single item). */
  holders: number[];
}

export function liveItem(
  id: number,
  item: ItemState,
  rules: AuctionRules,
  positions: (Position & { paddle: number | null })[],
): LiveItem {
  const close = effectiveClose(item, rules);
  const closed = item.closedAt !== null || unitsForBidding(item) === 0;
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
    holders: [...positions]
      .sort((a, b) => b.amount - a.amount || a.bidId - b.bidId)
      .map((position) => position.paddle)
      .filter((paddle): paddle is number => paddle !== null),
  };
}
