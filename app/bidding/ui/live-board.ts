/**
 * The bidder pages' live view of the board: the items as loaded, kept current from the event's stream, and each
 * item's standing for this bidder (winning, outbid, won, lost) worked out from the message itself.
 */
import { useMemo, useState } from "react";
import { useLiveStream } from "~/realtime/use-live-stream";
import type { LiveItem } from "../live-item";

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

export function useLiveBoard(eventId: number, loaded: LiveItem[]) {
  const [updates, setUpdates] = useState<Map<number, LiveItem>>(new Map());
  const [loadedFrom, setLoadedFrom] = useState(loaded);
  if (loadedFrom !== loaded) {
    // New loader data (after a bid or a navigation) is newer than what the stream said before it.
    setLoadedFrom(loaded);
    setUpdates(new Map());
  }
  const { status, serverOffset } = useLiveStream(`/inroombid/stream?id=${eventId}`, {
    onSnapshot(data) {
      setUpdates(new Map((data as LiveItem[]).map((item) => [item.id, item])));
    },
    onDelta(type, data) {
      if (type !== "item") return;
      const item = data as LiveItem;
      setUpdates((current) => new Map(current).set(item.id, item));
    },
  });
  const items = useMemo(
    () => new Map(loaded.map((item) => [item.id, updates.get(item.id) ?? item])),
    [loaded, updates],
  );
  return { items, status, serverOffset };
}
