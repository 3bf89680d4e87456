/**
 * Runs a procedure (pglite-worker/procedures.ts) where the database is: in the embedded database's thread when the
 * handle is the worker's, otherwise here, on the handle given.
 */
import { PGlite } from "@electric-sql/pglite";
import { PGliteWorkerClient } from "./pglite-worker/client.server";
import { procedures, type ProcedureArgs, type ProcedureName, type ProcedureResult } from "./pglite-worker/procedures";
import type { Database } from "./connection.server";

/** Drizzle keeps the client it was given as `$client`; a transaction's handle has none. */
const clientOf = (db: Database): unknown => (db as { $client?: unknown }).$client;

/** The handle is the embedded PGlite's, in this thread or in its own: one connection, one transaction at a time. */
export function runsOneTransactionAtATime(db: Database) {
  const client = clientOf(db);
  return client instanceof PGliteWorkerClient || client instanceof PGlite;
}

export function runProcedure<Name extends ProcedureName>(
  db: Database,
  name: Name,
  args: ProcedureArgs<Name>,
): Promise<ProcedureResult<Name>> {
  const client = clientOf(db);
  if (client instanceof PGliteWorkerClient) return client.procedure(name, args);
  return procedures[name](db, args) as Promise<ProcedureResult<Name>>;
}
