// The stack's floor (issue 37, goal 2): `npm run bench:floor`. What the same machine answers, in the same run, at the
// spread load's concurrency (BENCH_CALLERS keep-alive callers for BENCH_SECONDS each, after a warm-up), from the
// database up to a bid:
// 1. the database: `select 1` through postgres.js from this process, one connection per caller (its own limit);
// 2. the runtime: plain node:http processes, as many as the app's, each answering with one `select 1` through
//    postgres.js (bench/support/plain-select.mjs);
// 3. the stack: the app's GET /health, one `select 1` through Express and its middleware, Remix and Drizzle;
// 4. a bid: the app's bid answered in place (POST /inroombid.data, as the phone's script posts it), spread over
//    BENCH_ITEMS items, as `npm run bench:bids` with BENCH_CLIENT=data.
// Each line gives answers a second, latency, and the CPU per answer of the server's processes and of PostgreSQL, so
// that the bid's cost reads against a request that does nothing but cross the same stack.
// Results and method: docs/benchmarks.md ("The stack's floor").
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { freePort } from "../tests/support/free-port";
import { requireBenchSetup, startApp, throwawayDatabase, type App } from "./support/app";
import { INCREMENT, makeBidders, makeEvent, STARTING_BID } from "./support/data";
import { answerText, nextMinimumIn, sendBid, type Bidder } from "./support/posts";
import { appCpuSeconds, postgresCpuSeconds } from "./support/processes";
import { endRun, runBench } from "./support/run";
import { envNumber, ms, sleep, summary } from "./support/stats";

const CALLERS = envNumber("BENCH_CALLERS", 64, { whole: true });
const SECONDS = envNumber("BENCH_SECONDS", 8);
const ITEMS = envNumber("BENCH_ITEMS", 500, { whole: true });
const WARM_UP_MS = 1_500;
/** The app's own defaults on PostgreSQL (server.js, app/config.server.ts): a process per core, 10 connections each. */
const PROCESSES = availableParallelism();
const POOL = 10;
const adminUrl = requireBenchSetup("bench:floor");
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Floor {
  name: string;
  answers: number;
  failures: number;
  seconds: number;
  latency: ReturnType<typeof summary>;
  /** CPU seconds of the answering processes (this one for the database's line) and of PostgreSQL. */
  serverCpu: number;
  postgresCpu: number;
}

/** CALLERS callers calling `call` in turn until the time is up (a warm-up first, not counted); `call` says if it answered as expected. */
async function drive(name: string, serverCpu: () => number, call: (caller: number) => Promise<boolean>) {
  const run = async (until: number, latencies: number[] | null) => {
    let failures = 0;
    await Promise.all(
      Array.from({ length: CALLERS }, async (_, caller) => {
        while (performance.now() < until) {
          const sent = performance.now();
          if (!(await call(caller))) failures += 1;
          latencies?.push(performance.now() - sent);
        }
      }),
    );
    return failures;
  };
  await run(performance.now() + WARM_UP_MS, null);
  const latencies: number[] = [];
  const cpuBefore = { server: serverCpu(), postgres: postgresCpuSeconds() };
  const started = performance.now();
  const failures = await run(started + SECONDS * 1000, latencies);
  const floor: Floor = {
    name,
    answers: latencies.length - failures,
    failures,
    seconds: (performance.now() - started) / 1000,
    latency: summary(latencies),
    serverCpu: serverCpu() - cpuBefore.server,
    postgresCpu: postgresCpuSeconds() - cpuBefore.postgres,
  };
  report(floor);
  return floor;
}

function report(floor: Floor) {
  const perAnswer = (seconds: number) => `${((seconds * 1000) / Math.max(floor.answers, 1)).toFixed(2)} ms`;
  console.log(
    `${floor.name}: ${(floor.answers / floor.seconds).toFixed(0)} answers/s (${floor.failures} failed), p50 ${ms(floor.latency.p50)}, p99 ${ms(floor.latency.p99)} ms; CPU per answer: server ${perAnswer(floor.serverCpu)}, PostgreSQL ${perAnswer(floor.postgresCpu)}`,
  );
}

/** A GET on a keep-alive socket: whether it answered 200. */
function get(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode === 200));
      })
      .on("error", () => resolve(false));
  });
}

/** Bids spread over the event's items at each item's next minimum as the bench knows it: accepted (200) or refused (409). */
function bidder(app: App, eventId: number, itemIds: number[]) {
  const nextMinimum = new Map(itemIds.map((id) => [id, STARTING_BID]));
  return (who: Bidder) =>
    new Promise<boolean>((resolve) => {
      const itemId = itemIds[Math.floor(Math.random() * itemIds.length)]!;
      const cents = nextMinimum.get(itemId)!;
      const bid = { eventId, itemId, bidder: who, cents, key: randomUUID() };
      sendBid(app.url, bid, { agent, data: true }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const seen = response.statusCode === 200 ? cents + INCREMENT : nextMinimumIn(answerText(response, chunks));
          if (seen !== undefined && seen > nextMinimum.get(itemId)!) nextMinimum.set(itemId, seen);
          resolve(response.statusCode === 200 || response.statusCode === 409);
        });
      }).on("error", () => resolve(false));
    });
}

/** The plain node:http processes, started and listening. */
async function startPlainServer(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve("bench/support/plain-select.mjs")], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PROCESSES: String(PROCESSES),
      POOL: String(POOL),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; !(await get(url)); tries += 1) {
    if (tries > 100) throw new Error("The plain server did not answer within 10 s.");
    await sleep(100);
  }
  return { url, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

/** CPU seconds so far of a server started as `pid` and the processes it forked. */
const processesCpu = (pid: number) => () => appCpuSeconds(pid);

async function main() {
  const database = await throwawayDatabase(adminUrl);
  const sessionSecret = randomBytes(32).toString("hex");
  let sql: postgres.Sql | null = null;
  let app: App | null = null;
  let plain: Awaited<ReturnType<typeof startPlainServer>> | null = null;
  try {
    console.log(database.describe);
    console.log(
      `${CALLERS} callers, ${SECONDS} s each after ${WARM_UP_MS / 1000} s of warm-up; ${PROCESSES} server processes of ${POOL} connections; Node ${process.version}`,
    );
    sql = postgres(database.url, { max: CALLERS, onnotice: () => {} });
    const client = sql;
    const ownCpu = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1e6;
    };
    await drive("the database (select 1 from this process)", ownCpu, () =>
      client`select 1`.then(
        () => true,
        () => false,
      ),
    );

    plain = await startPlainServer(database.url);
    const plainUrl = plain.url;
    await drive("the runtime (node:http and postgres.js, select 1)", processesCpu(plain.pid), () => get(plainUrl));
    plain.stop();
    plain = null;

    app = await startApp(database.url, sessionSecret);
    const appUrl = app.url;
    await drive("the stack (GET /health: Express, Remix, Drizzle, select 1)", processesCpu(app.child.pid!), () =>
      get(`${appUrl}/health`),
    );

    const event = await makeEvent(sql, ITEMS, `floor-${randomBytes(3).toString("hex")}`);
    const bidders = await makeBidders(sql, CALLERS, [event.eventId], sessionSecret);
    const bid = bidder(app, event.eventId, event.itemIds);
    await drive(`a bid (POST /inroombid.data over ${ITEMS} items)`, processesCpu(app.child.pid!), (caller) =>
      bid(bidders[caller]!),
    );
  } finally {
    plain?.stop();
    await endRun({ sql, app, database });
  }
}

runBench(main);
