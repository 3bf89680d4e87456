// The benchmarks' shared figures (bench/support/stats.ts): their medians and percentiles decide what
// docs/benchmarks.md reports.
import { describe, expect, it } from "vitest";
import { median, summary } from "../../bench/support/stats";

describe("the benchmarks' figures", () => {
  it("takes the middle value, or the mean of the two middle ones, whatever the order given", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("gives the percentiles of the values as measured, never between two of them", () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(summary(values)).toEqual({ p50: 50, p95: 95, p99: 99, max: 100 });
  });
});
