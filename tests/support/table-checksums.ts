// A fingerprint of what the database holds: for every table of the public schema, its row count and an md5 of its
// rows in a fixed order. Two equal fingerprints mean no row was inserted, changed or deleted in between.
import { sql } from "drizzle-orm";
import type { Database } from "~/db/connection.server";

export type TableChecksums = Map<string, string>;

/** The rows of a query on either engine: postgres-js answers an array, PGlite an object holding `rows`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

async function tableNames(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
}

/** Checksums of every table but the `excluded` ones, in one query. */
export async function tableChecksums(db: Database, excluded: ReadonlySet<string>): Promise<TableChecksums> {
  const tables = (await tableNames(db)).filter((table) => !excluded.has(table));
  const perTable = tables.map(
    (table) =>
      `select '${table}' as name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as checksum from "${table}" t`,
  );
  const result = await db.execute(sql.raw(perTable.join(" union all ")));
  return new Map(rowsOf<{ name: string; checksum: string }>(result).map((row) => [row.name, row.checksum]));
}

/** The tables whose checksum differs between two fingerprints. */
export function changedTables(before: TableChecksums, after: TableChecksums): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));
}

/**
 * The text columns holding a value of at least `length` characters, as "table.column" (issue 32, finding 9: no
 * text of 10,000 characters is stored where a person reads it). One query over every text column.
 */
export async function longTexts(db: Database, length = 10_000): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying')
      order by c.table_name, c.column_name`),
  );
  if (columns.length === 0) return [];
  const checks = columns.map(
    ({ table_name: table, column_name: column }) =>
      `select '${table}.${column}' as name from "${table}" where length("${column}") >= ${length} limit 1`,
  );
  const result = await db.execute(sql.raw(checks.map((check) => `(${check})`).join(" union all ")));
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}
