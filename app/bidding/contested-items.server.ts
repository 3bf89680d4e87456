/**
 * The items this process has lately refused bids on. A bid on one of them looks at the item before it queues for the
 * item's lock (record-bid.server.ts): on a contested item most bids are refused, and none of those needs the lock. A
 * bid on any other item goes straight to the lock, where it is decided anyway: a statement and a round trip fewer for
 * the bids of a spread-out silent auction, nearly all of them taken.
 */

/** How long a refusal keeps its item contested: a few of the bids that follow it on the same item. */
const CONTESTED_FOR_MS = 10_000;
/** Past this many items remembered, the ones whose refusal is older than CONTESTED_FOR_MS are forgotten. */
const REMEMBERED_AT_MOST = 5_000;

const lastRefusedAt = new Map<number, number>();

export function isContested(itemId: number, now = Date.now()): boolean {
  const refusedAt = lastRefusedAt.get(itemId);
  return refusedAt !== undefined && now - refusedAt < CONTESTED_FOR_MS;
}

export function noteRefusal(itemId: number, now = Date.now()) {
  lastRefusedAt.set(itemId, now);
  if (lastRefusedAt.size <= REMEMBERED_AT_MOST) return;
  for (const [item, refusedAt] of lastRefusedAt) if (now - refusedAt >= CONTESTED_FOR_MS) lastRefusedAt.delete(item);
}
