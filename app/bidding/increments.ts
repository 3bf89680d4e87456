/**
 * How far each bid must go above the last (docs/bidding-rules.md "Next minimum bid"). Client-safe: the item page
 * shows the same quick-bid amounts the server will accept.
 */

/** "item": each item's own increment. "percent": a percentage of the current bid, at least the item's increment. */
export type IncrementPolicy = { kind: "item" } | { kind: "percent"; percent: number };

/** An item without an increment moves in whole units of currency. */
export const DEFAULT_INCREMENT = 100;

const wholeUnitsUp = (cents: number) => Math.ceil(cents / 100) * 100;

export function incrementAt(item: { increment: number | null }, amount: number, policy: IncrementPolicy) {
  const own = item.increment && item.increment > 0 ? item.increment : DEFAULT_INCREMENT;
  if (policy.kind === "item") return own;
  return Math.max(own, wholeUnitsUp((amount * policy.percent) / 100));
}

/** The starting bid while nothing is held (or no starting bid: one increment); otherwise the price plus an increment. */
export function nextMinimum(
  item: { startingBid: number | null; increment: number | null },
  priceToBeat: number | null,
  policy: IncrementPolicy,
) {
  if (priceToBeat === null)
    return item.startingBid && item.startingBid > 0 ? item.startingBid : incrementAt(item, 0, policy);
  return priceToBeat + incrementAt(item, priceToBeat, policy);
}

/** Quick-bid buttons: the next minimum and the two steps after it. */
export function quickBids(item: { increment: number | null }, minimum: number, policy: IncrementPolicy) {
  const second = minimum + incrementAt(item, minimum, policy);
  return [minimum, second, second + incrementAt(item, second, policy)];
}
