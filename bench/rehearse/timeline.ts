/**
 * The evening over time, for the report's charts: the rehearsal cut into about sixty equal intervals, each with its
 * bids a second, its answers' latency (p50 and p95 of every action answered in it) and its unexpected answers.
 */
import { percentile } from "../support/stats";
import type { Moment } from "./tally";

export interface TimelinePoint {
  /** The interval's start, seconds since the rehearsal's tally began. */
  from: number;
  /** Bids acknowledged (silent and live, placed or bought) a second. */
  bidsPerSecond: number;
  /** Answers in the interval, and their latency in ms (null without answers). */
  answers: number;
  p50: number | null;
  p95: number | null;
  errors: number;
}

export interface Timeline {
  intervalSeconds: number;
  points: TimelinePoint[];
}

/** An action that places a bid: its review, and the live clerk's other moves, are not. */
export const isBid = (kind: string) =>
  /^(silent: (bid|bid with a maximum|buy now)|live: (online bid|floor bid))$/.test(kind);

/** The timeline of `seconds` of rehearsal: whole-second intervals, about sixty of them. */
export function buildTimeline(moments: Moment[], errorMoments: { at: number }[], seconds: number): Timeline {
  const intervalSeconds = Math.max(1, Math.ceil(seconds / 60));
  const count = Math.max(1, Math.ceil(seconds / intervalSeconds));
  const slot = (at: number) => Math.min(count - 1, Math.max(0, Math.floor(at / intervalSeconds)));
  const times: number[][] = Array.from({ length: count }, () => []);
  const bids = new Array<number>(count).fill(0);
  const errors = new Array<number>(count).fill(0);
  for (const moment of moments) {
    times[slot(moment.at)].push(moment.ms);
    if (moment.outcome === "ok" && isBid(moment.kind)) bids[slot(moment.at)] += 1;
  }
  for (const { at } of errorMoments) errors[slot(at)] += 1;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    intervalSeconds,
    points: times.map((list, index) => {
      const sorted = list.sort((a, b) => a - b);
      return {
        from: index * intervalSeconds,
        bidsPerSecond: round(bids[index] / intervalSeconds),
        answers: list.length,
        p50: list.length ? round(percentile(sorted, 0.5)) : null,
        p95: list.length ? round(percentile(sorted, 0.95)) : null,
        errors: errors[index],
      };
    }),
  };
}
