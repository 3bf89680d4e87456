// The realtime bus's capacity (issue 18, "Scale beyond one machine"): `npm run bench:notify`. How many messages a
// second PostgreSQL's NOTIFY carries, and at what rate it starts to limit bidding, with as many listening
// connections as app processes (each app process, on every machine, holds one).
//
// On a throwaway database of the server DATABASE_URL names, through the app's own transport
// (`notifyTransport` in app/realtime/bus-transport.server.ts: the payloads sent in the writing transaction, received by
// one LISTEN connection per listener):
// 1. Bidding: BENCH_CALLERS concurrent callers run the bid transaction (lock a random item of BENCH_ITEMS, demote its
//    winning bid, insert a bid, update the item) for BENCH_SECONDS, first without the bus, then sending
//    BENCH_MESSAGES_PER_BID messages of BENCH_PAYLOAD_BYTES each in the same transaction, as a bid does (its item's
//    delta, the outbid bidder's notice, a live lot's), once per listener count in BENCH_LISTENERS. Printed: commits/s
//    with the bus as a ratio of those without it in the same run (the database's own limit for bidding), messages/s,
//    and the delay from sending to arrival at every listener.
// 2. The queue alone: the same callers run the smallest writing transaction (one row inserted) without a message,
//    then with 1 and with 20: what the queue carries when little else is written, and what sending costs a commit.
// Every message sent by a committed transaction must arrive at every listener, once: checked after each phase.
// Results and method: docs/benchmarks.md ("The realtime bus's capacity").
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseConnection, type Transaction } from "~/db/connection.server";
import { notifyTransport } from "~/realtime/bus-transport.server";
import { requireBenchSetup, throwawayDatabase } from "./support/app";
import { postgresCpuSeconds } from "./support/processes";
import { endRun, runBench } from "./support/run";
import { envNumber, ms, sleep, summary } from "./support/stats";

const CALLERS = envNumber("BENCH_CALLERS", 64, { whole: true });
const SECONDS = envNumber("BENCH_SECONDS", 5);
const ITEMS = envNumber("BENCH_ITEMS", 500, { whole: true });
const MESSAGES_PER_BID = envNumber("BENCH_MESSAGES_PER_BID", 3, { whole: true });
const PAYLOAD_BYTES = envNumber("BENCH_PAYLOAD_BYTES", 300, { whole: true });
const LISTENER_COUNTS = (process.env.BENCH_LISTENERS ?? "1,4,16").split(",").map(Number);
const adminUrl = requireBenchSetup("bench:notify", { build: false });

/** One app process's LISTEN connection, counting what arrives and how long each message took. */
interface Listener {
  connection: DatabaseConnection;
  received: number;
  delays: number[];
  stop(): Promise<void>;
}

async function openListeners(url: string, count: number): Promise<Listener[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const connection = openDatabase({ engine: "postgres", url, maxConnections: 1 });
      const listener: Listener = { connection, received: 0, delays: [], stop: async () => {} };
      const { stop } = await notifyTransport.receive(
        connection,
        (payload) => {
          listener.received += 1;
          // Each payload starts with {"sent":<performance.now() of the sender, this same process>,
          listener.delays.push(performance.now() - Number(payload.slice(8, payload.indexOf(","))));
        },
        () => {},
      );
      listener.stop = async () => {
        await stop();
        await connection.close();
      };
      return listener;
    }),
  );
}

/**
 * A message of about PAYLOAD_BYTES, as the bus's JSON deltas are, stamped with its sending time and numbered: NOTIFY
 * delivers identical payloads of one transaction once.
 */
const padding = "x".repeat(PAYLOAD_BYTES);
let messagesMade = 0;
function payload() {
  messagesMade += 1;
  const head = `{"sent":${performance.now().toFixed(3)},"n":${messagesMade},"topic":"event:1","type":"item","data":"`;
  return `${head}${padding.slice(0, Math.max(0, PAYLOAD_BYTES - head.length - 2))}"}`;
}

