/** The start and the end of every bench run. */
import type { App, throwawayDatabase } from "./app";
import type postgres from "postgres";

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
