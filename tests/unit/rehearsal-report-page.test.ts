// The rehearsal's report page (issue 35): the timeline's intervals and figures, and the page's charts with the faults
// marked on them, its tables and its verdict.
import { describe, expect, it } from "vitest";
import { reportPage } from "../../bench/rehearse/report-page";
import { buildTimeline, isBid } from "../../bench/rehearse/timeline";
import type { RehearsalReport } from "../../bench/rehearse/report";
import type { Moment } from "../../bench/rehearse/tally";

const moment = (at: number, kind: string, ms: number, outcome: Moment["outcome"] = "ok"): Moment => ({
  at,
  kind,
  outcome,
  ms,
});

describe("the timeline", () => {
  it("cuts the rehearsal into whole-second intervals, about sixty of them", () => {
    expect(buildTimeline([], [], 30).intervalSeconds).toBe(1);
    expect(buildTimeline([], [], 30).points).toHaveLength(30);
    expect(buildTimeline([], [], 600).intervalSeconds).toBe(10);
    expect(buildTimeline([], [], 601).intervalSeconds).toBe(11);
  });

  it("counts the acknowledged bids a second, and every answer's latency, in each interval", () => {
    const moments = [
      moment(0.2, "silent: bid", 100),
      moment(0.5, "silent: bid: review", 40),
      moment(0.9, "live: floor bid", 300),
      moment(1.1, "silent: bid", 50, "refused"),
      moment(1.5, "door: check in", 20),
    ];
    const { points } = buildTimeline(moments, [{ at: 1.2 }, { at: 1.3 }], 3);
    expect(points[0]).toEqual({ from: 0, bidsPerSecond: 2, answers: 3, p50: 100, p95: 300, errors: 0 });
    expect(points[1]).toEqual({ from: 1, bidsPerSecond: 0, answers: 2, p50: 20, p95: 50, errors: 2 });
    expect(points[2]).toEqual({ from: 2, bidsPerSecond: 0, answers: 0, p50: null, p95: null, errors: 0 });
  });

  it("puts a moment after the last interval's start into the last interval", () => {
    const { points } = buildTimeline([moment(5.5, "silent: buy now", 10)], [], 5);
    expect(points.at(-1)!.bidsPerSecond).toBe(1);
  });

  it("counts bids placed, not their reviews nor the clerk's other moves", () => {
    expect(
      ["silent: bid", "silent: bid with a maximum", "silent: buy now", "live: online bid", "live: floor bid"].every(
        isBid,
      ),
    ).toBe(true);
    expect(["silent: bid: review", "live: hammer", "live: open the lot", "silent: item page"].some(isBid)).toBe(false);
  });
});

describe("the report page", () => {
  const report: RehearsalReport = {
    engine: "pglite",
    database: "PGlite (embedded)",
    guests: 12,
    items: 6,
    liveLots: 10,
    speed: 400,
    seed: 35,
    chaos: true,
    seconds: 20,
    loadAverage: [1.5, 1.25, 1],
    actions: {
      "silent: bid": { ok: 30, refused: 2, error: 0, ms: { p50: 12.5, p95: 40, p99: 50, max: 1234 } },
    },
    streams: { phones: 8, deltas: 100, delayMs: { p50: 3, p95: 9, p99: 12, max: 20 } },
    checkout: { guests: 10, seconds: 5, perMinute: 120 },
    errors: { "POST /inroombid.data: no answer": { count: 3, example: "TypeError: fetch failed" } },
    faults: [
      {
        name: "the app killed (SIGKILL) and started again",
        at: 8,
        minute: 30,
        recoveredMs: 2500,
        errors: { "POST /inroombid.data: no answer": 3 },
        detail: "its one process killed and started again on the same data",
      },
    ],
    timeline: buildTimeline([moment(1, "silent: bid", 10), moment(12, "silent: bid", 30)], [{ at: 8.5 }], 20),
    reference: { callers: 16, seconds: 5, commitsPerSecond: 700, ms: { p50: 20, p95: 30 } },
    invariants: [
      { name: "every acknowledged bid is stored", holds: true, detail: ["30 acknowledged bids, all stored"] },
    ],
    stations: null,
    ok: true,
  };
  const page = reportPage(report);

  it("is one page with its styles inlined, nothing to load beside it", () => {
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain("--color-primary");
    expect(page).toContain(".report-chart__mark line");
    expect(page).not.toMatch(/<link[^>]+stylesheet|<script/);
  });

  it("draws the timeline with the app's charts, the faults marked at their moment", () => {
    expect(page.match(/class="report-chart"/g)).toHaveLength(2);
    expect(page.match(/class="report-chart__mark"/g)).toHaveLength(2);
    expect(page).toContain("1. the app killed (SIGKILL) and started again");
  });

  it("tables the faults, the actions and the errors, and says the verdict and the reference", () => {
    expect(page).toContain("Every invariant holds.");
    expect(page).toContain("2.5 s");
    expect(page).toContain("POST /inroombid.data: no answer ×3");
    expect(page).toContain("1,234");
    expect(page).toContain("700 commits a second");
    expect(page).toContain("load average 1.5, 1.3, 1.0");
  });

  it("says so when an invariant failed", () => {
    const failed = reportPage({
      ...report,
      invariants: [{ name: "no double charge", holds: false, detail: ["2 charges for one payment"] }],
      ok: false,
    });
    expect(failed).toContain("1 invariant(s) FAILED.");
    expect(failed).toContain("2 charges for one payment");
  });
});
