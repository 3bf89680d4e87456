// Closing an auction's items at once (issue 18, goal 8): `npm run bench:closing`. On a fresh database (a throwaway
// one on the PostgreSQL server DATABASE_URL names, and an embedded PGlite in a temporary folder), migrated by the
// app's own database layer, one event of 500 published silent items whose auction has just ended, 2,000 bidders with
// paddles, and K bids on every item from K different bidders (rising, the last one winning). Then the app's own
// closing (closeDueItems of app/bidding/closing-scheduler.server.ts, what each server process runs every second) is
// timed until every due item is closed: winners written, bids won or lost, the items' live states published, the
// winners' messages queued, the team told. Checked afterwards: one winner per item, the won messages queued, the
// winners' total equal to the items' current bids.
// Reference in the same run, on a second event prepared the same way: the same writes per item in plain SQL (the
// winning bid won, a winner row, the outbid bids lost, the item closed, the winner's message queued), in
// transactions of 50 items as the scheduler batches them; and the whole close in five set-wide statements, a floor.
// Results: docs/benchmarks.md ("Closing").
//
// Environment (defaults in brackets): DATABASE_URL [unset: PGlite only], BENCH_ENGINES [postgres,pglite; also
// pglite-worker: PGlite in a worker thread as the server runs it, after `npm run build`],
// BENCH_ITEMS [500], BENCH_BIDDERS [2000], BENCH_BIDS_PER_ITEM [40], BENCH_KEEP_DB [unset], BENCH_CPU_PROFILE [unset: a
// folder to write a CPU profile of Gavel's close alone into, `<engine>-close.cpuprofile`, for Chrome's DevTools].
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { closeDueItems } from "~/bidding/closing-scheduler.server";
import { openDatabase, type DatabaseConnection } from "~/db/connection.server";
import { throwawayDatabase } from "./support/app";
import { makeBidders, makeEvent, pgliteDatabase, STARTING_BID, INCREMENT, type BenchSql } from "./support/data";
import { envNumber } from "./support/stats";

const ITEMS = envNumber("BENCH_ITEMS", 500, { whole: true });
const BIDDERS = envNumber("BENCH_BIDDERS", 2000, { whole: true });
const BIDS_PER_ITEM = Math.min(BIDDERS, envNumber("BENCH_BIDS_PER_ITEM", 40, { whole: true }));
const ENGINES = (process.env.BENCH_ENGINES ?? "postgres,pglite")
  .split(",")
  .filter(
    (engine) =>
      engine === "pglite" || engine === "pglite-worker" || (engine === "postgres" && process.env.DATABASE_URL),
  );

interface Engine {
  name: string;
  connection: DatabaseConnection;
  sql: BenchSql & { begin<T>(work: (tx: BenchSql) => Promise<T>): Promise<T> };
  done(): Promise<void>;
}

async function postgresEngine(): Promise<Engine> {
  const database = await throwawayDatabase(process.env.DATABASE_URL!);
  const connection = openDatabase({ engine: "postgres", url: database.url });
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  return {
    name: database.describe,
    connection,
    sql: sql as unknown as Engine["sql"],
    async done() {
      await sql.end({ timeout: 5 });
      await connection.close();
      if (process.env.BENCH_KEEP_DB) await database.keep();
      else await database.drop();
    },
  };
}

