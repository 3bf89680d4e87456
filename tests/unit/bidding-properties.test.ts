/**
 * Property tests: the engine (over an in-memory ledger) against a small reference model, over random sequences of
 * bids, maxima, raises and buy-nows. The model keeps only what a person would: for one unit, the leader, their
 * maximum and the price; for several, the accepted bids, of which the highest hold the units.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BiddingSimulator, openRules } from "../support/bidding-simulator";

type Step = { usrId: number; kind: "bid" | "max" | "bid_with_max" | "buy_now"; amount: number; maximum: number };

const step = fc.record({
  usrId: fc.integer({ min: 1, max: 5 }),
  kind: fc.constantFrom<Step["kind"]>("bid", "bid", "max", "bid_with_max", "buy_now"),
  amount: fc.integer({ min: 0, max: 60 }).map((units) => units * 500),
  maximum: fc.integer({ min: 0, max: 60 }).map((units) => units * 500),
});

const itemShape = fc.record({
  startingBid: fc.integer({ min: 1, max: 10 }).map((units) => units * 500),
  increment: fc.integer({ min: 1, max: 6 }).map((units) => units * 500),
  buyNow: fc.option(
    fc.integer({ min: 4, max: 40 }).map((units) => units * 1_000),
    { nil: null },
  ),
});

const submissionOf = (s: Step) =>
  s.kind === "buy_now"
    ? ({ kind: "buy_now" } as const)
    : s.kind === "max"
      ? ({ kind: "bid", amount: null, maximum: s.maximum } as const)
      : s.kind === "bid_with_max"
        ? ({ kind: "bid", amount: s.amount, maximum: Math.max(s.amount, s.maximum) } as const)
        : ({ kind: "bid", amount: s.amount, maximum: null } as const);

/** The reference for one unit: leader, leader's maximum, price; closed after a buy-now. */
class SingleUnitModel {
  leader: number | null = null;
  leaderMax = 0;
  price: number | null = null;
  soldTo: number | null = null;
  constructor(
    private item: { startingBid: number; increment: number; buyNow: number | null },
    private proxy: boolean,
  ) {}

  minimum() {
    return this.price === null ? this.item.startingBid : this.price + this.item.increment;
  }

  /** true when the model accepts the step. */
  apply(s: Step): boolean {
    if (this.soldTo !== null) return false;
    if (s.kind === "buy_now") {
      if (this.item.buyNow === null || (this.price !== null && this.price >= this.item.buyNow)) return false;
      this.soldTo = s.usrId;
      this.price = Math.max(this.price ?? 0, this.item.buyNow);
      return true;
    }
    const maximum = s.kind === "bid" ? null : s.kind === "max" ? s.maximum : Math.max(s.amount, s.maximum);
    if (maximum !== null && !this.proxy) return false;
    if (s.usrId === this.leader) {
      if (s.kind !== "max" || maximum! < this.leaderMax) return false;
      this.leaderMax = maximum!;
      return true;
    }
    const amount = s.kind === "max" ? this.minimum() : s.amount;
    if (amount <= 0 || amount < this.minimum() || (maximum !== null && maximum < amount)) return false;
    const reach = maximum ?? amount;
    if (this.leader === null) {
      [this.leader, this.leaderMax, this.price] = [s.usrId, reach, amount];
    } else if (reach > this.leaderMax) {
      this.price = Math.max(amount, Math.min(reach, this.leaderMax + this.item.increment));
      [this.leader, this.leaderMax] = [s.usrId, reach];
    } else {
      this.price = reach === this.leaderMax ? reach : Math.min(this.leaderMax, reach + this.item.increment);
    }
    return true;
  }
}

/** The reference for several units: every accepted bid; the highest (earlier first on ties) hold the units. */
class MultiUnitModel {
  bids: { usrId: number; amount: number; order: number }[] = [];
  sold = 0;
  constructor(private item: { startingBid: number; increment: number; buyNow: number | null; quantity: number }) {}

  holders() {
    const units = this.item.quantity - this.sold;
    return [...this.bids].sort((a, b) => b.amount - a.amount || a.order - b.order).slice(0, Math.max(0, units));
  }

  priceToBeat() {
    const holders = this.holders();
    return holders.length < this.item.quantity - this.sold ? null : Math.min(...holders.map((bid) => bid.amount));
  }

  minimum() {
    const price = this.priceToBeat();
    return price === null ? this.item.startingBid : price + this.item.increment;
  }

  apply(s: Step): boolean {
    if (this.sold >= this.item.quantity) return false;
    if (s.kind === "buy_now") {
      const price = this.priceToBeat();
      if (this.item.buyNow === null || (price !== null && price >= this.item.buyNow)) return false;
      this.sold += 1;
      return true;
    }
    if (s.kind !== "bid") return false;
    if (this.holders().some((bid) => bid.usrId === s.usrId)) return false;
    if (s.amount <= 0 || s.amount < this.minimum()) return false;
    this.bids.push({ usrId: s.usrId, amount: s.amount, order: this.bids.length });
    return true;
  }
}

describe("the bidding engine agrees with the reference model", () => {
  it("for one unit: acceptance, leader, price, and a strictly rising ledger", () => {
    fc.assert(
      fc.property(itemShape, fc.boolean(), fc.array(step, { minLength: 1, maxLength: 40 }), (shape, proxy, steps) => {
        const sim = new BiddingSimulator({ ...shape }, openRules({ proxyEnabled: proxy, softCloseMinutes: 0 }));
        const model = new SingleUnitModel(shape, proxy);
        for (const s of steps) {
          const decision = sim.submit(s.usrId, submissionOf(s));
          expect(decision.ok).toBe(model.apply(s));
          if (model.soldTo === null) {
            expect(sim.leader).toBe(model.leader);
            expect(sim.item.currentBid).toBe(model.price);
          }
        }
        const amounts = sim.rows.map((row) => row.amount);
        amounts.slice(1).forEach((amount, i) => expect(amount).toBeGreaterThan(amounts[i]));
        sim.close(new Date());
        const winners = sim.rows.filter((row) => row.status === "won");
        expect(winners.map((row) => row.usrId)).toEqual(
          (model.soldTo ?? model.leader) ? [model.soldTo ?? model.leader] : [],
        );
      }),
      { numRuns: 400 },
    );
  });

  it("for several units: acceptance, holders, and one unit per winner", () => {
    fc.assert(
      fc.property(
        itemShape,
        fc.integer({ min: 2, max: 4 }),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        (shape, quantity, steps) => {
          const sim = new BiddingSimulator({ ...shape, quantity }, openRules({ softCloseMinutes: 0 }));
          const model = new MultiUnitModel({ ...shape, quantity });
          for (const s of steps) {
            const decision = sim.submit(s.usrId, submissionOf(s));
            expect(decision.ok).toBe(model.apply(s));
            const holders = sim.positions.map((position) => [position.usrId, position.amount]).sort();
            expect(holders).toEqual(
              model
                .holders()
                .map((bid) => [bid.usrId, bid.amount])
                .sort(),
            );
          }
          sim.close(new Date());
          const won = sim.rows.filter((row) => row.status === "won");
          expect(won.length).toBeLessThanOrEqual(quantity);
          expect(won.filter((row) => row.kind === "buy_now")).toHaveLength(model.sold);
          const bidWinners = won.filter((row) => row.kind === "bid").map((row) => row.usrId);
          expect(new Set(bidWinners).size).toBe(bidWinners.length);
        },
      ),
      { numRuns: 400 },
    );
  });
});
