/** What the rehearsal counts as it plays: each kind of action's outcomes and times, errors by kind, and notes. */
import { summary } from "../support/stats";

export type Outcome = "ok" | "refused" | "error";

interface Kind {
  ok: number;
  refused: number;
  error: number;
  ms: number[];
}

export class Tally {
  private readonly kinds = new Map<string, Kind>();
  private readonly errors = new Map<string, { count: number; example: string }>();
  /** Answer → delta on other bidders' streams, ms. */
  readonly streamDelays: number[] = [];

  record(kind: string, outcome: Outcome, ms: number) {
    let entry = this.kinds.get(kind);
    if (!entry) this.kinds.set(kind, (entry = { ok: 0, refused: 0, error: 0, ms: [] }));
    entry[outcome] += 1;
    entry.ms.push(ms);
  }

  /** An answer the evening did not expect: counted by its kind (the action and its status), with one example. */
  error(kind: string, example: string) {
    const entry = this.errors.get(kind);
    if (entry) entry.count += 1;
    else this.errors.set(kind, { count: 1, example: example.slice(0, 300) });
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
