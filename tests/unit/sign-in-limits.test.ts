import { describe, expect, it } from "vitest";
import { minutesUntil, retryTime, SIGN_IN_LIMITS } from "~/auth/sign-in-limits.server";

const now = new Date("2026-03-01T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("sign-in limits", () => {
  it("are 5 per account and 20 per address in 15 minutes", () => {
    expect(SIGN_IN_LIMITS).toEqual({ windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 });
  });

  it("do not block below the limit", () => {
    expect(
      retryTime([minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4)], 5, SIGN_IN_LIMITS.windowMs, now),
    ).toBeUndefined();
  });

  it("block until the oldest counted failure leaves the window", () => {
    const failures = [minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4), minutesAgo(10)];
    expect(retryTime(failures, 5, SIGN_IN_LIMITS.windowMs, now)).toEqual(new Date(now.getTime() + 5 * 60_000));
  });

  it("ignore failures older than the window", () => {
    const failures = [minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4), minutesAgo(16)];
    expect(retryTime(failures, 5, SIGN_IN_LIMITS.windowMs, now)).toBeUndefined();
  });

  it("tell whole minutes, at least one", () => {
    expect(minutesUntil(new Date(now.getTime() + 5 * 60_000), now)).toBe(5);
    expect(minutesUntil(new Date(now.getTime() + 4 * 60_000 + 1), now)).toBe(5);
    expect(minutesUntil(new Date(now.getTime() + 1000), now)).toBe(1);
    expect(minutesUntil(now, now)).toBe(1);
  });
});
