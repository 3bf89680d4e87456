// For tests that put concurrent requests in a chosen order on PostgreSQL: one session holds a row, the others are
// let go once they are seen waiting for it.
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/connection.server";

/** Waits until `done` says so, asking every 20 ms, for at most 10 s. */
export async function until(done: () => Promise<boolean>) {
  for (const started = Date.now(); !(await done());) {
    if (Date.now() - started > 10_000) throw new Error("waited 10 s in vain");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Statements of this database waiting for a lock another session holds. */
export async function waitingOnLocks(db: Database) {
  const [row] = (await db.execute(
    sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as Array<{ waiting: number }>;
  return row.waiting;
}

/**
 * Runs `hold` in a transaction and keeps the transaction open, its locks held, until `release` is called; `then` runs
 * in it after the release, before it commits. Answers once `hold` has run.
 */
export async function holdTransaction(
  db: Database,
  hold: (tx: Transaction) => Promise<unknown>,
  then?: (tx: Transaction) => Promise<unknown>,
) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = () => {};
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = db.transaction(async (tx) => {
    await hold(tx);
    holding();
    await released;
    await then?.(tx);
  });
  await Promise.race([held, done]);
  return { release, done };
}
