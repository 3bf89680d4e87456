// Pacing instead of lockout (decision 035): free attempts, then waits that double up to a ceiling, counted in a
// one-hour window; never a refusal longer than the ceiling.
import { describe, expect, it } from "vitest";
import { nextAttemptAt, PACING_WINDOW_MS, waitText, type Pace } from "~/auth/pacing.server";

const now = new Date("2026-03-01T12:00:00Z");
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const pace: Pace = { free: 3, firstDelayMs: 1_000, maxDelayMs: 8_000 };

describe("pacing", () => {
  it("lets the free attempts through at once", () => {
    expect(nextAttemptAt([secondsAgo(0), secondsAgo(0)], pace, now)).toBeUndefined();
  });

  it("makes each attempt beyond them wait for the newest, twice as long each time, up to the ceiling", () => {
    const waits = [3, 4, 5, 6, 7, 10].map((count) => {
      const recent = Array.from({ length: count }, () => now);
      return nextAttemptAt(recent, pace, now)!.getTime() - now.getTime();
    });
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it("lets the next attempt through once the wait has passed", () => {
    const recent = [secondsAgo(2), secondsAgo(3), secondsAgo(4), secondsAgo(5)];
    // Four attempts: the fifth waits 2 s after the newest, which was 2 s ago.
    expect(nextAttemptAt(recent, pace, now)).toBeUndefined();
    expect(nextAttemptAt([secondsAgo(1), ...recent.slice(1)], pace, now)).toEqual(new Date(now.getTime() + 1_000));
  });

  it("forgets attempts older than the window", () => {
    const old = new Date(now.getTime() - PACING_WINDOW_MS - 1);
    expect(nextAttemptAt([now, old, old, old], pace, now)).toBeUndefined();
  });

  it("tells the wait in seconds, then whole minutes", () => {
    expect(waitText(new Date(now.getTime() + 1), now)).toBe("1 second");
    expect(waitText(new Date(now.getTime() + 30_000), now)).toBe("30 seconds");
    expect(waitText(new Date(now.getTime() + 60_000), now)).toBe("1 minute");
    expect(waitText(new Date(now.getTime() + 14 * 60_000 + 1), now)).toBe("15 minutes");
  });
});
