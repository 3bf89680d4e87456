/**
 * Where a guest bids on an item: the in-room bidding page of the spec (/inroombid) with the event and the item.
 * Printed QR codes lead here, so the address must stay stable: the bidding pages serve it (decision 012).
 * Client-safe.
 */
import { paths } from "~/http/paths";

export function itemBidPath(eventId: number, itemId: number): string {
  return paths.inroombid(eventId, { item: itemId });
}
