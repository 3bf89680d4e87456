/**
 * A bid placed from the page's script is answered in place (app/navigation/answer-in-place.ts): the answer says what
 * to tell the bidder and their own standing on the item now, and the page keeps it beside what its loader read.
 * Client-safe.
 */
import type { OwnBid } from "./live-item";
import type { Toast } from "~/http/toast-cookie";

export interface PlacedBid {
  toast: Toast;
  itemId: number;
  /** The bidder's own bidding on the item after the bid; null when they have none (a bid for a guest's paddle). */
  own: OwnBid | null;
}

/** The placed bid the page's last post was answered with, if it was. */
export function placedIn(actionData: unknown): PlacedBid | undefined {
  return typeof actionData === "object" && actionData !== null && "placed" in actionData
    ? (actionData as { placed: PlacedBid }).placed
    : undefined;
}

/**
 * The bidder's own bids with a placed bid's answer taken in. The answer wins unless the loader read a later bid of
 * theirs on the item since (bid ids only grow): the page may have been loaded again after the answer.
 */
export function withPlacedBid(own: OwnBid[], placed: PlacedBid | undefined): OwnBid[] {
  if (!placed?.own) return own;
  const answered = placed.own;
  const loaded = own.find((entry) => entry.itemId === placed.itemId);
  if (loaded && (loaded.best?.bidId ?? 0) > (answered.best?.bidId ?? 0)) return own;
  return loaded ? own.map((entry) => (entry.itemId === placed.itemId ? answered : entry)) : [...own, answered];
}
