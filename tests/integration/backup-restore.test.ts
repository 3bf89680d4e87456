// Drill 5 (issue 19), short form: a backup of the whole database, restored into an empty one, brings back every row
// of every table (counts and a checksum of each table's rows). PostgreSQL through pg_dump and pg_restore, PGlite
// through its data folder's tarball.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { backupDatabase, restoreDatabase } from "~/db/backup.server";
import { openDatabase, type Database } from "~/db/connection.server";
import { selectRows } from "~/db/rows.server";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { databaseUrl } from "../support/postgres-server";

const folder = mkdtempSync(path.join(tmpdir(), "gavel-backup-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every table of the public schema with its row count and an md5 of its rows in a fixed order. */
async function fingerprint(run: (query: string) => Promise<Record<string, unknown>[]>) {
  const tables = await run(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await run(
      `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from "${String(name)}" t`,
    );
    result[String(name)] = `${row.n}:${row.sum}`;
  }
  return result;
}

async function someData(db: Database) {
  const gala = await makeAuctionEvent(db);
  const item = await makeAuctionItem(db, gala.event_id);
  await makeBidder(db, gala.event_id);
  return item.auction_item_id;
}

// Each drill migrates a database from nothing, fills it, archives it and opens the copy (PGlite boots twice): 10–32 s
// on a busy two-core machine, more than the suite's default limit for one test.
describe(`backup and restore on ${process.env.TEST_DB_ENGINE}`, () => {
  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "pg_dump and pg_restore bring back every row",
    { timeout: 120_000 },
    async () => {
      const { db } = testDatabase();
      await someData(db);
      const adminUrl = inject("postgresAdminUrl");
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      const [{ name: sourceName }] = await selectRows<{ name: string }>(db, sql`select current_database() as name`);
      const file = path.join(folder, "gavel.dump");
      await backupDatabase({ engine: "postgres", url: databaseUrl(adminUrl, sourceName) }, file);
      const copyName = `gavel_restore_${randomBytes(6).toString("hex")}`;
      await admin.unsafe(`CREATE DATABASE ${copyName}`);
      try {
        await restoreDatabase({ engine: "postgres", url: databaseUrl(adminUrl, copyName) }, file);
        const copy = postgres(databaseUrl(adminUrl, copyName), { max: 1, onnotice: () => {} });
        const original = postgres(databaseUrl(adminUrl, sourceName), { max: 1, onnotice: () => {} });
        try {
          const before = await fingerprint((query) => original.unsafe(query));
          expect(Object.keys(before).length).toBeGreaterThan(50);
          expect(await fingerprint((query) => copy.unsafe(query))).toEqual(before);
        } finally {
          await copy.end();
          await original.end();
        }
      } finally {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`);
        await admin.end();
      }
    },
  );

  it.runIf(process.env.TEST_DB_ENGINE === "pglite")(
    "the data folder's tarball brings back every row",
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(folder, "pglite");
      const client = new PGlite(dataDir);
      const connection = openDatabase({ engine: "pglite", client });
      await connection.migrate();
      await someData(connection.db);
      const before = await fingerprint(async (query) => (await client.query<Record<string, unknown>>(query)).rows);
      const file = path.join(folder, "gavel.tar.gz");
      await backupDatabase({ engine: "pglite", dataDir }, file, client);
      await connection.close();

      const kept = await restoreDatabase({ engine: "pglite", dataDir }, file);
      expect(kept).toMatch(/pglite\.before-restore-\d+$/);
      const restored = new PGlite(dataDir);
      try {
        expect(Object.keys(before).length).toBeGreaterThan(50);
        expect(await fingerprint(async (query) => (await restored.query<Record<string, unknown>>(query)).rows)).toEqual(
          before,
        );
      } finally {
        await restored.close();
      }
    },
  );
});
