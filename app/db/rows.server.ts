import type { Database, Transaction } from "./connection.server";
import type { SQL } from "drizzle-orm";

/** Runs raw SQL and returns its rows: PGlite answers { rows }, postgres.js an array. */
export async function selectRows<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
