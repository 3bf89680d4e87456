/**
 * The figures a bench:bids or bench:pglite report gives for its load spread over the items (its "Spread over N items"
 * section, as bench/bids.ts prints it), for bench/compare.ts to set runs of two builds side by side.
 */

/** What a run says of its load spread over the items. */
export interface SpreadFigures {
  answersPerSecond: number;
  p50: number;
  p99: number;
  /** Gavel's answers as a share of the plain-SQL reference's commits, and of the one with NOTIFY when measured. */
  share: number;
  shareWithNotify: number | null;
  appCpu: number | null;
  databaseCpu: number | null;
  transactionsPerAnswer: number | null;
}

/** The figures of the "Spread over N items" section of a bench:bids or bench:pglite report; null without one. */
export function spreadFigures(report: string): SpreadFigures | null {
  const start = report.search(/^Spread over \d+ items/m);
  if (start < 0) return null;
  const end = report.indexOf("\nInvariants", start);
  const section = report.slice(start, end < 0 ? undefined : end);
  const number = (pattern: RegExp) => {
    const found = pattern.exec(section);
    return found ? Number(found[1]) : null;
  };
  const latency = /all latency ms: p50 ([\d.]+), p95 [\d.]+, p99 ([\d.]+)/.exec(section);
  const shares = [...section.matchAll(/answers\/s = ([\d.]+)% of the reference/g)].map((found) => Number(found[1]));
  const answersPerSecond = number(/all answers (\d+)\/s/);
  if (answersPerSecond === null || !latency || shares.length === 0) return null;
  return {
    answersPerSecond,
    p50: Number(latency[1]),
    p99: Number(latency[2]),
    share: shares[0],
    shareWithNotify: shares[1] ?? null,
    appCpu: number(/app (\d+)%/),
    databaseCpu: number(/PostgreSQL (\d+)%/),
    transactionsPerAnswer: number(/transactions per answer ([\d.]+)/),
  };
}
