import { describe, expect, it } from "vitest";
import { isContested, noteRefusal } from "~/bidding/contested-items.server";

describe("contested items", () => {
  it("counts an item contested for ten seconds after a bid on it was refused, and no other", () => {
    const refusedAt = 1_000_000;
    noteRefusal(41, refusedAt);
    expect(isContested(41, refusedAt + 9_999)).toBe(true);
    expect(isContested(41, refusedAt + 10_000)).toBe(false);
    expect(isContested(42, refusedAt)).toBe(false);
  });
});
