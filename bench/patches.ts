// What each framework patch is worth (issue 39, item 6): `npm run bench:patches`. Starts the built app on a fresh
// database of the PostgreSQL server DATABASE_URL names, makes an event of BENCH_PATCH_ITEMS items and a signed-in
// bidder, and loads the two pages a guest opens all evening, the gallery and an item's page, with BENCH_PATCH_CALLERS
// callers for BENCH_PATCH_SECONDS.
// Then, for each patch of Remix and React Router in patches/, the same load with that one patch taken out of
// node_modules (git apply -R), back to back with the load with every patch, twice in alternation. The figure is the
// app's CPU per answer, which a busy machine disturbs less than answers per second; the reference is the same app
// with the patch, measured in the same run. Every patch is put back at the end, whatever happens.
// Results and method: docs/benchmarks.md ("The framework patches").
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { requireBenchSetup, startApp, throwawayDatabase, type App } from "./support/app";
import { makeBidders, makeEvent } from "./support/data";
import { appCpuSeconds } from "./support/processes";
import { endRun, runBench } from "./support/run";
import { envNumber } from "./support/stats";

const ITEMS = envNumber("BENCH_PATCH_ITEMS", 60, { whole: true });
const CALLERS = envNumber("BENCH_PATCH_CALLERS", 8, { whole: true });
const SECONDS = envNumber("BENCH_PATCH_SECONDS", 8);
const ROUNDS = envNumber("BENCH_PATCH_ROUNDS", 2, { whole: true });
/** The patches that claim speed; the postgres.js one is a crash fix (decision 030), proven by the crash drill. */
const SPEED_PATCHES = ["@remix-run+router+1.23.3.patch", "@remix-run+react+2.17.5.patch"];
const adminUrl = requireBenchSetup("bench:patches");
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function get(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { Cookie: cookie } }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

/** CALLERS callers opening the pages one after another for SECONDS: answers, and the app's CPU ms per answer. */
async function load(app: App, pages: string[], cookie: string) {
  // A short warm-up, so that the first renders (and the JIT) are not counted.
  for (const page of pages)
    for (let i = 0; i < 20; i++) {
      const status = await get(`${app.url}${page}`, cookie);
      if (status !== 200) throw new Error(`${page} answered ${status}`);
    }
  const cpuBefore = appCpuSeconds(app.child.pid!);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let answers = 0;
  let failures = 0;
  let failedWith = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      for (let n = caller; performance.now() < until; n++) {
        const status = await get(`${app.url}${pages[n % pages.length]}`, cookie);
        if (status === 200) answers++;
        else {
          failures++;
          failedWith = status;
        }
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const cpuMs = (appCpuSeconds(app.child.pid!) - cpuBefore) * 1000;
  if (failures > 0) throw new Error(`${failures} pages did not answer 200 (the last: ${failedWith})`);
  return { perSecond: answers / wall, cpuMsPerAnswer: cpuMs / answers };
}

function patchOut(patch: string) {
  execFileSync("git", ["apply", "-R", `patches/${patch}`]);
}

function patchIn(patch: string) {
  execFileSync("git", ["apply", `patches/${patch}`]);
}

async function main() {
  const database = await throwawayDatabase(adminUrl);
  console.log(database.describe);
  const sessionSecret = randomBytes(32).toString("hex");
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  let app: App | null = null;
  let removed: string | null = null;
  try {
    // The first start migrates the database; the event is made once and served to every configuration.
    app = await startApp(database.url, sessionSecret);
    const { eventId, itemIds } = await makeEvent(sql, ITEMS, randomBytes(3).toString("hex"));
    // A signed-in bidder: the bidder pages are what guests open all evening.
    const [{ cookie }] = await makeBidders(sql, 1, [eventId], sessionSecret);
    app.stop();
    app = null;
    const pages = [`/inroombid?id=${eventId}`, `/inroombid?id=${eventId}&item=${itemIds[0]}`];
    const measure = async () => {
      app = await startApp(database.url, sessionSecret);
      try {
        return await load(app, pages, cookie);
      } finally {
        app.stop();
        app = null;
      }
    };
    console.log(`${CALLERS} callers, ${SECONDS} s a load, pages: ${pages.join(", ")}\n`);
    console.log(
      "| patch taken out | round | with every patch: answers/s, CPU ms each | without it | CPU per answer, with ÷ without |",
    );
    console.log("|---|---|---|---|---|");
    for (const patch of SPEED_PATCHES) {
      for (let round = 1; round <= ROUNDS; round++) {
        const withPatch = await measure();
        patchOut(patch);
        removed = patch;
        const withoutPatch = await measure();
        patchIn(patch);
        removed = null;
        const cell = (run: typeof withPatch) => `${run.perSecond.toFixed(0)}/s, ${run.cpuMsPerAnswer.toFixed(2)} ms`;
        const ratio = withPatch.cpuMsPerAnswer / withoutPatch.cpuMsPerAnswer;
        console.log(
          `| ${patch} | ${round} | ${cell(withPatch)} | ${cell(withoutPatch)} | ${(ratio * 100).toFixed(0)}% |`,
        );
      }
    }
  } finally {
    if (removed) patchIn(removed);
    await endRun({ sql, app, database });
  }
}

runBench(main);
