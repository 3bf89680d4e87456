import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** count(*) of the rows matching a condition, as a number on both drivers (PostgreSQL counts in bigint). */
export const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The sum of a value (over the rows matching a condition, when given), 0 when there are none, as a number:
 * PostgreSQL sums integers as bigint, and the amounts summed here stay far below 2^53.
 */
export function sumOf(value: SQLWrapper, condition?: SQL) {
  return condition
    ? sql<number>`coalesce(sum(${value}) filter (where ${condition}), 0)`.mapWith(Number)
    : sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);
}

/** A map from a grouping value to its number of rows, from rows of { key, n }. */
export function tally(rows: readonly { key: string; n: number }[]): Record<string, number> {
  return Object.fromEntries(rows.map((row) => [row.key, row.n]));
}
