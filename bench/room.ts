// The room's screens benchmark (issue 13): `npm run bench:room`. Starts the built app on a fresh database of the
// PostgreSQL server DATABASE_URL names, with the demo loaded (its gala has live lots and a monitor at
// /woa2025monitor), opens BENCH_ROOM_STREAMS server-sent-event streams, half on the projector (/livec/stream) and
// half on the monitor (/woa2025monitor/stream), and has the clerk post BENCH_ROOM_ENTRIES floor bids on an open
// lot through /live, as the console does, BENCH_ROOM_SPACING_MS apart. Each entry is timed from the clerk's post
// to its arrival on every stream (the amount shows in the projector's delta and in the monitor's snapshot).
// Reference, in the same run: the database's own delivery, from a pg_notify on one connection to a LISTEN on
// another, timed the same way. Results and method: docs/benchmarks.md ("The room's screens").
import { randomBytes } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { requireBenchSetup, sessionCookie, startApp, throwawayDatabase, type App } from "./support/app";
import { sendForm } from "./support/posts";
import { endRun, runBench } from "./support/run";
import { readServerSentEvents } from "./support/server-sent-events";
import { envNumber, ms, sleep, summary } from "./support/stats";

const STREAMS = envNumber("BENCH_ROOM_STREAMS", 500);
const ENTRIES = envNumber("BENCH_ROOM_ENTRIES", 30);
const SPACING_MS = envNumber("BENCH_ROOM_SPACING_MS", 300);
const adminUrl = requireBenchSetup("bench:room");

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Stream {
  request: http.ClientRequest;
  /** amount (cents) of the live lot's current bid -> performance.now() when it first arrived */
  arrivals: Map<number, number>;
}

/** The live lot's current bid in a message of either screen's stream. */
function currentBidOf(event: string, data: string): number | null {
  const message = JSON.parse(data) as { data: unknown };
  if (event === "delta")
    return (message.data as { current?: { currentBid?: number | null } })?.current?.currentBid ?? null;
  if (event === "snapshot")
    return (message.data as { live?: { current?: { currentBid?: number | null } } })?.live?.current?.currentBid ?? null;
  return null;
}

function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { request: null as unknown as http.ClientRequest, arrivals: new Map() };
    let opened = false;
    stream.request = http.get(url, { agent }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      readServerSentEvents(response, (event, data, at) => {
        if (event === "heartbeat") return;
        if (!opened && event === "snapshot") {
          opened = true;
          resolve(stream);
        }
        const amount = currentBidOf(event, data);
        if (amount !== null && !stream.arrivals.has(amount)) stream.arrivals.set(amount, at);
      });
      response.on("error", () => {});
    });
    stream.request.on("error", (error) => {
      if (!opened) reject(error);
    });
  });
}

