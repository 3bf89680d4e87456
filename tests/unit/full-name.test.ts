// A person's name as every screen shows it (app/ui/format.ts): first and last, either alone, trimmed, or nothing.
import { describe, expect, it } from "vitest";
import { fullName } from "~/ui/format";

describe("fullName", () => {
  it("joins the first and last names with one space", () => {
    expect(fullName("Margaret", "Chen")).toBe("Margaret Chen");
  });

  it("gives either name alone when the other is missing or blank", () => {
    expect(fullName("Margaret", null)).toBe("Margaret");
    expect(fullName(undefined, "Chen")).toBe("Chen");
    expect(fullName("  ", "Chen")).toBe("Chen");
  });

  it("trims the names and gives an empty text when there is none, so that a caller's fallback shows", () => {
    expect(fullName(" Margaret ", " Chen ")).toBe("Margaret Chen");
    expect(fullName(null, "") || "Friend").toBe("Friend");
  });
});
