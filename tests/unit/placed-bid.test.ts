import { describe, expect, test } from "vitest";
import { placedIn, withPlacedBid, type PlacedBid } from "~/bidding/placed-bid";
import type { OwnBid } from "~/bidding/live-item";

const toast = { id: "t1", type: "success" as const, title: "You have the highest bid" };
const own = (itemId: number, bidId: number | null, amount = 1000): OwnBid => ({
  itemId,
  best: bidId === null ? null : { amount, bidId },
  boughtOutright: false,
});
const placed = (answer: OwnBid | null, itemId = 7): PlacedBid => ({ toast, itemId, own: answer });

describe("a bid placed from the page's script, answered in place", () => {
  test("is read from the action's answer, and only from one that has it", () => {
    expect(placedIn({ placed: placed(own(7, 3)), answeredInPlace: true })?.itemId).toBe(7);
    expect(placedIn({ review: {} })).toBeUndefined();
    expect(placedIn(undefined)).toBeUndefined();
  });

  test("adds the item to the bidder's own when it is their first bid on it", () => {
    const loaded = [own(1, 2)];
    expect(withPlacedBid(loaded, placed(own(7, 9)))).toEqual([own(1, 2), own(7, 9)]);
  });

  test("replaces what the loader read of the item with the answer's later bid", () => {
    const loaded = [own(7, 4, 500), own(1, 2)];
    expect(withPlacedBid(loaded, placed(own(7, 9, 800)))).toEqual([own(7, 9, 800), own(1, 2)]);
  });

  test("keeps what a later load read: a bid placed since the answer", () => {
    const loaded = [own(7, 12, 900)];
    expect(withPlacedBid(loaded, placed(own(7, 9, 800)))).toBe(loaded);
  });

  test("changes nothing without an answer, or when nothing of the bidder's stands", () => {
    const loaded = [own(1, 2)];
    expect(withPlacedBid(loaded, undefined)).toBe(loaded);
    expect(withPlacedBid(loaded, placed(null))).toBe(loaded);
  });
});
