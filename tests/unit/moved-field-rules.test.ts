// The rules of app/forms/rules.ts that forms wrote for themselves until issue 39, item 2: a paddle that may be left
// blank (the bid form), a percentage (billing's card fee, a bid proposal's shares), a lot numbering's start, a
// fundraising goal, a sale item's category (pickedId), a count within bounds, an amount above zero, a choice of a
// fixed list, ticked boxes, a Stripe key, a colour that may be blank. Each keeps the messages its form had, except
// the paddles of the bid form, a purchase and a raffle sale, which now say what assignedPaddle says ("Enter the
// guest's paddle number." said nothing of what was wrong).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bidSchema } from "~/bidding/bid-form";
import { purchaseSchema } from "~/billing/checkout-forms";
import { billingSettingsSchema } from "~/billing/settings-form";
import { bidProposalSchema } from "~/catalogue/bid-proposal";
import { numberLotsSchema } from "~/catalogue/packages";
import { saleItemSchema } from "~/catalogue/sale-item-form";
import { goalSchema } from "~/dashboard/goal";
import {
  amountAboveZero,
  atLeastOneChosen,
  countWithin,
  COMMA_NOT_THOUSANDS,
  fundraisingGoal,
  optionalChoice,
  optionalHexColour,
  optionalLot,
  optionalLotSaying,
  optionalPaddle,
  percentage,
  stripeKey,
  tickedChoices,
  tickedValues,
} from "~/forms/rules";
import { raffleSaleSchema } from "~/raffles/raffle-forms";
import { tableSchema } from "~/registration/table-form";

/** The messages a rule gives for a value, in order; [] when it takes it. */
const messages = (rule: z.ZodTypeAny, value: unknown) => {
  const read = rule.safeParse(value);
  return read.success ? [] : read.error.issues.map((issue) => issue.message);
};

/** The messages a form's schema gives for one field. */
const fieldMessages = (schema: z.ZodTypeAny, values: Record<string, unknown>, field: string) => {
  const read = schema.safeParse(values);
  return read.success ? [] : read.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
};

describe("optionalPaddle", () => {
  it("takes a paddle number as a number, and blank as null", () => {
    expect(optionalPaddle.parse(" 142 ")).toBe(142);
    expect(optionalPaddle.parse("")).toBeNull();
    expect(optionalPaddle.parse(undefined)).toBeNull();
    expect(optionalPaddle.parse("9999999")).toBe(9_999_999);
  });

  it("refuses what is not one with assignedPaddle's messages", () => {
    for (const typed of ["14a", "-3", "1.5", "12345678"])
      expect(messages(optionalPaddle, typed), typed).toEqual(["A paddle number is digits only, such as 142."]);
    expect(messages(optionalPaddle, "0")).toEqual(["A paddle number is above 0, such as 142."]);
  });

  it("is the bid form's paddle", () => {
    const bid = { intent: "review", amount: "150" };
    expect(bidSchema.parse({ ...bid, paddle: "142" }).paddle).toBe(142);
    expect(bidSchema.parse(bid).paddle).toBeNull();
    expect(fieldMessages(bidSchema, { ...bid, paddle: "A12" }, "paddle")).toEqual([
      "A paddle number is digits only, such as 142.",
    ]);
  });
});

describe("percentage", () => {
  const fee = percentage({ min: 0, max: 99.99, places: 2 }, "Fee.");
  const share = percentage({ min: 0.1, max: 100, places: 1 }, "Share.");

  it("takes a number within its bounds, to its decimal places", () => {
    expect(fee.parse(" 2.9 ")).toBe(2.9);
    expect(fee.parse("0")).toBe(0);
    expect(fee.parse("99.99")).toBe(99.99);
    expect(share.parse("0.1")).toBe(0.1);
    expect(share.parse("100")).toBe(100);
  });

  it("refuses blank, text, too many places and numbers out of bounds with the field's message", () => {
    for (const typed of ["", "2,9", "abc", "2.999", "100", "-1"]) expect(messages(fee, typed), typed).toEqual(["Fee."]);
    for (const typed of ["0", "0.0", "0.05", "100.5", "101", "40%"])
      expect(messages(share, typed), typed).toEqual(["Share."]);
  });

  it("is billing's fee (in basis points) and the bid proposal's shares, with their messages", () => {
    const billing = billingSettingsSchema("UTC");
    expect(fieldMessages(billing, { fee_percent: "100" }, "fee_percent")).toEqual([
      "Enter a percentage such as 2.9 (at most 99.99).",
    ]);
    expect(bidProposalSchema.parse({ starting_bid_percent: "40", increment_percent: "7.5" })).toEqual({
      starting_bid_percent: 40,
      increment_percent: 7.5,
    });
    expect(
      fieldMessages(bidProposalSchema, { starting_bid_percent: "0", increment_percent: "10" }, "starting_bid_percent"),
    ).toEqual(["Starting bid: a percentage between 1 and 100, such as 40."]);
  });
});

