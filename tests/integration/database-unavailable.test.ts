// The errors the app meets while PostgreSQL is away, from the real driver through Drizzle, are told apart from the
// others (app/db/errors.server.ts, isDatabaseUnavailable): those requests are answered 503, not 500. Only this
// file's own connection is terminated (by its application_name): the server is shared.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "~/db/connection.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { freePorts } from "../support/free-port";

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("It did not fail.");
}

describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("the database away, as the app meets it", () => {
  it("is a server that does not answer", async () => {
    const [port] = await freePorts(1);
    const away = openDatabase({
      engine: "postgres",
      url: `postgres://postgres@127.0.0.1:${port}/gavel`,
      maxConnections: 1,
    });
    try {
      expect(isDatabaseUnavailable(await failureOf(() => away.db.execute(sql`select 1`)))).toBe(true);
    } finally {
      await away.close();
    }
  });

  it("is a connection cut under a query, and not a query the server refused", async () => {
    const name = `gavel-away-${randomBytes(4).toString("hex")}`;
    const url = new URL(inject("postgresAdminUrl"));
    url.searchParams.set("application_name", name);
    const cut = openDatabase({ engine: "postgres", url: url.toString(), maxConnections: 1 });
    const killer = postgres(inject("postgresAdminUrl"), { max: 1, onnotice: () => {} });
    try {
      const sleeping = failureOf(() => cut.db.execute(sql`select pg_sleep(10)`));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const pids = (
        await killer<{ pid: number }[]>`select pid from pg_stat_activity where application_name = ${name}`
      ).map((row) => row.pid);
      expect(pids).toHaveLength(1);
      await killer`select pg_terminate_backend(pid) from unnest(${pids}::int[]) as pid`;
      expect(isDatabaseUnavailable(await sleeping)).toBe(true);
      expect(isDatabaseUnavailable(await failureOf(() => cut.db.execute(sql`select * from no_such_table`)))).toBe(
        false,
      );
    } finally {
      await cut.close();
      await killer.end({ timeout: 5 });
    }
  });
});
