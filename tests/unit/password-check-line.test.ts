// One client address's password sign-ins wait in one line: one at a time, spaced out, a full line refused.
import { describe, expect, it } from "vitest";
import { PASSWORD_CHECK_PACE, passwordCheckLines } from "~/auth/password-check-line.server";

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("the password check line", () => {
  it("paces ten attempts a second per address, twenty waiting at most", () => {
    expect(PASSWORD_CHECK_PACE).toEqual({ spacingMs: 100, maxWaiting: 20 });
  });

  it("runs one address's checks one at a time, in the order they came", async () => {
    const lines = passwordCheckLines({ spacingMs: 0, maxWaiting: 10 });
    const events: string[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        lines.inTurn("198.51.100.1", async () => {
          events.push(`start ${n}`);
          await pause(5);
          events.push(`end ${n}`);
        }),
      ),
    );
    expect(events).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
  });

  it("starts each turn at least the spacing after the one before", async () => {
    const lines = passwordCheckLines({ spacingMs: 40, maxWaiting: 10 });
    const startedAt: number[] = [];
    await Promise.all([1, 2, 3].map(() => lines.inTurn("198.51.100.1", async () => startedAt.push(performance.now()))));
    // The line counts in Date.now()'s whole milliseconds, and a timer may fire a millisecond early by the clock
    // performance.now() reads: up to 2 ms short of the spacing by that clock (a CI run measured 38.99 ms). Without
    // the spacing the turns would start within a millisecond of each other.
    expect(startedAt[1] - startedAt[0]).toBeGreaterThanOrEqual(38);
    expect(startedAt[2] - startedAt[1]).toBeGreaterThanOrEqual(38);
  });

  it("keeps other addresses out of the line", async () => {
    const lines = passwordCheckLines({ spacingMs: 0, maxWaiting: 10 });
    let release!: () => void;
    const held = lines.inTurn("198.51.100.1", () => new Promise<void>((resolve) => (release = resolve)));
    expect(await lines.inTurn("203.0.113.9", async () => "through")).toBe("through");
    release();
    await held;
  });

  it("refuses at once when the line is full, and admits again once it moves", async () => {
    const lines = passwordCheckLines({ spacingMs: 0, maxWaiting: 2 });
    let release!: () => void;
    const first = lines.inTurn("198.51.100.1", () => new Promise<string>((resolve) => (release = () => resolve("1"))));
    const second = lines.inTurn("198.51.100.1", async () => "2");
    expect(await lines.inTurn("198.51.100.1", async () => "3")).toBeUndefined();
    release();
    expect(await Promise.all([first, second])).toEqual(["1", "2"]);
    expect(await lines.inTurn("198.51.100.1", async () => "4")).toBe("4");
  });

  it("moves on after a turn that failed", async () => {
    const lines = passwordCheckLines({ spacingMs: 0, maxWaiting: 10 });
    const failed = lines.inTurn("198.51.100.1", async () => {
      throw new Error("the database went away");
    });
    const next = lines.inTurn("198.51.100.1", async () => "next");
    await expect(failed).rejects.toThrow("the database went away");
    expect(await next).toBe("next");
  });

  it("forgets an address once its line is idle", async () => {
    const lines = passwordCheckLines({ spacingMs: 20, maxWaiting: 10 });
    await lines.inTurn("198.51.100.1", async () => "done");
    expect(lines.size).toBe(1);
    await pause(60);
    expect(lines.size).toBe(0);
  });
});
