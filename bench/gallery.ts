// The bidders' gallery benchmark (issue 18, goal 7): `npm run bench:gallery`. Starts the built app (node server.js,
// its default processes) on a fresh database of the PostgreSQL server DATABASE_URL names, with one event of 300
// published silent items, and has C clients fetch the public gallery (GET /inroombid?id=, no session, gzip accepted
// as a phone's browser does) in a loop for S seconds: pages rendered per second, latency, the page's size. Reference
// in the same run, with the same clients: the server's answers per second for a trivial route (GET /health), which
// is what Express, the access log and the request handling cost without Remix rendering anything. Then the other
// way round (the gallery again), so that a change in the machine's load shows. Results: docs/benchmarks.md
// ("The bidders' gallery").
//
// Environment (defaults in brackets): DATABASE_URL (required), BENCH_GALLERY_ITEMS [300], BENCH_CLIENTS [32],
// BENCH_SECONDS [10], BENCH_KEEP_DB [unset].
import { randomBytes } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { gunzipSync } from "node:zlib";
import { requireBenchSetup, type App } from "./support/app";
import { makeEvent, transactions } from "./support/data";
import { cpuMeter } from "./support/processes";
import { benchOnThrowawayDatabase, runBench } from "./support/run";
import { envNumber, ms, summary } from "./support/stats";
import type postgres from "postgres";

const ITEMS = envNumber("BENCH_GALLERY_ITEMS", 300, { whole: true });
const CLIENTS = envNumber("BENCH_CLIENTS", 32, { whole: true });
const SECONDS = envNumber("BENCH_SECONDS", 10);
const adminUrl = requireBenchSetup("bench:gallery");

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One GET, resolved when its whole body has arrived: status, compressed bytes, latency. */
function get(app: App, path: string) {
  const started = performance.now();
  return new Promise<{ status: number; bytes: number; latencyMs: number; body: Buffer }>((resolve) => {
    http
      .get(`${app.url}${path}`, { agent, headers: { "Accept-Encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            bytes: body.length,
            latencyMs: performance.now() - started,
            body,
          });
        });
      })
      .on("error", () =>
        resolve({ status: 0, bytes: 0, latencyMs: performance.now() - started, body: Buffer.alloc(0) }),
      );
  });
}

/** CLIENTS loops of GET `path` for SECONDS: answers per second, latency, CPU shares, statements per answer. */
async function load(app: App, sql: postgres.Sql, name: string, path: string) {
  const latencies: number[] = [];
  let failed = 0;
  let bytes = 0;
  const meter = cpuMeter(app.child.pid!);
  const before = await transactions(sql);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const answer = await get(app, path);
        if (answer.status !== 200) failed += 1;
        else {
          latencies.push(answer.latencyMs);
          bytes += answer.bytes;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = meter();
  // PostgreSQL's counters are flushed within a second or so.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const statements = ((await transactions(sql)) - before - 1) / Math.max(1, latencies.length);
  const rate = latencies.length / seconds;
  const s = summary(latencies);
  console.log(`\n${name}: GET ${path}, ${CLIENTS} clients, ${seconds.toFixed(1)} s`);
  console.log(
    `  all answers ${rate.toFixed(0)}/s (${latencies.length} answered 200, ${failed} otherwise); ${(bytes / Math.max(1, latencies.length) / 1024).toFixed(1)} KB each as sent (gzip)`,
  );
  console.log(`  latency ms: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`);
  console.log(`  ${cpu}; PostgreSQL transactions per answer ${statements.toFixed(1)}`);
  return { rate, failed };
}

async function main() {
  await benchOnThrowawayDatabase(adminUrl, async ({ app, sql }) => {
    let ok = true;
    const gala = await makeEvent(sql, ITEMS, `gallery-${randomBytes(3).toString("hex")}`);
    const gallery = `/inroombid?id=${gala.eventId}`;
    const first = await get(app, gallery);
    const gzipped = first.body[0] === 0x1f && first.body[1] === 0x8b;
    const text = (gzipped ? gunzipSync(first.body) : first.body).toString("utf8");
    const cards = (text.match(/Lot \d+/g) ?? []).length;
    console.log(
      `Data: one event, ${ITEMS} published silent items; the gallery answers ${first.status}, ${(text.length / 1024).toFixed(0)} KB of HTML (${(first.bytes / 1024).toFixed(0)} KB gzipped), ${cards} lot titles in it`,
    );
    if (first.status !== 200) ok = false;
    // Warm-up (not reported): JIT, pools, prepared statements.
    await Promise.all(Array.from({ length: CLIENTS }, () => get(app, gallery)));
    await Promise.all(Array.from({ length: CLIENTS }, () => get(app, "/health")));

    const pages = await load(app, sql, "Gallery", gallery);
    const health = await load(app, sql, "Reference: a trivial route", "/health");
    const again = await load(app, sql, "Gallery again", gallery);
    if (pages.failed + health.failed + again.failed > 0) ok = false;
    const best = Math.max(pages.rate, again.rate);
    console.log(`\nGoal (issue 18): at least 500 gallery pages/s`);
    console.log(
      `  ${best >= 500 ? "met   " : "MISSED"} gallery of ${ITEMS} items: ${pages.rate.toFixed(0)} and ${again.rate.toFixed(0)} pages/s; /health ${health.rate.toFixed(0)} answers/s in the same run: ${((pages.rate / health.rate) * 100).toFixed(1)}% and ${((again.rate / health.rate) * 100).toFixed(1)}% of it`,
    );
    return ok;
  });
}

runBench(main);
