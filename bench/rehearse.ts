// A gala evening, played against Gavel (issue 35, part 2): `npm run rehearse`. Starts the built app on a fresh
// database (PostgreSQL when DATABASE_URL names a server, else the embedded PGlite) with the Stripe sandbox standing in
// for Stripe, writes a gala into it, and plays the evening through the app's HTTP forms, live streams and webhooks:
// registration and check-in, the silent auction on streaming phones, the live auction, the paddle raise, the raffle,
// gifts, the close, checkout; with --chaos, faults played into it (bench/rehearse/chaos.ts). Then it checks the
// invariants in the database, measures the machine's own limit (the bid transaction in plain SQL), prints a report and
// writes it as JSON and as an HTML page with a timeline. Exits 1 when an invariant fails. How to run it and read the
// report: docs/rehearsal.md.
//
// Options: --guests [40] --items [20] --speed [120: the evening's 100-odd minutes in about a minute] --seed [35]
// --engine [postgres with DATABASE_URL, else pglite] --demo [off: the demo gala instead of the rehearsal's own]
// --chaos [off] --stations [off: the doors and the paddle raise through their stations' queues, with outages]
// --json [<tmp>/gavel-rehearsal.json] --html [the JSON's path ending .html]
import { writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { playEvening, SILENT_CLOSES_AT_MINUTE } from "./rehearse/evening";
import { amountsShown, checkInvariants, type ScreenText } from "./rehearse/invariants";
import { openNight } from "./rehearse/night";
import { measureReference } from "./rehearse/reference";
import { printReport, type RehearsalReport } from "./rehearse/report";
import { reportPage } from "./rehearse/report-page";
import { setStage, type Engine } from "./rehearse/stage";
import { accountForStations, openStations } from "./rehearse/stations";
import { Tally } from "./rehearse/tally";
import { buildTimeline } from "./rehearse/timeline";
import { requireBenchSetup } from "./support/app";
import { runBench } from "./support/run";
import { sleep, summary } from "./support/stats";

const { values } = parseArgs({
  options: {
    guests: { type: "string", default: "40" },
    items: { type: "string", default: "20" },
    speed: { type: "string", default: "120" },
    seed: { type: "string", default: "35" },
    engine: { type: "string" },
    demo: { type: "boolean", default: false },
    chaos: { type: "boolean", default: false },
    stations: { type: "boolean", default: false },
    json: { type: "string", default: path.join(tmpdir(), "gavel-rehearsal.json") },
    html: { type: "string" },
  },
});

function whole(name: string, text: string | undefined, { min = 1, max = 100_000 } = {}) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got "${text}").`);
    process.exit(2);
  }
  return value;
}

const guests = whole("guests", values.guests, { min: 2 });
const items = whole("items", values.items);
const speed = whole("speed", values.speed, { max: 10_000 });
const seed = whole("seed", values.seed, { min: 0, max: 2 ** 31 });
const engine = (values.engine ?? (process.env.DATABASE_URL ? "postgres" : "pglite")) as Engine;
if (engine !== "postgres" && engine !== "pglite") {
  console.error(`--engine is postgres or pglite (got "${engine}").`);
  process.exit(2);
}
const adminUrl = requireBenchSetup("rehearse", { database: engine === "postgres" });
// --chaos restarts the PostgreSQL server itself, which it can only do on this machine.
if (
  values.chaos &&
  engine === "postgres" &&
  !["127.0.0.1", "localhost", "[::1]"].includes(new URL(adminUrl).hostname)
) {
  console.error("--chaos restarts PostgreSQL with pg_ctl: DATABASE_URL must name a server on this machine.");
  process.exit(2);
}
const htmlPath = values.html ?? values.json!.replace(/(\.json)?$/, ".html");

async function main() {
  const started = performance.now();
  const log = (line: string) => console.log(line);
  const stage = await setStage({
    engine,
    adminUrl,
    guests,
    items,
    silentSeconds: (SILENT_CLOSES_AT_MINUTE * 60) / speed,
    demo: values.demo!,
  });
  let ok = false;
  try {
    log(`Rehearsal on ${stage.describe}; the app at ${stage.app.url}`);
    const tally = new Tally();
    const chaos = values.chaos!;
    const night = await openNight(stage, tally, { speed, seed, startsAt: stage.startsAt, chaos }, log);
    if (values.stations) night.links = openStations(night);
    const evening = await playEvening(night, { chaos: chaos ? adminUrl : null });
    const seconds = tally.now();
    const loadAverage = loadavg().map((load) => Math.round(load * 100) / 100);
    // The sandbox's last webhooks may still be on their way, and the app may still be finishing the evening ("charge
    // all" works through its cards in the background): the screens are read once their figures hold still, however
    // long a slow machine takes. Then the database (PGlite's has one owner: the app stops first).
    await stage.stripe.webhooksDelivered();
    const screens = await readScreensOnceSettled(stage.app.url, night.staff.organiser, stage.gala.eventId);
    const database = await stage.database();
    const stations = night.links ? await accountForStations(database.db, stage.gala.eventId, night.links) : null;
    const invariants = await checkInvariants(
      database.db,
      stage.gala.eventId,
      night.acknowledged,
      stage.stripe,
      screens,
      new Date(stage.startsAt),
    );
    if (stations)
      invariants.push({
        name: "every station entry answered, and stored once with its answer (--stations)",
        holds: stations.accountedFor,
        detail: stations.accountedFor
          ? [`${stations.stations.reduce((sum, station) => sum + station.taken, 0)} entries`]
          : stations.problems,
      });
    ok = invariants.every((check) => check.holds);
    log("The reference: the bid transaction in plain SQL on the same database");
    const plain = stage.plainSql();
    const reference = await measureReference(
      plain,
      night.guests.map((guest) => guest.usrId),
    ).finally(() => plain.close());
    const report: RehearsalReport = {
      engine,
      database: stage.describe,
      guests,
      items,
      liveLots: stage.gala.live.length,
      speed,
      seed,
      chaos,
      seconds: (performance.now() - started) / 1000,
      loadAverage,
      actions: tally.actions(),
      streams: { phones: evening.streams, deltas: tally.streamDelays.length, delayMs: summary(tally.streamDelays) },
      checkout: evening.checkout,
      errors: tally.errorsByKind(),
      faults: evening.faults,
      timeline: buildTimeline(tally.moments, tally.errorMoments, seconds),
      reference,
      invariants,
      stations,
      ok,
    };
    printReport(report, log);
    writeFileSync(values.json!, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(htmlPath, reportPage(report));
    log(`The report as JSON: ${values.json}; as a page: ${htmlPath}`);
  } finally {
    await stage.end();
  }
  process.exit(ok ? 0 : 1);
}

/**
 * The screens, read until two readings half a second apart show the same amounts: whatever the app still finishes
 * after the evening (a card charged, a webhook's payment) is waited for, so that the figures the checks read next are
 * the ones the screens showed.
 */
async function readScreensOnceSettled(
  url: string,
  organiser: Awaited<ReturnType<typeof openNight>>["staff"]["organiser"],
  eventId: number,
): Promise<ScreenText[]> {
  const amounts = (screens: ScreenText[]) => screens.map((screen) => amountsShown(screen.text).join(" ")).join(" | ");
  const deadline = performance.now() + 60_000;
  let screens = await readScreens(url, organiser, eventId);
  for (;;) {
    await sleep(500);
    const again = await readScreens(url, organiser, eventId);
    if (amounts(again) === amounts(screens) || performance.now() > deadline) return again;
    screens = again;
  }
}

/** The organiser's screens that show the evening's money: the dashboard and the revenue report. */
async function readScreens(
  url: string,
  organiser: Awaited<ReturnType<typeof openNight>>["staff"]["organiser"],
  eventId: number,
): Promise<ScreenText[]> {
  const screens: ScreenText[] = [];
  for (const [name, address] of [
    ["the dashboard", `/admin/dashboard?id=${eventId}`],
    ["the revenue report", `/admin/setup/reporting/revenue?id=${eventId}`],
  ]) {
    const page = await organiser.get(address);
    screens.push({
      name,
      text:
        page.status === 200 ? page.text : `(answered ${page.status} at ${url}${address}: ${page.text.slice(0, 300)})`,
    });
  }
  return screens;
}

runBench(main);
