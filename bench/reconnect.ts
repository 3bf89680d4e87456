// How soon the app's PostgreSQL pool answers again after a server restart (issue 35, docs/benchmarks.md, "A gala
// evening, rehearsed"): `npm run bench:reconnect`. RESTARTS THE WHOLE SERVER that DATABASE_URL names (pg_ctl restart,
// as the data folder's owner), so it refuses to run unless BENCH_RESTART_SERVER=yes says the server is a throwaway one
// on this machine. Two pools of the same size run the same callers through the same restart: the app's
// (reconnectDelaySeconds, app/db/connection.server.ts) and, as the reference, postgres.js's own reconnect delay.
// For each: from the moment the server answers again, how long until the pool's first answer, the longest wait of a
// query sent after that moment, and the queries that failed after it.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { reconnectDelaySeconds } from "~/db/connection.server";
import { envNumber, sleep } from "./support/stats";

const CALLERS = envNumber("BENCH_RECONNECT_CALLERS", 20, { whole: true });
const POOL = envNumber("BENCH_RECONNECT_POOL", 10, { whole: true });
const ROUNDS = envNumber("BENCH_RECONNECT_ROUNDS", 3, { whole: true });
/** 0: `pg_ctl restart`; more: the server stopped for that long, then started (a longer outage). */
const AWAY_MS = process.env.BENCH_RECONNECT_AWAY_MS ? envNumber("BENCH_RECONNECT_AWAY_MS", 0, { whole: true }) : 0;
const AFTER_MS = 10_000;

interface Sample {
  sentAt: number;
  ms: number;
  ok: boolean;
}

/** Callers that each send `select 1` again and again until stopped, keeping every answer's time. */
function load(sql: postgres.Sql) {
  const samples: Sample[] = [];
  let running = true;
  const callers = Array.from({ length: CALLERS }, async () => {
    while (running) {
      const sentAt = performance.now();
      const ok = await sql`select 1`.then(
        () => true,
        () => false,
      );
      samples.push({ sentAt, ms: performance.now() - sentAt, ok });
      await sleep(10);
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(callers);
    },
  };
}

function summary(samples: Sample[], backAt: number) {
  const after = samples.filter((sample) => sample.sentAt >= backAt);
  const firstOk = after.find((sample) => sample.ok);
  return {
    firstAnswerMs: firstOk ? Math.round(firstOk.sentAt + firstOk.ms - backAt) : null,
    longestWaitMs: Math.round(Math.max(0, ...after.map((sample) => sample.ms))),
    failedAfter: after.filter((sample) => !sample.ok).length,
    queriesAfter: after.length,
  };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url || process.env.BENCH_RESTART_SERVER !== "yes") {
    console.error(
      "bench:reconnect restarts the whole PostgreSQL server: set DATABASE_URL to a throwaway server on this machine " +
        "and BENCH_RESTART_SERVER=yes (docs/rehearsal.md shows how to make one).",
    );
    process.exit(2);
  }
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const [setting] = await admin`select current_setting('data_directory') as folder,
    current_setting('server_version_num')::int / 10000 as major`;
  await admin.end();
  const folder = String(setting.folder);
  const owner = execFileSync("id", ["-nu", String(statSync(folder).uid)], { encoding: "utf8" }).trim();
  const me = execFileSync("id", ["-nu"], { encoding: "utf8" }).trim();
  const logFile = path.join(tmpdir(), "gavel-bench-reconnect-postgres.log");
  // postmaster.opts: the server's program and its options as it was started, each quoted.
  const startedWith = readFileSync(path.join(folder, "postmaster.opts"), "utf8")
    .trim()
    .replace(/^\S+\s*/, "");
  /** pg_ctl on the server's folder, as its owner. */
  const pgCtl = async (action: string[]) => {
    const command = [`/usr/lib/postgresql/${setting.major}/bin/pg_ctl`, "-D", folder, "-l", logFile, ...action];
    const [program, ...args] = me === owner ? command : ["runuser", "-u", owner, "--", ...command];
    const exitCode = await new Promise<number | null>((resolve) =>
      spawn(program, args, { stdio: "ignore" }).once("exit", resolve),
    );
    if (exitCode !== 0) throw new Error(`pg_ctl ${action.at(-1)} exited with ${exitCode}: see ${logFile}`);
  };
  const pools = {
    app: postgres(url, { max: POOL, onnotice: () => {}, backoff: reconnectDelaySeconds }),
    reference: postgres(url, { max: POOL, onnotice: () => {} }),
  };
  console.log(
    `${CALLERS} callers on each of two pools of ${POOL}, ${ROUNDS} restarts, ${AWAY_MS ? `stopped ${AWAY_MS} ms each` : "pg_ctl restart"}`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const loads = { app: load(pools.app), reference: load(pools.reference) };
    await sleep(2_000);
    const restartedAt = performance.now();
    // Not synchronous calls: the callers carry on meanwhile.
    if (AWAY_MS > 0) {
      await pgCtl(["--mode", "fast", "--wait", "stop"]);
      await sleep(AWAY_MS);
      // Started as it was: its options (port, socket folder) are those pg_ctl restart would reuse.
      await pgCtl(["--wait", "-o", startedWith, "start"]);
    } else await pgCtl(["--mode", "fast", "--wait", "restart"]);
    const backAt = performance.now();
    await sleep(AFTER_MS);
    await Promise.all([loads.app.stop(), loads.reference.stop()]);
    console.log(`restart ${round}: the server was away ${((backAt - restartedAt) / 1000).toFixed(2)} s`);
    for (const [name, { samples }] of Object.entries(loads))
      console.log(`  ${name}: ${JSON.stringify(summary(samples, backAt))}`);
  }
  await Promise.all([pools.app.end({ timeout: 5 }), pools.reference.end({ timeout: 5 })]);
}

await main();
