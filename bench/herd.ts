// The room back on the Wi-Fi: `npm run bench:herd`. Starts the built app (node server.js, its default two processes)
// on a fresh database of the PostgreSQL server DATABASE_URL names, with one event of ITEMS published silent items,
// and opens N bidders' streams (/inroombid/stream) at the same moment from one address, as a ballroom's phones do
// when the venue's network comes back; each stream's time from its request to its snapshot is taken, and the time
// until every stream had one. Several rounds, the streams closed between them. The reference, in the same run: the
// same N board reads through the app's own code (loadBoard) in this process, at once, on a pool as large as the app's
// two processes' together: the database's own time for what the phones ask of it. Results and method:
// docs/benchmarks.md ("The room back on the Wi-Fi").
//
// Environment (defaults in brackets): DATABASE_URL (required), BENCH_HERD [500 streams], BENCH_ITEMS [150],
// BENCH_ROUNDS [3].
import { randomBytes } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { loadEventAuctionRules } from "~/bidding/auction-rules.server";
import { loadBoard } from "~/bidding/board.server";
import { openDatabase } from "~/db/connection.server";
import { requireBenchSetup, type App } from "./support/app";
import { makeEvent } from "./support/data";
import { cpuMeter } from "./support/processes";
import { benchOnThrowawayDatabase, runBench } from "./support/run";
import { envNumber, ms, sleep, summary } from "./support/stats";

const HERD = envNumber("BENCH_HERD", 500, { whole: true });
const ITEMS = envNumber("BENCH_ITEMS", 150, { whole: true });
const ROUNDS = envNumber("BENCH_ROUNDS", 3, { whole: true });
/** The app's pool per process (app/db/connection.server.ts) times its default two processes. */
const APP_CONNECTIONS = 2 * 10;
const GIVE_UP_MS = 60_000;

const adminUrl = requireBenchSetup("bench:herd");

/** Opens one stream; resolves with the ms from its request to its snapshot, and the way to close it. */
function openUntilSnapshot(app: App, eventId: number, agent: http.Agent) {
  return new Promise<{ ms: number; close: () => void }>((resolve, reject) => {
    const started = performance.now();
    const request = http.get(`${app.url}/inroombid/stream?id=${eventId}`, { agent }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`stream answered ${response.statusCode}`));
      }
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        // The snapshot is the stream's first event: whole once its blank line has come.
        if (text.startsWith("event: snapshot\n") && text.includes("\n\n")) {
          clearTimeout(timer);
          resolve({ ms: performance.now() - started, close: () => request.destroy() });
        }
      });
      response.on("error", () => {});
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no snapshot within ${GIVE_UP_MS / 1000} s`));
    }, GIVE_UP_MS);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function herdRound(app: App, eventId: number) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const meter = cpuMeter(app.child.pid!);
  const started = performance.now();
  const outcomes = await Promise.allSettled(Array.from({ length: HERD }, () => openUntilSnapshot(app, eventId, agent)));
  const allMs = performance.now() - started;
  const opened = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const errors = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [String(outcome.reason)] : []));
  const cpu = meter();
  opened.forEach((stream) => stream.close());
  agent.destroy();
  return { times: summary(opened.map((stream) => stream.ms)), allMs, errors, cpu };
}

/** The N board reads the phones ask for, through the app's code in this process, at once. */
async function referenceRound(databaseUrl: string, eventId: number) {
  const connection = openDatabase({ engine: "postgres", url: databaseUrl, maxConnections: APP_CONNECTIONS });
  try {
    const rules = await loadEventAuctionRules(connection.db, eventId);
    if (!rules) throw new Error("The bench's event has no auction rules.");
    await loadBoard(connection.db, rules);
    const started = performance.now();
    const boards = await Promise.all(Array.from({ length: HERD }, () => loadBoard(connection.db, rules)));
    if (boards.some((board) => board.length !== ITEMS)) throw new Error("A reference read missed items.");
    return performance.now() - started;
  } finally {
    await connection.close();
  }
}

async function main() {
  await benchOnThrowawayDatabase(adminUrl, async ({ app, sql, databaseUrl }) => {
    let ok = true;
    const gala = await makeEvent(sql, ITEMS, `herd-${randomBytes(3).toString("hex")}`);
    const lone = await openUntilSnapshot(app, gala.eventId, new http.Agent());
    lone.close();
    console.log(`Data: one event, ${ITEMS} items. One stream alone: its snapshot after ${ms(lone.ms)} ms.\n`);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const herd = await herdRound(app, gala.eventId);
      const reference = await referenceRound(databaseUrl, gala.eventId);
      if (herd.errors.length) ok = false;
      console.log(
        `Round ${round}: ${HERD - herd.errors.length} of ${HERD} streams had their snapshot; every one after ${ms(herd.allMs)} ms ` +
          `(p50 ${ms(herd.times.p50)}, p95 ${ms(herd.times.p95)}, max ${ms(herd.times.max)} ms); ${herd.cpu}`,
      );
      if (herd.errors.length) console.log(`  failed: ${herd.errors.slice(0, 3).join("; ")}`);
      console.log(
        `  reference: ${HERD} board reads at once through the app's code on ${APP_CONNECTIONS} connections: ${ms(reference)} ms; ` +
          `the herd took ${(herd.allMs / reference).toFixed(2)} times as long`,
      );
      await sleep(2_000);
    }
    return ok;
  });
}

runBench(main);
