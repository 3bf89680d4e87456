/**
 * Work the embedded database's thread runs whole, in one message (worker.server.ts): each procedure takes a Drizzle
 * handle and plain data, and gives plain data back. Sent statement by statement from the app's thread, a transaction
 * holds PGlite, which runs one at a time, across every turn of the app's event loop between its statements; run here,
 * it holds it for its own work only. On PostgreSQL and on a PGlite in the app's thread, the same function runs where it
 * is called (app/db/procedures.server.ts). They may count on PGlite running one transaction at a time.
 */
import { recordBidAlone } from "~/bidding/record-bid.server";
import type { Database } from "../connection.server";

export const procedures = { recordBidAlone } satisfies Record<string, (db: Database, args: never) => Promise<unknown>>;

export type ProcedureName = keyof typeof procedures;
export type ProcedureArgs<Name extends ProcedureName> = Parameters<(typeof procedures)[Name]>[1];
export type ProcedureResult<Name extends ProcedureName> = Awaited<ReturnType<(typeof procedures)[Name]>>;
