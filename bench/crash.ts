// The crash drill in full (issue 19, drill 1): `npm run drill:crash`. During a storm of 64 bidders, the built app is
// killed with SIGKILL 20 times at random moments and started again, on PostgreSQL (a new database on DATABASE_URL's
// server) and on the embedded PGlite; then, with DRILL_RESTART_POSTGRES=1, the PostgreSQL server itself is stopped
// for 10 s under load and started again (pg_ctlcluster: this stops the whole server, so run it on a machine of your
// own). What is checked: bench/crash-drill.ts. Results and method: docs/reliability.md ("Drills").
//
// Environment: DATABASE_URL (required), DRILL_KILLS [20], DRILL_BIDDERS [64], DRILL_ITEMS [40], DRILL_ENGINES
// [postgres,pglite], DRILL_RESTART_POSTGRES [unset].
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { runCrashDrill, type CrashDrillResult } from "./crash-drill";
import { requireBenchSetup } from "./support/app";
import { runBench } from "./support/run";
import { envNumber, ms } from "./support/stats";

const KILLS = envNumber("DRILL_KILLS", 20);
const BIDDERS = envNumber("DRILL_BIDDERS", 64);
const ITEMS = envNumber("DRILL_ITEMS", 40);
const ENGINES = (process.env.DRILL_ENGINES ?? "postgres,pglite").split(",") as ("postgres" | "pglite")[];
const adminUrl = requireBenchSetup("drill:crash");

/** The machine's PostgreSQL cluster, stopped and started as its operator would (Debian's pg_ctlcluster). */
function postgresCluster() {
  const version = readdirSync("/etc/postgresql")
    .sort((a, b) => Number(a) - Number(b))
    .at(-1)!;
  const run = (action: string, ...flags: string[]) =>
    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", ...flags, version, "main", action], {
      stdio: "inherit",
    });
  return { stop: () => run("stop", "--mode", "fast"), start: () => run("start"), seconds: 10 };
}

function row(result: CrashDrillResult) {
  const { answers, outbox, closing } = result;
  return [
    result.engine,
    `${result.kills}`,
    `${ms(result.recovery.p50 * 1000)} / ${ms(result.recovery.max * 1000)} ms`,
    `${answers.accepted} / ${answers.refused} / ${answers.unanswered} / ${answers.notDelivered}`,
    `${ms(result.answerLatency.p50)} / ${ms(result.answerLatency.p99)} ms`,
    `${result.ledgerRows} (${result.committedUnanswered} in flight)`,
    `${closing.closed} of ${closing.due}, ${closing.latestAfterAppBackSeconds.toFixed(1)} s`,
    `${outbox.sent} of ${outbox.messages} sent (${outbox.sentAgain} after a kill), ${outbox.dueLater} due later, ${outbox.retrying} retrying; ${outbox.mailsReceived} mails`,
    result.failures.length === 0 ? "all hold" : result.failures.join("; "),
  ].join(" | ");
}

async function main() {
  console.log(
    `Crash drill: ${KILLS} kills, ${BIDDERS} bidders, ${ITEMS} items, engines ${ENGINES.join(", ")}; Node ${process.version}`,
  );
  const results: CrashDrillResult[] = [];
  for (const engine of ENGINES) {
    const result = await runCrashDrill({
      engine,
      adminUrl,
      bidders: BIDDERS,
      kills: KILLS,
      items: ITEMS,
      upSeconds: [2, 6],
      restartPostgres: engine === "postgres" && process.env.DRILL_RESTART_POSTGRES ? postgresCluster() : undefined,
      log: (line) => console.log(`  ${line}`),
    });
    results.push(result);
    if (result.postgresRestart) {
      const restart = result.postgresRestart;
      console.log(
        `  PostgreSQL stopped 10 s: /health ${restart.healthDuringOutage}; healthy ${restart.healthyAfterStartSeconds.toFixed(1)} s after its start, first accepted bid after ${restart.firstAcceptedBidAfterStartSeconds.toFixed(1)} s; app processes replaced: ${restart.appProcessesReplaced}`,
      );
    }
  }
  console.log(
    "\n| engine | kills | back up (p50 / max) | answers: accepted / refused / unanswered / not delivered | answer time p50 / p99 | ledger rows | closes due, latest after an app was back | outbox | checks |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const result of results) console.log(`| ${row(result)} |`);
  process.exit(results.every((result) => result.failures.length === 0) ? 0 : 1);
}

runBench(main);