function post(app: App, path: string, cookie: string, fields: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const request = sendForm(app.url, path, cookie, fields, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
}

/** The database's own delivery: pg_notify on one connection to LISTEN on another, `count` times. */
async function notifyReference(databaseUrl: string, count: number) {
  const listener = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const sender = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  await listener.listen("gavel_bench_reference", (payload) => {
    const at = performance.now();
    const sent = sentAt.get(payload);
    if (sent !== undefined) delays.push(at - sent);
  });
  for (let i = 0; i < count; i++) {
    const payload = `${i}`;
    sentAt.set(payload, performance.now());
    await sender`select pg_notify('gavel_bench_reference', ${payload})`;
    await sleep(SPACING_MS / 10);
  }
  await sleep(500);
  await listener.end({ timeout: 5 });
  await sender.end({ timeout: 5 });
  return summary(delays);
}

async function main() {
  const database = await throwawayDatabase(adminUrl);
  const sessionSecret = randomBytes(32).toString("hex");
  let app: App | null = null;
  let sql: postgres.Sql | null = null;
  const streams: Stream[] = [];
  try {
    console.log(database.describe);
    app = await startApp(database.url, sessionSecret, { SEED_DEMO: "true" });
    console.log(`App: node server.js at ${app.url} (pid ${app.child.pid}), Node ${process.version}`);
    sql = postgres(database.url, { max: 2, onnotice: () => {} });

    const [gala] = await sql`select e.event_id from event e join monitor m using (event_id)
      where m.path = 'woa2025monitor' and not e.is_archived limit 1`;
    const [organiser] = await sql`select usr_id from usr where email_address = 'organiser@demo.gavel.test'`;
    const [lot] = await sql`select auction_item_id from auction_item
      where event_id = ${gala.event_id} and type = 'live' and status = 'published' order by display_order, lot limit 1`;
    // Two paddles in turn: a paddle does not outbid itself.
    const paddles =
      await sql`select paddle from usr_event_paddle where event_id = ${gala.event_id} order by paddle limit 2`;
    const cookie = await sessionCookie(sessionSecret, organiser.usr_id);
    const consolePath = `/live?id=${gala.event_id}`;
    const opened = await post(app, consolePath, cookie, { intent: "open", lot: String(lot.auction_item_id) });
    if (opened !== 302) throw new Error(`Opening the lot answered ${opened}`);

    const urls = [`/livec/stream?id=${gala.event_id}`, `/woa2025monitor/stream?id=${gala.event_id}`];
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = Array.from({ length: Math.min(50, STREAMS - i) }, (_, j) =>
        openStream(`${app!.url}${urls[(i + j) % 2]}`),
      );
      streams.push(...(await Promise.all(batch)));
    }
    console.log(
      `Streams: ${streams.length} open (${Math.ceil(STREAMS / 2)} /livec, ${Math.floor(STREAMS / 2)} monitor)`,
    );

    const sent = new Map<number, number>();
    const answers: number[] = [];
    for (let i = 0; i < ENTRIES; i++) {
      const amount = 10_000_00 + i * 1_000_00;
      sent.set(amount, performance.now());
      answers.push(
        await post(app, consolePath, cookie, {
          intent: "bid",
          lot: String(lot.auction_item_id),
          paddle: String(paddles[i % 2].paddle),
          amount: String(amount / 100),
        }),
      );
      await sleep(SPACING_MS);
    }
    await sleep(2_000);

    const delays = { projector: [] as number[], monitor: [] as number[] };
    let missing = 0;
    streams.forEach((stream, index) => {
      for (const [amount, at] of sent) {
        const arrived = stream.arrivals.get(amount);
        if (arrived === undefined) {
          // The monitor's readings come at most every 100 ms: a later reading may carry a later amount instead.
          if (index % 2 === 0) missing += 1;
          continue;
        }
        (index % 2 === 0 ? delays.projector : delays.monitor).push(arrived - at);
      }
    });
    const monitorLatest = streams
      .filter((_, index) => index % 2 === 1)
      .filter((stream) => !stream.arrivals.has(10_000_00 + (ENTRIES - 1) * 1_000_00)).length;
    const reference = await notifyReference(database.url, ENTRIES);
    const all = summary([...delays.projector, ...delays.monitor]);
    const refused = answers.filter((status) => status !== 302).length;
    const line = (label: string, s: ReturnType<typeof summary>) =>
      console.log(
        `  ${label.padEnd(34)} p50 ${ms(s.p50)} ms  p95 ${ms(s.p95)} ms  p99 ${ms(s.p99)} ms  max ${ms(s.max)} ms`,
      );
    console.log(`\nClerk entries: ${ENTRIES}, ${SPACING_MS} ms apart; ${refused} not accepted`);
    line("entry to the projector streams", summary(delays.projector));
    line("entry to the monitor streams", summary(delays.monitor));
    line("entry to every stream", all);
    line("reference: NOTIFY to LISTEN", reference);
    console.log(
      `  p95 ratio to the reference: ${(all.p95 / reference.p95).toFixed(1)}×; projector deliveries missing: ${missing}; ` +
        `monitors without the last entry: ${monitorLatest}`,
    );
    const met = all.p95 < 200 && missing === 0 && monitorLatest === 0 && refused === 0;
    console.log(`\nGoal: ${met ? "met   " : "MISSED"} a clerk entry reaches ${streams.length} streams, p95 < 200 ms`);
    process.exitCode = met ? 0 : 1;
  } finally {
    streams.forEach((stream) => stream.request.destroy());
    await endRun({ sql, app, database });
  }
}

runBench(main);
