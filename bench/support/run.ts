/** The start and the end of every bench run. */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { appProcesses, startApp, throwawayDatabase, type App } from "./app";

/**
 * The end of a bench run, whatever happened: its connection closed, the app stopped, and the throwaway database
 * dropped (kept when BENCH_KEEP_DB is set, to look at afterwards).
 */
export async function endRun({
  sql,
  app,
  database,
}: {
  sql: postgres.Sql | null;
  app: App | null;
  database: Awaited<ReturnType<typeof throwawayDatabase>>;
}) {
  await sql?.end({ timeout: 5 });
  app?.stop();
  if (process.env.BENCH_KEEP_DB) await database.keep();
  else await database.drop();
}

/** Runs a bench's main; a crash is printed and fails the process. */
export function runBench(main: () => Promise<void>) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * A bench against the built app (its default processes) on a throwaway database of the server `adminUrl` names, with
 * a small SQL client of that database for the bench's data; `bench` answers whether it passed, the exit code.
 */
export async function benchOnThrowawayDatabase(
  adminUrl: string,
  bench: (setup: { app: App; sql: postgres.Sql; databaseUrl: string }) => Promise<boolean>,
) {
  const database = await throwawayDatabase(adminUrl);
  let app: App | null = null;
  let sql: postgres.Sql | null = null;
  let ok = false;
  try {
    console.log(database.describe);
    app = await startApp(database.url, randomBytes(32).toString("hex"));
    console.log(
      `App: node server.js at ${app.url} (${appProcesses(app.child.pid!).length - 1 || 1} server processes), Node ${process.version}`,
    );
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
    ok = await bench({ app, sql, databaseUrl: database.url });
  } finally {
    await endRun({ sql, app, database });
  }
  process.exit(ok ? 0 : 1);
}
