// The deductible part of what was paid on an invoice: its lines paid oldest first, the value of each paid first.
import { describe, expect, it } from "vitest";
import { deductiblePaid, owedLines, paidInPeriod, paidLines } from "~/billing/deductible-paid";

const cabin = { description: "Cabin", amount: 450_00, deductible: 150_00 };
const priceless = { description: "Lunch with the mayor", amount: 500_00, deductible: 0 };
const gift = { description: "Donation", amount: 100_00, deductible: 100_00 };

describe("paidLines", () => {
  it("pays the value before the deductible part, and nothing of what is still owed", () => {
    expect(paidLines([cabin, gift], 350_00)).toEqual([
      { description: "Cabin", paid: 350_00, deductible: 50_00 },
      { description: "Donation", paid: 0, deductible: 0 },
    ]);
    expect(paidLines([cabin, gift], 550_00).map((line) => line.deductible)).toEqual([150_00, 100_00]);
  });

  it("finds nothing deductible in a priceless item, whatever is paid", () => {
    expect(paidLines([priceless], 500_00)).toEqual([
      { description: "Lunch with the mayor", paid: 500_00, deductible: 0 },
    ]);
  });
});

describe("paidInPeriod", () => {
  it("gives a period what its payments added to the earlier ones", () => {
    expect(paidInPeriod([cabin, gift], 350_00, 200_00)).toEqual([
      { description: "Cabin", paid: 100_00, deductible: 100_00 },
      { description: "Donation", paid: 100_00, deductible: 100_00 },
    ]);
  });
});

describe("deductiblePaid, an invoice's receipt figure", () => {
  const stored = (id: number, source: string, amount: number, deductible: number, reverses: number | null = null) => ({
    invoice_line_id: id,
    source,
    description: `${source} ${id}`,
    amount,
    deductible,
    reverses_line_id: reverses,
  });
  // A $1,200 item worth $960, raffle tickets whose line says $50 deductible, a $300 gift comped by $100, a refund line.
  const lines = [
    stored(1, "auction", 1_200_00, 240_00),
    stored(2, "raffle", 50_00, 50_00),
    stored(3, "donations", 300_00, 300_00),
    stored(4, "comp", -100_00, -100_00, 3),
    stored(5, "refund", -20_00, -20_00),
  ];

  it("reads each line net of what undoes it, without the refund lines, raffle tickets never deductible", () => {
    expect(owedLines(lines).map(({ amount, deductible }) => [amount, deductible])).toEqual([
      [1_200_00, 240_00],
      [50_00, 0],
      [200_00, 200_00],
    ]);
  });

  it("counts nothing of an item paid up to its value, then what is paid above it", () => {
    expect(deductiblePaid(lines, 960_00)).toBe(0);
    expect(deductiblePaid(lines, 1_200_00)).toBe(240_00);
    expect(deductiblePaid(lines, 1_450_00)).toBe(440_00);
  });
});
