/** The rehearsal's report: built from the tally and the checks, printed for a person and written as JSON. */
import { ms, type summary } from "../support/stats";
import type { Fault } from "./chaos";
import type { Invariant } from "./invariants";
import type { Reference } from "./reference";
import type { StationsReport } from "./stations";
import type { Tally } from "./tally";
import type { Timeline } from "./timeline";

export interface RehearsalReport {
  engine: string;
  database: string;
  guests: number;
  items: number;
  liveLots: number;
  speed: number;
  seed: number;
  chaos: boolean;
  seconds: number;
  /** The machine's load average (1, 5 and 15 minutes) as the evening ended. */
  loadAverage: number[];
  actions: ReturnType<Tally["actions"]>;
  streams: { phones: number; deltas: number; delayMs: ReturnType<typeof summary> };
  checkout: { guests: number; seconds: number; perMinute: number };
  errors: ReturnType<Tally["errorsByKind"]>;
  /** The faults played into the evening (--chaos), in order. */
  faults: Fault[];
  timeline: Timeline;
  /** The bid transaction in plain SQL on the same database, measured after the evening (reference.ts). */
  reference: Reference | null;
  invariants: Invariant[];
  /** --stations: what each station took, offline or not, its outages, and what came of its entries. */
  stations: StationsReport | null;
  ok: boolean;
}

export function printReport(report: RehearsalReport, log: (line: string) => void) {
  log(
    `\nThe evening: ${report.guests} guests, ${report.items} silent items, ${report.liveLots} live lots, speed ${report.speed}x, seed ${report.seed}`,
  );
  log(
    `${report.database}; ${report.seconds.toFixed(1)} s; load average ${report.loadAverage.map((load) => load.toFixed(1)).join(" ")}`,
  );
  log("\nActions (ok / refused by a rule / error; latency ms p50 p95 p99 max):");
  const width = Math.max(...Object.keys(report.actions).map((kind) => kind.length));
  for (const [kind, entry] of Object.entries(report.actions)) {
    const times = [entry.ms.p50, entry.ms.p95, entry.ms.p99, entry.ms.max].map((value) => ms(value ?? NaN).padStart(7));
    log(
      `  ${kind.padEnd(width)}  ${String(entry.ok).padStart(5)} / ${String(entry.refused).padStart(4)} / ${String(entry.error).padStart(3)}  ${times.join(" ")}`,
    );
  }
  const delay = report.streams.delayMs;
  log(
    `\nLive streams: ${report.streams.phones} phones; a bid's answer → its delta on the phones' streams (${report.streams.deltas} deliveries), ms: p50 ${ms(delay.p50)}, p95 ${ms(delay.p95)}, p99 ${ms(delay.p99)}, max ${ms(delay.max)}`,
  );
  log(
    `Checkout: ${report.checkout.guests} guests in ${report.checkout.seconds.toFixed(1)} s, ${report.checkout.perMinute.toFixed(0)} guests a minute (two desks, charge all beside them)`,
  );
  if (report.reference)
    log(
      `Reference (the bid transaction in plain SQL, ${report.reference.callers} callers, same database): ${report.reference.commitsPerSecond} commits/s, p50 ${ms(report.reference.ms.p50)} ms, p95 ${ms(report.reference.ms.p95)} ms`,
    );
  if (report.faults.length > 0)
    log("\nFaults (from the fault to the app answering again; unexpected answers meanwhile):");
  for (const fault of report.faults) {
    const errors = Object.entries(fault.errors).map(([kind, count]) => `${kind} ×${count}`);
    log(
      `  minute ${fault.minute.toFixed(0)}: ${fault.name}: ${(fault.recoveredMs / 1000).toFixed(1)} s; ${fault.detail}`,
    );
    log(`          ${errors.length === 0 ? "no unexpected answer" : errors.join(", ")}`);
  }
  const errors = Object.entries(report.errors);
  if (report.stations) {
    log("\nStations (--stations; outages at the evening's minute, for minutes):");
    for (const station of report.stations.stations)
      log(
        `  ${station.name.padEnd(15)} ${station.taken} taken, ${station.takenOffline} offline; outages ${station.outages.map((outage) => `${outage.minute.toFixed(1)}+${outage.minutes.toFixed(1)}`).join(", ") || "none"}; ${station.lostAnswers} answers lost and sent again (${station.replays} answered as replays); longest wait ${(station.longestWaitMs / 1000).toFixed(1)} s; ${Object.entries(
          station.outcomes,
        )
          .map(([outcome, count]) => `${count} ${outcome}`)
          .join(", ")}`,
      );
  }
  log(`\nErrors: ${errors.length === 0 ? "none" : ""}`);
  for (const [kind, entry] of errors)
    log(`  ${kind}: ${entry.count} (e.g. ${entry.example.replace(/\s+/g, " ").slice(0, 160)})`);
  log("\nInvariants:");
  for (const check of report.invariants) {
    log(`  ${check.holds ? "holds " : "FAILED"}  ${check.name}`);
    for (const line of check.detail) log(`          ${line}`);
  }
  log(`\n${report.ok ? "Every invariant holds." : "AN INVARIANT FAILED."}`);
}
