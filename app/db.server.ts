/**
 * The app's single database handle, kept on globalThis so that development rebuilds reuse it
 * (PGlite allows one open handle per data folder). Tests install their own before importing the app.
 */
import path from "node:path";
import { config } from "./config.server";
import { openDatabase, type DatabaseConnection } from "./db/connection.server";

declare global {
  var __gavelDatabase: DatabaseConnection | undefined;
}

export const connection = (globalThis.__gavelDatabase ??= openDatabase(
  config.DATABASE_URL
    ? { engine: "postgres", url: config.DATABASE_URL, maxConnections: config.DATABASE_POOL_SIZE }
    : { engine: "pglite", dataDir: path.join(config.dataDir, "pglite") },
));

export const db = connection.db;
export type { Database, Transaction } from "./db/connection.server";
