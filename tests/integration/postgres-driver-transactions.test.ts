// The PostgreSQL driver's transactions under a busy pool (patches/postgres+3.4.9.patch, decision 030). The
// rehearsal's 200-guest evening met a door check-in answered 500 with UNSAFE_TRANSACTION: a transaction's BEGIN that
// filled a busy connection's pipeline was sent without the connection being reserved for it (porsager/postgres#823,
// #1189), leaving a transaction open on the server while the pool handed its connection to other queries.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";

describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("the driver's transactions on a busy pool", () => {
  it("reserves a transaction's connection when its BEGIN fills the pipeline, and leaves no transaction open", async () => {
    const name = `gavel-driver-${randomBytes(4).toString("hex")}`;
    // Two connections taking two pipelined queries each: BEGIN arrives as the second query of a busy connection.
    // max_pipeline is one of the driver's options its types leave out.
    const options = { max: 2, max_pipeline: 2, onnotice: () => {}, connection: { application_name: name } };
    const sql = postgres(inject("postgresAdminUrl"), options);
    const observer = postgres(inject("postgresAdminUrl"), { max: 1, onnotice: () => {} });
    try {
      for (let round = 0; round < 3; round++) {
        await Promise.all([sql`select 1`, sql`select 1`]);
        const busy = [sql`select pg_sleep(0.1)`.execute(), sql`select pg_sleep(0.1)`.execute()];
        const others = [sql`select 1`.execute(), sql`select 2`.execute()];
        const transaction = sql.begin(async (tx) => {
          await tx`select 1`;
          return "committed";
        });
        const [outcome] = await Promise.all([transaction, ...others, ...busy]);
        expect(outcome).toBe("committed");
        const open = await observer`
          select count(*)::int as n from pg_stat_activity
          where application_name = ${name} and state = 'idle in transaction'`;
        expect(open[0].n).toBe(0);
      }
    } finally {
      await sql.end({ timeout: 5 });
      await observer.end({ timeout: 5 });
    }
  });
});
