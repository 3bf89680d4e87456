// For tests that put concurrent requests in a chosen order on PostgreSQL: one session holds a row, the others are
// let go once they are seen waiting for it.
import { sql } from "drizzle-orm";
import type { Database } from "~/db/connection.server";

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
