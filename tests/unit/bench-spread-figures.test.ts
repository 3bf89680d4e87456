import { describe, expect, it } from "vitest";
import { spreadFigures } from "../../bench/support/spread-figures";

const POSTGRES_REPORT = `One item: 64 bidders, 8.1 s, client data
  accepted 100 (12/s), refused 4900 (605/s), errors 0; all answers 617/s
  all latency ms: p50 93.0, p95 208.8, p99 300.5, max 429.7
  CPU (100% = one core): app 121%, PostgreSQL 23%, load generator 14%; PostgreSQL transactions per answer 2.4
  Gavel 617 answers/s = 89.9% of the reference

Spread over 500 items: 64 bidders, 8.1 s, client data
  accepted 4476 (555/s), refused 578 (72/s), errors 0; all answers 626/s
  answers by status: 200×4476, 409×578; refusals: too low×575, already leading×3
  all latency ms: p50 100.9, p95 146.4, p99 181.1, max 285.1
  accepted latency ms: p50 103.8, p95 148.0, p99 181.4, max 285.1
  refused latency ms: p50 59.9, p95 113.6, p99 136.0, max 207.6
  CPU (100% = one core): app 116%, PostgreSQL 68%, load generator 10%; PostgreSQL transactions per answer 4.1
  reference (500 items): the bid transaction in plain SQL, 64 callers: 2557 commits/s, p50 23.2, p99 49.2 ms
  Gavel 626 answers/s = 24.5% of the reference
  reference (500 items, with NOTIFY): the bid transaction in plain SQL, 64 callers: 1965 commits/s, p50 30.6, p99 60.5 ms
  Gavel 626 answers/s = 31.9% of the reference

Invariants over 4906 ledger rows, 4906 accepted answers: all hold
Fan-out: 10 of 10 streams open in 0.1 s (0 failed); app RSS 749 MB
  answer → delta on every stream, ms: p50 -1.2, p95 -0.1, p99 1.0, max 1.1
`;

const PGLITE_REPORT = `Spread over 500 items: 64 bidders, 8.2 s, client data
  accepted 1719 (211/s), refused 212 (26/s), errors 0; all answers 237/s
  all latency ms: p50 280.2, p95 341.9, p99 355.2, max 372.2
  CPU (100% = one core): app 97%, PostgreSQL 0%, load generator 4%
  reference (500 items): the bid transaction in plain SQL, 64 callers: 892 commits/s, p50 70.1, p99 89.7 ms
  Gavel 237 answers/s = 26.5% of the reference
`;

describe("a bid benchmark's figures for its spread load (bench:compare)", () => {
  it("reads the spread section, not the one-item load before it nor the fan-out after", () => {
    expect(spreadFigures(POSTGRES_REPORT)).toEqual({
      answersPerSecond: 626,
      p50: 100.9,
      p99: 181.1,
      share: 24.5,
      shareWithNotify: 31.9,
      appCpu: 116,
      databaseCpu: 68,
      transactionsPerAnswer: 4.1,
    });
  });

  it("reads PGlite's report, which has no NOTIFY reference and no transactions per answer", () => {
    expect(spreadFigures(PGLITE_REPORT)).toMatchObject({
      answersPerSecond: 237,
      p99: 355.2,
      share: 26.5,
      shareWithNotify: null,
      transactionsPerAnswer: null,
    });
  });

  it("gives nothing for a run that stopped before its spread load's reference", () => {
    expect(spreadFigures(POSTGRES_REPORT.slice(0, POSTGRES_REPORT.indexOf("  reference (500 items)")))).toBeNull();
    expect(spreadFigures("Error: the app did not start")).toBeNull();
  });
});
