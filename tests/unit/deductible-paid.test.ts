// The deductible part of what was paid on an invoice: its lines paid oldest first, the value of each paid first.
import { describe, expect, it } from "vitest";
import { paidInPeriod, paidLines } from "~/reporting/deductible-paid";

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
