/** Rows of a raw SQL query on either driver (PGlite answers { rows }, postgres.js an array: docs STACK). */
import type { Executor } from "./line-sources/line-source";
import type { SQL } from "drizzle-orm";

export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
