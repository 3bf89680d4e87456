/**
 * The app's single database handle, kept on globalThis so that development rebuilds reuse it
 * (PGlite allows one open handle per data folder). Tests install their own before importing the app, or, where test
 * files share one module graph, with installDatabase before each file (tests/support/database-setup.ts).
 */
import path from "node:path";
import { config } from "./config.server";
import { openDatabase, type DatabaseConnection } from "./db/connection.server";

declare global {
  var __gavelDatabase: DatabaseConnection | undefined;
}

export let connection = (globalThis.__gavelDatabase ??= openDatabase(
  config.DATABASE_URL
    ? { engine: "postgres", url: config.DATABASE_URL, maxConnections: config.DATABASE_POOL_SIZE }
    : {
        engine: "pglite",
        dataDir: path.join(config.dataDir, "pglite"),
        // In a thread of its own, so that the server's thread takes connections and requests while a statement runs.
        worker: {
          workerFile: path.resolve("build/pglite-worker.js"),
          onCrash(error) {
            console.error(`The embedded database stopped: ${error.message}. Exiting, to be started again.`);
            process.exit(1);
          },
        },
      },
));

export let db = connection.db;

/**
 * Swaps the handle every module reads (`connection` and `db` are live bindings: importers see the new one), for
 * test files that run one after another in one process, each on a fresh database. The server never calls it.
 */
export function installDatabase(next: DatabaseConnection) {
  globalThis.__gavelDatabase = next;
  connection = next;
  db = next.db;
}

/**
 * State a process keeps about the database's rows (a cache keyed by event id): one of it per database handle, so that
 * a fresh database, a test file's after another's, never meets what was kept of another's rows under the same ids.
 */
export function perDatabase<T>(make: () => T): () => T {
  const made = new WeakMap<DatabaseConnection, T>();
  return () => {
    if (!made.has(connection)) made.set(connection, make());
    return made.get(connection)!;
  };
}
export type { Database, Transaction } from "./db/connection.server";