/** Runs `work` under the CPU profiler when BENCH_CPU_PROFILE names a folder, and writes the profile there. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return work();
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post("Profiler.enable");
  await post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = (await post("Profiler.stop")) as { profile: unknown };
    session.disconnect();
    const file = path.join(folder, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile of ${name}: ${file}`);
  }
}

/** PGlite in this process, or (`inWorker`) in a thread of its own as the server runs it (build/pglite-worker.js). */
async function pgliteEngine(inWorker: boolean): Promise<Engine> {
  const folder = mkdtempSync(path.join(tmpdir(), "gavel-bench-closing-"));
  const worker = inWorker
    ? {
        workerFile: path.resolve("build/pglite-worker.js"),
        onCrash(error: Error) {
          console.error(error);
          process.exit(1);
        },
      }
    : undefined;
  const database = await pgliteDatabase(path.join(folder, "pglite"), worker);
  return {
    name: `PGlite (embedded, ${inWorker ? "in a worker thread" : "in this process"}), in ${folder}`,
    connection: database.connection,
    sql: database.sql,
    async done() {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** An event whose items each hold K rising bids from K different bidders, the last one winning; its auction ends. */
async function prepareEvent(sql: BenchSql, ids: number[], tag: string) {
  const event = await makeEvent(sql, ITEMS, tag);
  await sql`insert into usr_event_paddle (usr_id, event_id, paddle)
    select u, ${event.eventId}, 100 + ordinality from unnest(${sql.array(ids)}::int[]) with ordinality u`;
  await sql`
    insert into bid (event_id, auction_item_id, usr_id, bid, status, idempotency_key)
    select i.event_id, i.auction_item_id,
      (${sql.array(ids)}::int[])[1 + (i.auction_item_id * 37 + n) % ${ids.length}],
      ${STARTING_BID} + (n - 1) * ${INCREMENT}, case when n = ${BIDS_PER_ITEM} then 'winning' else 'outbid' end,
      'bench-' || i.auction_item_id || '-' || n
    from auction_item i cross join generate_series(1, ${BIDS_PER_ITEM}) n
    where i.event_id = ${event.eventId}
    order by i.auction_item_id, n`;
  await sql`update auction_item set current_bid = ${STARTING_BID + (BIDS_PER_ITEM - 1) * INCREMENT},
    bid_count = ${BIDS_PER_ITEM} where event_id = ${event.eventId}`;
  return event;
}

/** The silent auction ends a second before `now`: every item of the event is due. */
async function endAuction(sql: BenchSql, silentAuctionId: number, now: Date) {
  await sql`update silent_auction set end_date_time = ${new Date(now.getTime() - 1000)}
    where silent_auction_id = ${silentAuctionId}`;
}

/** The same writes as the app's close, item by item in plain SQL, in transactions of 50 items. */
async function referencePerItem(engine: Engine, eventId: number, itemIds: number[], now: Date) {
  for (let start = 0; start < itemIds.length; start += 50) {
    await engine.sql.begin(async (tx) => {
      for (const itemId of itemIds.slice(start, start + 50)) {
        await tx`select auction_item_id from auction_item where auction_item_id = ${itemId} for update`;
        const [won] = await tx`update bid set status = 'won'
          where auction_item_id = ${itemId} and status = 'winning' returning bid_id, usr_id, bid`;
        await tx`insert into winner (event_id, auction_item_id, unit, usr_id, bid_id, paddle, amount)
          select ${eventId}, ${itemId}, 1, ${won.usr_id}, ${won.bid_id}, p.paddle, ${won.bid}
          from usr_event_paddle p where p.usr_id = ${won.usr_id} and p.event_id = ${eventId}`;
        await tx`update bid set status = 'lost' where auction_item_id = ${itemId} and status = 'outbid'`;
        await tx`update auction_item set closed_at = ${now}, winner_id = ${won.usr_id} where auction_item_id = ${itemId}`;
        await tx`insert into message (event_id, template, channel, to_usr_id, data, idempotency_key)
          values (${eventId}, 'won', 'email', ${won.usr_id}, '{}', ${`ref-won:${itemId}:${won.usr_id}`})`;
      }
    });
  }
}

/** The whole close in five statements over the event: what the database needs at the least. */
async function referenceSetWide(engine: Engine, eventId: number, now: Date) {
  await engine.sql.begin(async (tx) => {
    await tx`update bid set status = 'won' where event_id = ${eventId} and status = 'winning'`;
    await tx`insert into winner (event_id, auction_item_id, unit, usr_id, bid_id, paddle, amount)
      select b.event_id, b.auction_item_id, 1, b.usr_id, b.bid_id, p.paddle, b.bid from bid b
      left join usr_event_paddle p on p.usr_id = b.usr_id and p.event_id = b.event_id
      where b.event_id = ${eventId} and b.status = 'won'`;
    await tx`update bid set status = 'lost' where event_id = ${eventId} and status = 'outbid'`;
    await tx`update auction_item i set closed_at = ${now}, winner_id = w.usr_id from winner w
      where w.auction_item_id = i.auction_item_id and i.event_id = ${eventId}`;
    await tx`insert into message (event_id, template, channel, to_usr_id, data, idempotency_key)
      select event_id, 'won', 'email', usr_id, '{}', 'ref-set-won:' || auction_item_id || ':' || usr_id
      from winner where event_id = ${eventId}`;
  });
}

/** What a close must leave: every item closed with one winner, bids won or lost, won messages, the total. */
async function check(sql: BenchSql, eventId: number) {
  const [row] = await sql`select
    (select count(*)::int from auction_item where event_id = ${eventId} and closed_at is not null and winner_id is not null) as closed,
    (select count(*)::int from winner where event_id = ${eventId}) as winners,
    (select count(*)::int from bid where event_id = ${eventId} and status = 'won') as won,
    (select count(*)::int from bid where event_id = ${eventId} and status = 'lost') as lost,
    (select count(*)::int from bid where event_id = ${eventId} and status in ('winning', 'outbid')) as open,
    (select count(*)::int from message where event_id = ${eventId} and template = 'won') as messages,
    (select coalesce(sum(amount), 0)::bigint from winner where event_id = ${eventId}) as total,
    (select coalesce(sum(current_bid), 0)::bigint from auction_item where event_id = ${eventId}) as bids_total`;
  const failures: string[] = [];
  if (row.closed !== ITEMS) failures.push(`${row.closed} of ${ITEMS} items closed with a winner`);
  if (row.winners !== ITEMS) failures.push(`${row.winners} winner rows for ${ITEMS} items`);
  if (row.won !== ITEMS || row.lost !== ITEMS * (BIDS_PER_ITEM - 1) || row.open !== 0)
    failures.push(`bids: ${row.won} won, ${row.lost} lost, ${row.open} still open`);
  if (row.messages < ITEMS) failures.push(`${row.messages} won messages for ${ITEMS} winners`);
  if (Number(row.total) !== Number(row.bids_total)) failures.push(`winners' total ${row.total} ≠ ${row.bids_total}`);
  const total = `$${(Number(row.total) / 100).toLocaleString("en-US")}`;
  return {
    failures,
    summary: `${row.winners} winners, ${row.won} won / ${row.lost} lost, ${row.messages} won messages queued, total ${total}`,
  };
}

async function run(engineName: string, engine: Engine) {
  console.log(`\n${engine.name}`);
  await engine.connection.migrate();
  const sql = engine.sql;
  const bidders = await makeBidders(sql, BIDDERS, [], randomBytes(32).toString("hex"));
  const ids = bidders.map((bidder) => bidder.usrId);
  const tag = randomBytes(3).toString("hex");
  const events = {
    app: await prepareEvent(sql, ids, `close-app-${tag}`),
    perItem: await prepareEvent(sql, ids, `close-ref-${tag}`),
    setWide: await prepareEvent(sql, ids, `close-set-${tag}`),
  };
  await sql`analyze`;
  console.log(
    `Data: 3 events of ${ITEMS} items, ${BIDDERS} bidders with paddles, ${BIDS_PER_ITEM} bids per item from as many bidders (${ITEMS * BIDS_PER_ITEM} bids per event)`,
  );
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const now = new Date();
  await endAuction(sql, events.app.silentAuctionId, now);
  let closed = 0;
  const appMs = await profiled(`${engineName}-close`, () =>
    timed(async () => (closed = await closeDueItems(engine.connection.db, now))),
  );
  const app = await check(sql, events.app.eventId);
  const perItemMs = await timed(() => referencePerItem(engine, events.perItem.eventId, events.perItem.itemIds, now));
  const perItem = await check(sql, events.perItem.eventId);
  const setWideMs = await timed(() => referenceSetWide(engine, events.setWide.eventId, now));
  const setWide = await check(sql, events.setWide.eventId);
  const line = (name: string, ms: number, result: Awaited<ReturnType<typeof check>>) =>
    console.log(
      `  ${name}: ${(ms / 1000).toFixed(2)} s; ${result.summary}${result.failures.length ? `; FAILED: ${result.failures.join("; ")}` : ""}`,
    );
  line(`Gavel's close (closeDueItems, ${closed} items closed)`, appMs, app);
  line("reference, the same writes per item in plain SQL, 50 items a transaction", perItemMs, perItem);
  line("reference, the whole close in five set-wide statements", setWideMs, setWide);
  console.log(
    `  ratio: Gavel ${(appMs / perItemMs).toFixed(1)}× the per-item reference's time, ${(appMs / setWideMs).toFixed(1)}× the set-wide one's`,
  );
  console.log(`  ${appMs < 2000 ? "met   " : "MISSED"} goal (issue 18): ${ITEMS} items closed in under 2 s`);
  return app.failures.length === 0 && closed === ITEMS;
}

async function main() {
  if (ENGINES.length === 0)
    throw new Error("No engine to run: BENCH_ENGINES names postgres (with DATABASE_URL), pglite or pglite-worker");
  let ok = true;
  for (const name of ENGINES) {
    const engine = name === "postgres" ? await postgresEngine() : await pgliteEngine(name === "pglite-worker");
    try {
      ok = (await run(name, engine)) && ok;
    } finally {
      await engine.done();
    }
  }
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
