/**
 * Opens the database: PostgreSQL through postgres.js when a URL is given, otherwise the embedded
 * PGlite (PostgreSQL compiled to WebAssembly) in a folder or in memory. Both give the same Drizzle
 * handle, so the rest of the app never knows which engine it runs on.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { keepingPlans } from "./pglite-plans";
import { PGliteWorkerClient, type PGliteWorkerOptions } from "./pglite-worker/client.server";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * Drizzle without the schema: its relational queries (`db.query.…`) are not used, and with the schema every
 * transaction built one query builder per table, 60–75 µs of CPU each, most of what a transaction cost the app beyond
 * postgres.js's own (`npm run bench:transactions`; docs/benchmarks.md, "What a transaction costs the app").
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** The handle inside db.transaction(tx => …): on PGlite, the only one to use there (see STACK.md). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseConnection {
  db: Database;
  engine: "pglite" | "postgres";
  /** Applies the SQL migrations in drizzle/migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel over one connection of its own. onListening runs each time the listen is (re)established:
   * after a lost connection, notifications sent meanwhile are gone, so listeners resync then.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening: () => void,
  ): Promise<{ unlisten(): Promise<void> }>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { engine: "postgres"; url: string; maxConnections?: number }
  | {
      engine: "pglite";
      dataDir?: string;
      client?: PGlite | PGliteWorkerClient;
      /** Runs PGlite on the data folder in a thread of its own (the server's embedded default). */
      worker?: PGliteWorkerOptions;
    };

export const MIGRATIONS_FOLDER = path.resolve("drizzle/migrations");

// Taken for the length of a migration so that several app processes starting together on one
// PostgreSQL server apply each migration once.
const MIGRATION_LOCK_KEY = 727_465_001;

export function openDatabase(target: DatabaseTarget): DatabaseConnection {
  return target.engine === "postgres" ? openPostgres(target.url, target.maxConnections) : openPglite(target);
}

/**
 * Seconds a closed connection waits before connecting again, by how many attempts have failed in the pool: postgres.js
 * waits up to 20 s (3^n / 100), and a query handed to a closed connection waits with it. After a PostgreSQL restart,
 * whose connection attempts fail for a second or two, some requests then waited many seconds with the server long
 * back (the rehearsal, docs/benchmarks.md); half a second at most keeps a server that is down from being called more
 * than a few times a second per connection.
 */
export const reconnectDelaySeconds = (failedAttempts: number) => Math.min(0.05 * 2 ** failedAttempts, 0.5);

function openPostgres(url: string, maxConnections = 10): DatabaseConnection {
  const sql = postgres(url, { max: maxConnections, onnotice: () => {}, backoff: reconnectDelaySeconds });
  const db = drizzlePostgres(preparingStatements(sql));
  return {
    db,
    engine: "postgres",
    async migrate() {
      await sql.begin(async (lock) => {
        await lock`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
        // The migrator needs its own connection; the lock holder waits for it to finish.
        await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
      });
    },
    async listen(channel, onMessage, onListening) {
      const { unlisten } = await sql.listen(channel, onMessage, onListening);
      return { unlisten };
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * Drizzle asks postgres.js not to prepare its statements, and postgres.js sends a statement with parameters that its
 * connection has not prepared in two round trips (describe it, wait, then run it), one at a time. Prepared, a
 * statement the connection has run before goes out in one message and can be pipelined behind others: that halves
 * the round trips of every request (docs/decisions/031-prepared-statements.md). Transactions and savepoints hand
 * their callbacks a client of their own, which gets the same treatment.
 */
function preparingStatements<Client extends postgres.Sql>(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe")
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, { ...options, prepare: true });
      if (property === "begin" || property === "savepoint")
        return (...args: unknown[]) => {
          const callback = args.pop() as (inner: postgres.Sql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...rest: unknown[]) => unknown;
          return open(...args, (inner: postgres.Sql) => callback(preparingStatements(inner)));
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

function openPglite(target: Extract<DatabaseTarget, { engine: "pglite" }>): DatabaseConnection {
  if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
  const client =
    target.client ??
    (target.worker && target.dataDir
      ? new PGliteWorkerClient(target.dataDir, target.worker)
      : new PGlite(target.dataDir));
  // The worker's client has the part of PGlite's surface that the driver calls (query, exec, transaction); its thread
  // keeps the plans there.
  const db = drizzlePglite(client instanceof PGlite ? keepingPlans(client) : (client as unknown as PGlite));
  return {
    db,
    engine: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async listen(channel, onMessage, onListening) {
      // One process, one in-process connection: it cannot drop, so the listen is established once.
      const unlisten = await client.listen(channel, onMessage);
      onListening();
      return { unlisten };
    },
    close: () => client.close(),
  };
}
