// What a transaction costs the app's process (`npm run bench:transactions`): the CPU time of this process per
// transaction through the app's own Drizzle handle (openDatabase, app/db/connection.server.ts), beside the same
// transaction through postgres.js's `begin` alone on the same server, the reference. Two shapes: an empty transaction
// (BEGIN, COMMIT) and one with a statement, prepared on the server both ways (the app's handle builds its SQL with
// Drizzle each time, as its unprepared queries do). Eight at once, as requests overlap; the four ways take turns,
// round after round, and each way's median is given, with the app's ratio to the reference. To compare two builds,
// run it in each in turn (docs/benchmarks.md ran the build before in a worktree).
//
// Environment (defaults in brackets): DATABASE_URL (required), BENCH_TRANSACTIONS [4000 per round], BENCH_ROUNDS [5].
// Results and method: docs/benchmarks.md ("What a transaction costs the app").
import { sql as drizzleSql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "~/db/connection.server";
import { requireBenchSetup } from "./support/app";
import { envNumber, median } from "./support/stats";

const url = requireBenchSetup("bench:transactions", { build: false });
const TRANSACTIONS = envNumber("BENCH_TRANSACTIONS", 4000);
const ROUNDS = envNumber("BENCH_ROUNDS", 5);
const AT_ONCE = 8;

/** Microseconds of this process's CPU per transaction, `count` of them, `AT_ONCE` at a time. */
async function cpuPerTransaction(transaction: () => Promise<unknown>, count: number) {
  const start = process.cpuUsage();
  for (let done = 0; done < count; done += AT_ONCE) await Promise.all(Array.from({ length: AT_ONCE }, transaction));
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

async function main() {
  const app = openDatabase({ engine: "postgres", url });
  const plain = postgres(url, { max: 10, onnotice: () => {} });
  const ways = {
    "empty, the app's Drizzle": () => app.db.transaction(async () => {}),
    "empty, postgres.js alone (reference)": () => plain.begin(async () => {}),
    "one statement, the app's Drizzle": () =>
      app.db.transaction(async (tx) => tx.execute(drizzleSql`select ${1}::int as one`)),
    "one statement, postgres.js alone (reference)": () =>
      plain.begin(async (tx) => tx.unsafe("select $1::int as one", [1], { prepare: true })),
  };
  const figures = new Map<string, number[]>(Object.keys(ways).map((name) => [name, []]));
  try {
    // Warm-up: connections open, statements prepared, code optimised.
    for (const transaction of Object.values(ways)) await cpuPerTransaction(transaction, 1000);
    for (let round = 0; round < ROUNDS; round += 1)
      for (const [name, transaction] of Object.entries(ways))
        figures.get(name)!.push(await cpuPerTransaction(transaction, TRANSACTIONS));
  } finally {
    await app.close();
    await plain.end({ timeout: 5 });
  }
  console.log(`CPU of this process per transaction, µs (${ROUNDS} rounds of ${TRANSACTIONS}, ${AT_ONCE} at once):`);
  for (const [name, values] of figures)
    console.log(
      `  ${name}: median ${median(values).toFixed(1)} (${values.map((value) => value.toFixed(1)).join(", ")})`,
    );
  for (const shape of ["empty", "one statement"]) {
    const throughApp = median(figures.get(`${shape}, the app's Drizzle`)!);
    const reference = median(figures.get(`${shape}, postgres.js alone (reference)`)!);
    console.log(`  ${shape}: the app's handle costs ${(throughApp / reference).toFixed(2)} times the reference`);
  }
}

await main();
