import { describe, expect, it } from "vitest";
import { optionalMobile, optionalPhone, phoneProblem, readPhone, toE164 } from "~/forms/rules";

const accepted = (typed: string) => optionalPhone.safeParse(typed).success;
const message = (typed: string) => {
  const parsed = optionalPhone.safeParse(typed);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("the one phone rule (forms/rules.ts)", () => {
  it("accepts numbers as people write them, kept as typed", () => {
    for (const typed of [
      "(617) 555-0100",
      "617.555.0100",
      "617-555-0100",
      "+1 617 555 0100",
      "+44 20 7946 0958",
      "+44 (0) 20 7946 0958",
      "+49 30 901820",
      "+61 2 9374 4000",
      "555 0100 12",
      // 15 digits, E.164's most
      "+86 10 1234 5678 901",
    ])
      expect(accepted(typed), typed).toBe(true);
    expect(optionalPhone.parse(" +44 20 7946 0958 ")).toBe("+44 20 7946 0958");
    expect(optionalPhone.parse("")).toBeNull();
    expect(optionalPhone.parse(undefined)).toBeNull();
  });

  it("accepts a desk number with its extension: 24 characters with x12, which the old 20-character rule refused", () => {
    for (const typed of [
      "+44 (0) 20 7946 0958 x12",
      "(617) 555-0100 ext. 1234",
      "617 555 0100 extension 5",
      "6175550100x7",
    ])
      expect(accepted(typed), typed).toBe(true);
    expect(readPhone("+44 (0) 20 7946 0958 x12")).toEqual({
      ok: true,
      phone: { digits: "442079460958", international: true, extension: "12" },
    });
  });

  it("refuses strings without enough digits, which the old /register rule let through", () => {
    for (const typed of ["-------", "() () ()", "555 01", "...-...-"])
      expect(message(typed), typed).toBe("Enter the whole phone number with its area code, such as (617) 555-0100.");
  });

  it("refuses more than 15 digits, letters, a + inside the number and a too-long text, saying why", () => {
    expect(message("+1 617 555 0100 1234 5")).toBe("A phone number has at most 15 digits (without its extension).");
    expect(message("617-555-CALL")).toBe("Use digits, spaces and + ( ) . - only, and x12 for an extension.");
    expect(message("617+555+0100")).toBe("Use digits, spaces and + ( ) . - only, and x12 for an extension.");
    expect(message("1".repeat(10) + " ".repeat(30))).toBeNull(); // trimmed first
    expect(message("+1 (617) 555-0100 extension 123456 ")).toBe("Keep the phone number to 32 characters.");
    expect(optionalPhone.safeParse("+1 (617) 555-0100 extension 123456").error?.issues).toHaveLength(1);
    expect(phoneProblem("-------")).toBe("Enter the whole phone number with its area code, such as (617) 555-0100.");
    expect(phoneProblem("(617) 555-0100")).toBeNull();
  });

  it("reads a number for texting as E.164: the (0) trunk digit left out, North American without a country code", () => {
    expect(toE164("+44 (0) 20 7946 0958")).toBe("+442079460958");
    expect(toE164("(617) 555-0100")).toBe("+16175550100");
    expect(toE164("1 617 555 0100")).toBe("+16175550100");
    expect(toE164("+49 30 901820")).toBe("+4930901820");
    expect(toE164("555 0100 12")).toBeNull(); // no country code, not North American
    expect(toE164("(617) 555-0100 x12")).toBeNull(); // a desk phone cannot be texted
    expect(toE164("-------")).toBeNull();
    expect(toE164("")).toBeNull();
  });

  it("a mobile number is a phone number that can be texted, with the phone rule's messages first", () => {
    expect(optionalMobile.parse("(617) 555-0100")).toBe("(617) 555-0100");
    expect(optionalMobile.parse("")).toBeNull();
    expect(optionalMobile.safeParse("-------").error?.issues[0]?.message).toBe(
      "Enter the whole phone number with its area code, such as (617) 555-0100.",
    );
    expect(optionalMobile.safeParse("(617) 555-0100 x12").error?.issues[0]?.message).toMatch(/^Enter a mobile number/);
  });
});