describe("optionalLotSaying", () => {
  it("takes a lot from 1 and blank as null; refuses 0, text and seven digits with the field's message", () => {
    const lot = optionalLotSaying("A lot.");
    expect(lot.parse(" 12 ")).toBe(12);
    expect(lot.parse("")).toBeNull();
    for (const typed of ["0", "12a", "1234567", "-4"]) expect(messages(lot, typed), typed).toEqual(["A lot."]);
    expect(messages(optionalLot, "0")).toEqual(["A lot is a whole number, such as 12."]);
  });

  it("is lot numbering's start, blank for after the event's other lots", () => {
    expect(numberLotsSchema.parse({ start: "101" })).toEqual({ start: 101 });
    expect(numberLotsSchema.parse({})).toEqual({ start: undefined });
    expect(fieldMessages(numberLotsSchema, { start: "0" }, "start")).toEqual([
      "Start from a whole number of at least 1, such as 101.",
    ]);
  });
});

describe("fundraisingGoal", () => {
  it("takes currency units as typed, as cents, and blank as null", () => {
    expect(fundraisingGoal.parse("25,000")).toBe(2_500_000);
    expect(fundraisingGoal.parse(" $25000.50 ")).toBe(2_500_050);
    expect(fundraisingGoal.parse("100,000,000")).toBe(10_000_000_000);
    expect(fundraisingGoal.parse("")).toBeNull();
  });

  it("refuses what is not an amount, and amounts out of bounds, each with its message", () => {
    for (const typed of ["lots", "25.001", "-5", "€25000"])
      expect(messages(fundraisingGoal, typed), typed).toEqual(["Enter an amount such as 25,000."]);
    for (const typed of ["0", "0.00", "100,000,000.01"])
      expect(messages(fundraisingGoal, typed), typed).toEqual(["Enter an amount between 1 and 100,000,000."]);
    for (const typed of ["25,00", "2,5", "25,000,00"])
      expect(messages(fundraisingGoal, typed), typed).toEqual([COMMA_NOT_THOUSANDS]);
  });

  it("is the dashboard's goal", () => {
    expect(goalSchema.parse({ goal: "25,000" })).toEqual({ goal: 2_500_000 });
  });
});

describe("a sale item's category is pickedId", () => {
  const item = { title: "Wine", buy_now: "40", quantity: "3" };

  it("takes a category's id, and blank as none", () => {
    expect(saleItemSchema.parse({ ...item, xinv_category_id: "7" }).xinv_category_id).toBe(7);
    expect(saleItemSchema.parse(item).xinv_category_id).toBeNull();
  });

  it("refuses anything else with the form's message", () => {
    for (const typed of ["x", "0", "99999999999"])
      expect(fieldMessages(saleItemSchema, { ...item, xinv_category_id: typed }, "xinv_category_id"), typed).toEqual([
        "Choose a category from the list.",
      ]);
  });
});

describe("the paddles of a purchase and a raffle sale are assignedPaddle", () => {
  it("take a paddle and refuse another text with assignedPaddle's messages", () => {
    const purchase = { item: "3", quantity: "1", submission: "submission-1" };
    expect(purchaseSchema.parse({ ...purchase, paddle: "142" }).paddle).toBe(142);
    expect(fieldMessages(purchaseSchema, { ...purchase, paddle: "" }, "paddle")).toEqual(["Type the paddle number."]);
    const sale = { intent: "sell", bundle: "2", submission: "submission-1" };
    expect(fieldMessages(raffleSaleSchema, { ...sale, paddle: "0" }, "paddle")).toEqual([
      "A paddle number is above 0, such as 142.",
    ]);
  });
});

