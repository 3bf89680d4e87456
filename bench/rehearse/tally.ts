/**
 * What the rehearsal counts as it plays: each kind of action's outcomes and times, errors by kind, and when each
 * happened (seconds since the tally began), for the timeline and for what each fault cost.
 */
import { performance } from "node:perf_hooks";
import { summary } from "../support/stats";

export type Outcome = "ok" | "refused" | "error";

interface Kind {
  ok: number;
  refused: number;
  error: number;
  ms: number[];
}

/** One answer: when it arrived (seconds since the tally began), its kind, outcome and time. */
export interface Moment {
  at: number;
  kind: string;
  outcome: Outcome;
  ms: number;
}

export class Tally {
  private readonly startedAt = performance.now();
  private readonly kinds = new Map<string, Kind>();
  private readonly errors = new Map<string, { count: number; example: string }>();
  /** Every answer in the order it came. */
  readonly moments: Moment[] = [];
  /** Every unexpected answer with its time: a fault's cost is the ones that came while it lasted. */
  readonly errorMoments: { at: number; kind: string }[] = [];
  /** Answer → delta on other bidders' streams, ms. */
  readonly streamDelays: number[] = [];

  /** Seconds since the tally began. */
  now() {
    return (performance.now() - this.startedAt) / 1000;
  }

  record(kind: string, outcome: Outcome, ms: number) {
    let entry = this.kinds.get(kind);
    if (!entry) this.kinds.set(kind, (entry = { ok: 0, refused: 0, error: 0, ms: [] }));
    entry[outcome] += 1;
    entry.ms.push(ms);
    this.moments.push({ at: this.now(), kind, outcome, ms });
  }

  /** An answer the evening did not expect: counted by its kind (the action and its status), with one example. */
  error(kind: string, example: string) {
    const entry = this.errors.get(kind);
    if (entry) entry.count += 1;
    else this.errors.set(kind, { count: 1, example: example.slice(0, 300) });
    this.errorMoments.push({ at: this.now(), kind });
  }

  /** The unexpected answers between `from` and `to` (seconds since the tally began), counted by kind. */
  errorsBetween(from: number, to: number) {
    const counts: Record<string, number> = {};
    for (const { at, kind } of this.errorMoments) if (at >= from && at <= to) counts[kind] = (counts[kind] ?? 0) + 1;
    return counts;
  }

  actions() {
    return Object.fromEntries(
      [...this.kinds]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, entry]) => {
          const ms = summary(entry.ms);
          const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : null);
          return [
            kind,
            {
              ok: entry.ok,
              refused: entry.refused,
              error: entry.error,
              ms: { p50: round(ms.p50), p95: round(ms.p95), p99: round(ms.p99), max: round(ms.max) },
            },
          ];
        }),
    );
  }

  errorsByKind() {
    return Object.fromEntries(this.errors);
  }
}
