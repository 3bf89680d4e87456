/**
 * The end-to-end run's PostgreSQL database: made once by playwright.config.ts before the app server starts (the app
 * migrates it), reached by every worker to make each test's own data, dropped as the runner exits.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type DatabaseConnection } from "~/db/connection.server";
import { databaseUrl, startPostgresServer } from "../../support/postgres-server";

/** Creates an empty database on DATABASE_URL's server (or a throwaway one) and names it in the environment. */
export async function createRunDatabase(): Promise<void> {
  const server = await startPostgresServer();
  const name = `gavel_e2e_${randomBytes(4).toString("hex")}`;
  const admin = postgres(server.adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  process.env.E2E_POSTGRES_ADMIN_URL = server.adminUrl;
  process.env.E2E_DATABASE_NAME = name;
  process.env.E2E_DATABASE_URL = databaseUrl(server.adminUrl, name);
  // Not in the global teardown: Playwright stops the app server after it, and the app would see its database go.
  // By "exit" the app is gone; an exit handler cannot wait for a promise, so the drop runs as a child process.
  process.once("exit", () => {
    try {
      execFileSync(process.execPath, ["tests/e2e/support/drop-database.mjs"], { stdio: "inherit" });
    } finally {
      server.stop();
    }
  });
}

/** A connection of a worker's own to the run's database. */
export function openRunDatabase(): DatabaseConnection {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run the end-to-end tests through playwright.config.ts.");
  return openDatabase({ engine: "postgres", url, maxConnections: 2 });
}