describe("countWithin", () => {
  const seats = countWithin(1, 200, { missing: "Missing.", notWhole: "Whole.", tooFew: "Few.", tooMany: "Many." });

  it("takes a whole number within its bounds, as typed or as a number", () => {
    expect(seats.parse(" 12 ")).toBe(12);
    expect(seats.parse(200)).toBe(200);
  });

  it("refuses each way it can be wrong with its own message, or one message for all", () => {
    expect(messages(seats, "ten")).toEqual(["Missing."]);
    expect(messages(seats, "1.5")).toEqual(["Whole."]);
    expect(messages(seats, "0")).toEqual(["Few."]);
    expect(messages(seats, "201")).toEqual(["Many."]);
    const days = countWithin(1, 365, "Days.");
    for (const typed of ["x", "2.5", "0", "366"]) expect(messages(days, typed), typed).toEqual(["Days."]);
  });

  it("is a table's capacity, with its messages", () => {
    expect(fieldMessages(tableSchema, { name: "1", capacity: "0" }, "capacity")).toEqual([
      "A table has at least 1 seat.",
    ]);
  });
});

describe("amountAboveZero", () => {
  const price = amountAboveZero("The price", "The price must be more than zero.");

  it("takes an amount above zero, in cents", () => expect(price.parse("12.50")).toBe(1250));

  it("refuses zero with the field's message, and blank or text with the money rule's", () => {
    expect(messages(price, "0")).toEqual(["The price must be more than zero."]);
    expect(messages(price, "")).toEqual(["The price is needed."]);
    expect(messages(price, "lots")).toEqual(["Enter an amount such as 1,250 or 1,250.50."]);
  });
});

describe("optionalChoice", () => {
  const level = optionalChoice(["Gold", "Silver"], "Choose a level.");

  it("takes one of its choices, trimmed, and blank as null", () => {
    expect(level.parse(" Gold ")).toBe("Gold");
    expect(level.parse("")).toBeNull();
    expect(level.parse(undefined)).toBeNull();
  });

  it("refuses anything else with the field's message", () => {
    for (const typed of ["gold", "Bronze"]) expect(messages(level, typed), typed).toEqual(["Choose a level."]);
  });
});

describe("ticked boxes", () => {
  it("tickedValues reads nothing, one box or several as a list", () => {
    expect(tickedValues.parse(undefined)).toEqual([]);
    expect(tickedValues.parse("a")).toEqual(["a"]);
    expect(tickedValues.parse(["a", "b"])).toEqual(["a", "b"]);
  });

  it("tickedChoices takes boxes of its list and refuses another with the field's message", () => {
    const flags = tickedChoices(["bid", "bill"], "Not a flag.");
    expect(flags.parse(["bid"])).toEqual(["bid"]);
    expect(flags.parse(undefined)).toEqual([]);
    expect(messages(flags, ["bid", "admin"])).toEqual(["Not a flag."]);
  });

  it("atLeastOneChosen takes one or more and refuses none with the field's message", () => {
    const panels = atLeastOneChosen(z.enum(["lot", "items"]), "Choose at least one.");
    expect(panels.parse(["lot"])).toEqual(["lot"]);
    expect(messages(panels, [])).toEqual(["Choose at least one."]);
    expect(messages(panels, undefined)).toEqual(["Choose at least one."]);
  });
});

describe("stripeKey", () => {
  const key = stripeKey(/^pk_test_\w+$/, "pk_test_");

  it("takes a key of its kind, and blank as null (the stored key is kept)", () => {
    expect(key.parse(" pk_test_abc123 ")).toBe("pk_test_abc123");
    expect(key.parse("")).toBeNull();
  });

  it("refuses another key, and one longer than Stripe's, saying why", () => {
    expect(messages(key, "sk_test_abc")).toEqual(["This does not look like a key: it starts pk_test_."]);
    expect(messages(key, `pk_test_${"a".repeat(250)}`)).toEqual([
      "This is longer than a Stripe key (at most 255 characters).",
    ]);
  });
});

describe("optionalHexColour", () => {
  const colour = optionalHexColour("Not a colour.");

  it("takes # and six hexadecimal digits in lower case, and blank as null", () => {
    expect(colour.parse("#DBE9FF")).toBe("#dbe9ff");
    expect(colour.parse("")).toBeNull();
  });

  it("refuses anything else with the field's one message", () => {
    for (const typed of ["dbe9ff", "#dbe9f", "#dbe9ffff", "#ggg000"])
      expect(messages(colour, typed), typed).toEqual(["Not a colour."]);
  });
});