interface PhaseResult {
  commits: number;
  seconds: number;
  messagesSent: number;
  latencies: number[];
}

/** CALLERS concurrent callers run `work` in a transaction each, again and again, for SECONDS. */
async function runPhase(
  connection: DatabaseConnection,
  work: (tx: Transaction) => Promise<number>,
): Promise<PhaseResult> {
  const result: PhaseResult = { commits: 0, seconds: 0, messagesSent: 0, latencies: [] };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        const sent = await connection.db.transaction(work);
        result.commits += 1;
        result.messagesSent += sent;
        result.latencies.push(performance.now() - begun);
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** The bid transaction of bench:bids' reference, with `messages` bus messages sent inside it. */
function bid(messages: number) {
  return async (tx: Transaction) => {
    const itemId = 1 + Math.floor(Math.random() * ITEMS);
    const [item] = (await tx.execute(
      sql`select current_bid from notify_item where item_id = ${itemId} for update`,
    )) as unknown as Array<{ current_bid: number }>;
    const amount = item.current_bid + 100;
    await tx.execute(sql`update notify_bid set status = 'outbid' where item_id = ${itemId} and status = 'winning'`);
    await tx.execute(sql`insert into notify_bid (item_id, amount, status) values (${itemId}, ${amount}, 'winning')`);
    await tx.execute(
      sql`update notify_item set current_bid = ${amount}, bid_count = bid_count + 1 where item_id = ${itemId}`,
    );
    if (messages > 0) await notifyTransport.send(tx, Array.from({ length: messages }, payload));
    return messages;
  };
}

/** The smallest writing transaction: one row inserted, with `messages` bus messages. */
function oneRowWrite(messages: number) {
  return async (tx: Transaction) => {
    await tx.execute(sql`insert into notify_write default values`);
    if (messages > 0) await notifyTransport.send(tx, Array.from({ length: messages }, payload));
    return messages;
  };
}

/** Waits for every listener to have everything sent (up to 30 s), then tells what arrived and how fast. */
async function delivered(listeners: Listener[], sent: number) {
  const deadline = performance.now() + 30_000;
  while (listeners.some((listener) => listener.received < sent) && performance.now() < deadline) await sleep(50);
  const missing = listeners.reduce((sum, listener) => sum + Math.max(0, sent - listener.received), 0);
  const extra = listeners.reduce((sum, listener) => sum + Math.max(0, listener.received - sent), 0);
  const delays = summary(listeners.flatMap((listener) => listener.delays));
  for (const listener of listeners) {
    listener.received = 0;
    listener.delays = [];
  }
  return { missing, extra, delays };
}

async function queueUsage(connection: DatabaseConnection) {
  const [row] = (await connection.db.execute(sql`select pg_notification_queue_usage() as usage`)) as unknown as Array<{
    usage: number;
  }>;
  return row.usage;
}

async function main() {
  const database = await throwawayDatabase(adminUrl);
  const bidding = openDatabase({ engine: "postgres", url: database.url, maxConnections: Math.min(CALLERS, 50) });
  const failures: string[] = [];
  try {
    console.log(database.describe);
    console.log(
      `${CALLERS} callers, ${ITEMS} items, ${SECONDS} s a phase, ${MESSAGES_PER_BID} messages of ${PAYLOAD_BYTES} bytes a bid, listeners ${LISTENER_COUNTS.join(", ")}`,
    );
    await bidding.db.execute(sql`create table notify_item (item_id int primary key, current_bid int not null,
      bid_count int not null default 0)`);
    await bidding.db.execute(sql`create table notify_bid (bid_id bigserial primary key, item_id int not null,
      amount int not null, status text not null)`);
    await bidding.db.execute(sql`create index on notify_bid (item_id) where status = 'winning'`);
    await bidding.db.execute(sql`create table notify_write (write_id bigserial primary key)`);
    await bidding.db.execute(
      sql`insert into notify_item (item_id, current_bid) select n, 1000 from generate_series(1, ${ITEMS}) n`,
    );
    // Warm-up: the pool's connections opened and their statements prepared.
    await runPhase(bidding, bid(MESSAGES_PER_BID));

    const measure = async (name: string, listeners: Listener[], work: ReturnType<typeof bid>) => {
      const cpuBefore = postgresCpuSeconds();
      const benchCpuBefore = process.cpuUsage();
      const phase = await runPhase(bidding, work);
      const postgresCpu = (postgresCpuSeconds() - cpuBefore) / phase.seconds;
      const benchCpuUsed = process.cpuUsage(benchCpuBefore);
      const benchCpu = (benchCpuUsed.user + benchCpuUsed.system) / 1e6 / phase.seconds;
      const usage = await queueUsage(bidding);
      const arrival = await delivered(listeners, phase.messagesSent);
      if (arrival.missing > 0 || arrival.extra > 0)
        failures.push(`${name}: ${arrival.missing} deliveries missing, ${arrival.extra} extra`);
      const commitsPerSecond = phase.commits / phase.seconds;
      const latency = summary(phase.latencies);
      console.log(
        `${name}: ${commitsPerSecond.toFixed(0)} commits/s, ${(phase.messagesSent / phase.seconds).toFixed(0)} messages/s sent, ` +
          `${((phase.messagesSent * listeners.length) / phase.seconds).toFixed(0)} deliveries/s; transaction p50 ${ms(latency.p50)} / p99 ${ms(latency.p99)} ms; ` +
          (listeners.length && phase.messagesSent
            ? `sent → every listener p50 ${ms(arrival.delays.p50)} / p95 ${ms(arrival.delays.p95)} / p99 ${ms(arrival.delays.p99)} ms; `
            : "") +
          `CPU (100% = one core): PostgreSQL ${Math.round(postgresCpu * 100)}%, this script ${Math.round(benchCpu * 100)}%; queue ${(usage * 100).toFixed(2)}% full`,
      );
      return commitsPerSecond;
    };

    console.log("\nBidding, with and without the bus, back to back:");
    for (const count of LISTENER_COUNTS) {
      const listeners = await openListeners(database.url, count);
      try {
        const without = await measure(`  ${count} listeners, bids without the bus`, listeners, bid(0));
        const withBus = await measure(`  ${count} listeners, bids with the bus`, listeners, bid(MESSAGES_PER_BID));
        console.log(
          `  ${count} listeners: bidding with the bus at ${((withBus / without) * 100).toFixed(1)}% of bidding without it`,
        );
      } finally {
        await Promise.all(listeners.map((listener) => listener.stop()));
      }
    }

    console.log("\nThe queue alone (a one-row write, with 0, 1 and 20 messages):");
    for (const count of [LISTENER_COUNTS[0], LISTENER_COUNTS[LISTENER_COUNTS.length - 1]]) {
      const listeners = await openListeners(database.url, count);
      try {
        const without = await measure(`  ${count} listeners, no message`, listeners, oneRowWrite(0));
        for (const perTransaction of [1, 20]) {
          const withBus = await measure(
            `  ${count} listeners, ${perTransaction} per transaction`,
            listeners,
            oneRowWrite(perTransaction),
          );
          console.log(`  ${((withBus / without) * 100).toFixed(1)}% of the commits without a message`);
        }
      } finally {
        await Promise.all(listeners.map((listener) => listener.stop()));
      }
    }

    if (failures.length > 0) throw new Error(`Deliveries failed:\n${failures.join("\n")}`);
    console.log("\nEvery message of every committed transaction arrived once at every listener.");
  } finally {
    await bidding.close();
    await endRun({ sql: null, app: null, database });
  }
}

runBench(main);
