import { describe, expect, it } from "vitest";
import { hasEnded, supporterEndRefusal } from "~/giving/fundraiser-end";

const now = new Date("2026-05-01T12:00:00Z");
const at = (iso: string) => new Date(iso);
const rule = (current: Date | null, next: Date | null, eventEnd: Date | null = at("2026-05-10T23:00:00Z")) =>
  supporterEndRefusal({ current, next, eventEnd, eventEndText: "Sun, 10 May 2026, 7:00 PM EDT", now });

describe("a fundraiser's end", () => {
  it("has ended at its end, not before", () => {
    expect(hasEnded(null, now)).toBe(false);
    expect(hasEnded("2026-05-01T12:00:01Z", now)).toBe(false);
    expect(hasEnded("2026-05-01T12:00:00Z", now)).toBe(true);
  });

  it("lets a supporter choose an end ahead and by the event's end, or none", () => {
    expect(rule(null, at("2026-05-05T00:00:00Z"))).toBeNull();
    expect(rule(at("2026-05-05T00:00:00Z"), null)).toBeNull();
    expect(rule(null, at("2026-05-01T11:59:00Z"))).toBe("Choose a time still to come.");
    expect(rule(null, at("2026-05-11T00:00:00Z"))).toBe(
      "Choose a time no later than the event's end, Sun, 10 May 2026, 7:00 PM EDT.",
    );
    expect(rule(null, at("2026-06-01T00:00:00Z"), null)).toBeNull();
  });

  it("keeps an end left as it was, and leaves reopening an ended page to staff", () => {
    expect(rule(at("2026-06-01T00:00:00Z"), at("2026-06-01T00:00:00Z"))).toBeNull();
    expect(rule(at("2026-04-01T00:00:00Z"), at("2026-04-01T00:00:00Z"))).toBeNull();
    expect(rule(at("2026-04-01T00:00:00Z"), null)).toBe(
      "Your page has ended. Ask the event's team if it should take gifts again.",
    );
  });
});
