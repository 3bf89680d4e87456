// When bidding ends, as messages say it: the time alone on the day of the close in the event's zone, else the day too.
import { describe, expect, it } from "vitest";
import { closingTime } from "~/messages/closing-time";

describe("closingTime", () => {
  const close = "2026-12-20T02:00:00Z"; // 9:00 PM EST on Saturday 19 December in New York

  it("is the time alone when the close is today in the event's zone", () => {
    expect(closingTime(close, "America/New_York", new Date("2026-12-19T14:00:00Z"))).toBe("9:00 PM EST");
    // Already the 20th in UTC, still the 19th in New York.
    expect(closingTime(close, "America/New_York", new Date("2026-12-20T01:00:00Z"))).toBe("9:00 PM EST");
  });

  it("names the day when the close is not today there", () => {
    expect(closingTime(close, "America/New_York", new Date("2026-12-18T23:00:00Z"))).toBe("Sat Dec 19, 9:00 PM EST");
    // In London the close is already Sunday morning.
    expect(closingTime(close, "Europe/London", new Date("2026-12-19T14:00:00Z"))).toBe("Sun Dec 20, 2:00 AM GMT");
  });

  it("adds the year when the close is in another year", () => {
    expect(closingTime(close, "America/New_York", new Date("2025-12-19T14:00:00Z"))).toBe(
      "Sat Dec 19, 2026, 9:00 PM EST",
    );
  });
});
