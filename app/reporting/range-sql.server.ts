/** A report's date range as a SQL condition on a time column (either end open). */
import { sql, type SQL } from "drizzle-orm";
import type { ReportScope } from "./filters.server";

export function inRange(column: SQL, { from, to }: Pick<ReportScope, "from" | "to">): SQL {
  const after = from === null ? sql`true` : sql`${column} >= ${from.toISOString()}::timestamptz`;
  const before = to === null ? sql`true` : sql`${column} < ${to.toISOString()}::timestamptz`;
  return sql`(${after} and ${before})`;
}
