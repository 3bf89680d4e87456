import { describe, expect, it } from "vitest";
import { bidProposalSettings, proposeBids } from "~/catalogue/bid-proposal";
import { readItemType, readYesNo } from "~/catalogue/item-rules";
import { COMMA_NOT_THOUSANDS, moneyField, readMoney } from "~/forms/rules";
import { centsToInput } from "~/ui/money-input";

describe("amounts as people type them", () => {
  it("reads units with separators and symbols into cents", () => {
    expect(readMoney("1,250")).toEqual({ cents: 125000 });
    expect(readMoney(" $1250.5 ")).toEqual({ cents: 125050 });
    expect(readMoney("€ 3")).toEqual({ cents: 300 });
    expect(readMoney("")).toEqual({ cents: null });
  });

  it("refuses negatives, words, three decimals and absurd amounts", () => {
    expect(readMoney("-5")).toEqual({ error: "Amounts cannot be negative." });
    expect(readMoney("ten")).toEqual({ error: "Enter an amount such as 1,250 or 1,250.50." });
    expect(readMoney("1.005")).toEqual({ error: "Enter an amount such as 1,250 or 1,250.50." });
    expect(readMoney("99999999999")).toEqual({ error: "That amount is too large: the most is 20,000,000." });
  });

  it("refuses a comma written for cents rather than reading it as a hundred times the amount", () => {
    for (const typed of ["6,00", "1,25", "$12,5", "1,2345", ",500", "1,250,00"])
      expect(readMoney(typed), typed).toEqual({ error: COMMA_NOT_THOUSANDS });
    expect(readMoney("1,250.50")).toEqual({ cents: 125050 });
    expect(readMoney("$ 12,000,000")).toEqual({ cents: 1_200_000_000 });
    expect(readMoney("-1,250")).toEqual({ error: "Amounts cannot be negative." });
  });

  it("gives zod the cents, or the message, and says when a required amount is missing", () => {
    expect(moneyField().parse("12")).toBe(1200);
    expect(moneyField().parse("")).toBeNull();
    expect(moneyField({ required: true, label: "The price" }).safeParse("").error?.issues[0].message).toBe(
      "The price is needed.",
    );
    expect(centsToInput(125000)).toBe("1250");
    expect(centsToInput(125050)).toBe("1250.50");
    expect(centsToInput(null)).toBe("");
  });
});

describe("starting bid and increment proposed from the value", () => {
  it("uses 40% and 10% by default, in whole units", () => {
    expect(proposeBids(650000)).toEqual({ starting_bid: 260000, increment: 65000 });
    expect(proposeBids(12345)).toEqual({ starting_bid: 4900, increment: 1200 });
    expect(proposeBids(300)).toEqual({ starting_bid: 100, increment: 100 });
    expect(proposeBids(null)).toEqual({ starting_bid: null, increment: null });
  });

  it("takes the event's percentages, ignoring nonsense", () => {
    expect(bidProposalSettings({ bid_proposal: { starting_bid_percent: 50, increment_percent: 5 } })).toEqual({
      starting_bid_percent: 50,
      increment_percent: 5,
    });
    expect(bidProposalSettings({ bid_proposal: { starting_bid_percent: -1, increment_percent: "x" } })).toEqual({
      starting_bid_percent: 40,
      increment_percent: 10,
    });
    expect(bidProposalSettings(null)).toEqual({ starting_bid_percent: 40, increment_percent: 10 });
  });
});

describe("words from spreadsheets", () => {
  it("reads item types as people write them", () => {
    expect(readItemType("Silent")).toBe("silent");
    expect(readItemType("live auction")).toBe("live");
    expect(readItemType("For sale")).toBe("sale");
    expect(readItemType("raffle")).toBeNull();
  });

  it("reads yes and no", () => {
    expect(readYesNo("Yes")).toBe(true);
    expect(readYesNo("x")).toBe(true);
    expect(readYesNo("")).toBe(false);
    expect(readYesNo("maybe")).toBeUndefined();
  });
});
