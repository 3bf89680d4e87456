/**
 * Work the embedded database's thread runs whole, in one message (decision 045): a procedure is a named function of a
 * Drizzle handle and plain data, giving plain data back. Sent statement by statement from the app's thread, a
 * transaction holds PGlite, which runs one at a time, across every turn of the app's event loop between its
 * statements; run in PGlite's thread, it holds it for its own work only. On PostgreSQL and on a PGlite in the app's
 * thread, the same function runs here. The thread's entry point (app/pglite-worker.server.ts) names the procedures
 * it runs.
 */
import { PGlite } from "@electric-sql/pglite";
import { PGliteWorkerClient } from "./pglite-worker/client.server";
import type { Database } from "./connection.server";

export interface Procedure<Args, Result> {
  name: string;
  run(db: Database, args: Args): Promise<Result>;
}

export const procedure = <Args, Result>(
  name: string,
  run: (db: Database, args: Args) => Promise<Result>,
): Procedure<Args, Result> => ({ name, run });

/** Drizzle keeps the client it was given as `$client`; a transaction's handle has none. */
const clientOf = (db: Database): unknown => (db as { $client?: unknown }).$client;

/** The handle is the embedded PGlite's, in this thread or in its own: one connection, one transaction at a time. */
export function runsOneTransactionAtATime(db: Database) {
  const client = clientOf(db);
  return client instanceof PGliteWorkerClient || client instanceof PGlite;
}

/** Runs the procedure where the database is: in its thread when the handle is the worker's, otherwise here. */
export function runProcedure<Args, Result>(
  db: Database,
  { name, run }: Procedure<Args, Result>,
  args: Args,
): Promise<Result> {
  const client = clientOf(db);
  if (client instanceof PGliteWorkerClient) return client.procedure(name, args) as Promise<Result>;
  return run(db, args);
}
