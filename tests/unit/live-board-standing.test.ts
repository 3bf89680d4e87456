// A bidder's standing on an item whose live state lists only some of its holders (live-item.ts HOLDERS_LISTED).
import { describe, expect, it } from "vitest";
import { standingOf, withOwnStanding } from "~/bidding/ui/live-board";
import type { LiveItem } from "~/bidding/live-item";

const item = (fields: Partial<LiveItem>): LiveItem => ({
  id: 1,
  currentBid: 10_000,
  bidCount: 3,
  nextMinimum: 10_000,
  closesAt: null,
  closed: false,
  buyNow: 50_000,
  buyNowAvailable: true,
  quantity: 300,
  unitsLeft: 299,
  holders: [101, 102],
  holdersOmitted: 0,
  lowestHolding: { amount: 10_000, bidId: 30 },
  ...fields,
});

describe("withOwnStanding", () => {
  it("trusts a complete list of holders", () => {
    const own = { itemId: 1, best: { amount: 20_000, bidId: 40 }, boughtOutright: false };
    expect(standingOf(withOwnStanding(item({}), 103, own), 103, true)).toBe("outbid");
  });

  it("ranks the bidder's own best bid against the lowest holding one when the list is cut", () => {
    const cut = item({ holdersOmitted: 248 });
    const at = (amount: number, bidId: number) => ({ itemId: 1, best: { amount, bidId }, boughtOutright: false });
    expect(standingOf(withOwnStanding(cut, 103, at(10_000, 30)), 103, true)).toBe("winning");
    expect(standingOf(withOwnStanding(cut, 103, at(10_000, 31)), 103, true)).toBe("outbid");
    expect(standingOf(withOwnStanding(cut, 103, at(9_900, 12)), 103, true)).toBe("outbid");
    expect(standingOf(withOwnStanding({ ...cut, closed: true }, 103, at(12_000, 50)), 103, true)).toBe("won");
  });

  it("counts a unit bought outright as held, and a retracted bid as nothing", () => {
    const cut = item({ holdersOmitted: 248 });
    expect(standingOf(withOwnStanding(cut, 103, { itemId: 1, best: null, boughtOutright: true }), 103, true)).toBe(
      "winning",
    );
    expect(standingOf(withOwnStanding(cut, 103, { itemId: 1, best: null, boughtOutright: false }), 103, true)).toBe(
      "outbid",
    );
  });
});
