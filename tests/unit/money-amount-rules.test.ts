// The amount rules every payment obeys (app/billing/amount-rules.ts) and the gift form's amount (issue 31): no zero,
// no more than is owed, a card charge at least the provider's minimum, messages with the amounts as screens show
// them; a suggested amount posted by hand cannot escape the gift limits.
import { describe, expect, it } from "vitest";
import { minimumCardCharge, payableNow, paymentAmountProblem } from "~/billing/amount-rules";
import { giftSchema } from "~/giving/gift-forms";

const usd = (owed: number, way: "card" | "cash" | "check" = "cash") => ({ owed, way, currency: "USD" });

describe("payment amounts", () => {
  it("refuses nothing owed, zero, more than owed and part cents, and formats the amounts", () => {
    expect(paymentAmountProblem(100, usd(0))).toBe("Nothing is owed on this invoice.");
    expect(paymentAmountProblem(0, usd(4_800))).toBe("Enter an amount above zero.");
    expect(paymentAmountProblem(-5, usd(4_800))).toBe("Enter an amount above zero.");
    expect(paymentAmountProblem(10.5, usd(4_800))).toBe("Enter an amount above zero.");
    expect(paymentAmountProblem(480_001, usd(480_000))).toBe("That is more than the $4,800.00 still owed.");
    expect(paymentAmountProblem(4_800, usd(4_800))).toBeNull();
    expect(paymentAmountProblem(1, usd(4_800, "check"))).toBeNull();
  });

  it("asks a card for at least the provider's minimum, and says how to take a smaller rest", () => {
    expect(minimumCardCharge("usd")).toBe(50);
    expect(minimumCardCharge("GBP")).toBe(30);
    expect(paymentAmountProblem(1, usd(4_800, "card"))).toBe("A card payment must be at least $0.50.");
    expect(paymentAmountProblem(50, usd(4_800, "card"))).toBeNull();
    expect(paymentAmountProblem(20, usd(20, "card"))).toBe(
      "A card payment must be at least $0.50: take the last $0.20 in cash or by check.",
    );
  });

  it("lets a new payment take what is owed less the saved-card charges in flight, never an open page's", () => {
    expect(payableNow({ balance: 10_000, charging: 2_500 })).toBe(7_500);
  });
});

describe("the gift form's amount", () => {
  const form = (choice: string) => ({ choice, submission: "submission-1", pay: "card" });
  it("takes a suggested amount within the gift limits only", () => {
    expect(giftSchema.safeParse(form("5000"))).toMatchObject({ success: true, data: { amount: 5_000 } });
    for (const forged of ["999999999", "0", "1", "99", "10000001"])
      expect(giftSchema.safeParse(form(forged)).success, forged).toBe(false);
  });
});
