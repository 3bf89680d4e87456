// "Cover the fee": after the processor takes its rate and fixed part of the whole charge, the charity receives at
// least the balance, and one cent less would not do (integer arithmetic, no rounding drift).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coverFee } from "~/billing/cover-fee";

describe("coverFee", () => {
  it("is the smallest fee that leaves the charity the whole balance", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 100 }),
        (balance, basisPoints, fixed) => {
          const charge = balance + coverFee(balance, { basisPoints, fixed });
          // Kept after fees, times 10 000 to stay in integers: charge × (1 − rate) − fixed ≥ balance.
          const kept = (amount: number) => amount * (10_000 - basisPoints) - fixed * 10_000;
          expect(kept(charge)).toBeGreaterThanOrEqual(balance * 10_000);
          expect(kept(charge - 1)).toBeLessThan(balance * 10_000);
        },
      ),
    );
  });

  it("matches Stripe's standard rate on round amounts, and is nothing on nothing owed", () => {
    expect(coverFee(10_000, { basisPoints: 290, fixed: 30 })).toBe(330);
    expect(coverFee(20_000, { basisPoints: 290, fixed: 30 })).toBe(629);
    expect(coverFee(0, { basisPoints: 290, fixed: 30 })).toBe(0);
    expect(coverFee(-500, { basisPoints: 290, fixed: 30 })).toBe(0);
  });
});
