/**
 * The bidder pages' live view of the board: the items as loaded, kept current from the event's stream, and each
 * item's standing for this bidder (winning, outbid, won, lost) worked out from the message itself.
 */
import { useRevalidator } from "@remix-run/react";
import { useMemo, useState } from "react";
import { paths } from "~/http/paths";
import { useLiveStream } from "~/realtime/use-live-stream";
import type { HoldingBid, LiveItem, OwnBid } from "../live-item";

export type Standing = "winning" | "outbid" | "won" | "lost" | null;

export function standingOf(item: LiveItem, paddle: number | null, bidOn: boolean): Standing {
  if (paddle === null || !bidOn) return null;
  const holding = item.holders.includes(paddle);
  if (item.closed) return holding ? "won" : "lost";
  return holding ? "winning" : "outbid";
}

export const STANDING_LABELS: Record<NonNullable<Standing>, string> = {
  winning: "You're winning",
  outbid: "Outbid",
  won: "You won",
  lost: "Closed: not won",
};

/** Bids rank by amount, then the earlier first (the engine's order). */
function ranksAtOrAbove(bid: HoldingBid, other: HoldingBid) {
  return bid.amount > other.amount || (bid.amount === other.amount && bid.bidId <= other.bidId);
}

/**
 * The item as this bidder sees it. An item of more holders than its state lists (live-item.ts) may hold this
 * bidder past the list: their own best bid, ranked against the lowest holding one, says whether it does.
 */
export function withOwnStanding(item: LiveItem, paddle: number | null, own: OwnBid | undefined): LiveItem {
  if (paddle === null || !own || item.holdersOmitted === 0 || item.holders.includes(paddle)) return item;
  const holds =
    own.boughtOutright ||
    (own.best !== null && item.lowestHolding !== null && ranksAtOrAbove(own.best, item.lowestHolding));
  return holds ? { ...item, holders: [...item.holders, paddle] } : item;
}

export function useLiveBoard(eventId: number, loaded: LiveItem[], paddle: number | null, own: OwnBid[]) {
  const [updates, setUpdates] = useState<Map<number, LiveItem>>(new Map());
  const [loadedFrom, setLoadedFrom] = useState(loaded);
  if (loadedFrom !== loaded) {
    // New loader data (after a bid or a navigation) is newer than what the stream said before it.
    setLoadedFrom(loaded);
    setUpdates(new Map());
  }
  const ownByItem = useMemo(() => new Map(own.map((entry) => [entry.itemId, entry])), [own]);
  const items = useMemo(
    () =>
      new Map(
        loaded.map((item) => [item.id, withOwnStanding(updates.get(item.id) ?? item, paddle, ownByItem.get(item.id))]),
      ),
    [loaded, updates, paddle, ownByItem],
  );
  const revalidator = useRevalidator();
  const { status, serverOffset } = useLiveStream(paths.inroombidStream(eventId), {
    onSnapshot(data) {
      setUpdates(new Map((data as LiveItem[]).map((item) => [item.id, item])));
    },
    onDelta(type, data) {
      if (type !== "item") return;
      const item = data as LiveItem;
      // Fewer bids than before means staff retracted some, perhaps this bidder's own: their best bid, by which an
      // item listing only some holders is read, comes from the server again.
      const before = items.get(item.id)?.bidCount;
      if (before !== undefined && item.bidCount < before && item.holdersOmitted > 0 && ownByItem.has(item.id))
        revalidator.revalidate();
      setUpdates((current) => new Map(current).set(item.id, item));
    },
  });
  return { items, status, serverOffset };
}
