// The PostgreSQL driver's connections after the server cuts them all at once, as a restart does (patches/postgres
// +3.4.9.patch, decision 030). The rehearsal's evening with faults fell far behind after its PostgreSQL restart: some
// requests waited 30 s and failed with CONNECT_TIMEOUT, again and again. Cut while a small write sat in its buffer, a
// connection kept those bytes and its cancelled write timer, so on reconnecting its startup message was queued behind
// them and never sent (porsager/postgres#1209). Cutting them also showed two more: the next query on a reconnected
// connection failed with the old server's "terminating connection" (57P01), and queries handed to a connection between
// its socket's error (ECONNRESET) and its close were never answered.
// Only this file's own backends are terminated (by their application_name): the server is shared.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";

/** How each query ended, or "no answer" if it had not within `ms`. */
async function outcomes(queries: Promise<unknown>[], ms: number): Promise<string[]> {
  const ended: string[] = queries.map(() => "no answer");
  const settled = queries.map((query, index) =>
    query.then(
      () => (ended[index] = "ok"),
      (error: { code?: string }) => (ended[index] = error.code ?? String(error)),
    ),
  );
  await Promise.race([Promise.all(settled), new Promise((resolve) => setTimeout(resolve, ms))]);
  return ended;
}

async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("The cut backends were still there after 5 s.");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("the driver's connections after the server cuts them", () => {
  it("answers every query after all its connections were cut while queries were being written", async () => {
    const name = `gavel-reconnect-${randomBytes(4).toString("hex")}`;
    // A short connect timeout: a connection that never sends its startup message fails in 2 s instead of 30.
    const sql = postgres(inject("postgresAdminUrl"), {
      max: 4,
      connect_timeout: 2,
      onnotice: () => {},
      connection: { application_name: name },
    });
    const killer = postgres(inject("postgresAdminUrl"), { max: 1, onnotice: () => {} });
    try {
      for (let round = 0; round < 10; round++) {
        expect(
          await outcomes(
            [1, 2, 3, 4].map((n) => sql`select ${n}::int`.execute()),
            5_000,
          ),
        ).toEqual(Array(4).fill("ok"));
        // One connection busy; as its query is cut, the app goes on with other queries, which land on the other
        // connections, cut in the same moment. Those may fail: they met the cut.
        const busy = sql`select pg_sleep(10)`.execute();
        const goingOn = busy.then(
          () => [],
          () =>
            outcomes(
              [1, 2, 3].map((n) => sql`select ${n}::int`.execute()),
              5_000,
            ),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        // The pids first, then those alone: the server is shared.
        const cut = (
          await killer<{ pid: number }[]>`select pid from pg_stat_activity where application_name = ${name}`
        ).map((row) => row.pid);
        await killer`select pg_terminate_backend(pid) from unnest(${cut}::int[]) as pid`;
        expect(await goingOn).not.toContain("no answer");
        // Once the cut backends are gone, and their connections' ends have reached the driver:
        await until(
          async () => (await killer`select 1 from pg_stat_activity where pid = any(${cut}::int[])`).length === 0,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        // After the cut, every query is answered, at once.
        const after = await outcomes(
          [1, 2, 3, 4, 5, 6, 7, 8].map((n) => sql`select ${n}::int`.execute()),
          5_000,
        );
        expect(after, `round ${round}`).toEqual(Array(8).fill("ok"));
      }
    } finally {
      await sql.end({ timeout: 5 });
      await killer.end({ timeout: 5 });
    }
  }, 120_000);
});
