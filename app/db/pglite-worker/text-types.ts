/**
 * Drizzle's pglite driver passes PGlite a parser for each type it reads as text (it parses those itself), on every
 * query, and PGlite merges a query's parsers into its own (over 300 of them, one per array type) each time: a tenth
 * of a millisecond per statement, a sixth of the database thread's time under a burst of bids. The database's thread
 * sets those parsers once on its PGlite instead, and leaves out a query's parsers when they are exactly these.
 */
import { replacingQuery } from "../pglite-queries";
import type { ParserOptions, PGlite, QueryOptions } from "@electric-sql/pglite";

/** timestamp, timestamptz, interval and date, and their arrays and numeric[]: what the driver keeps as text. */
const TEXT_TYPES = new Set([1114, 1184, 1186, 1082, 1115, 1185, 1187, 1182, 1231]);

const keepText = (value: string) => value;

/** Whether a query's text types are those set on the instance (so that its own parsers give the same rows). */
function areInstanceTextTypes(types: readonly (number | string)[]) {
  return types.length === TEXT_TYPES.size && types.every((type) => TEXT_TYPES.has(Number(type)));
}

/** PGlite's own parsers of the text types, for a query that asks for other text types (or none). */
const ownParsers: ParserOptions = {};

/** Sets the instance's parsers for the text types, once it has read its array types (which would replace them). */
export async function keepTextTypes(database: PGlite) {
  await database.waitReady;
  for (const type of TEXT_TYPES) {
    ownParsers[type] = database.parsers[type];
    database.parsers[type] = keepText;
  }
}

/**
 * The parsers a query passes to have `textTypes` as text: none when they are the instance's; otherwise those, and
 * PGlite's own for the instance's other text types.
 */
export function parsersFor(textTypes: readonly number[]): ParserOptions | undefined {
  if (areInstanceTextTypes(textTypes)) return undefined;
  return { ...ownParsers, ...Object.fromEntries(textTypes.map((type) => [type, keepText])) };
}

/** The query's options without its parsers when they are the instance's text types. */
function withoutInstanceParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !areInstanceTextTypes(Object.keys(options.parsers))) return options;
  return { ...options, parsers: undefined };
}

/** The instance as Drizzle is to see it: its queries, and those of its transactions, without the text types' parsers. */
export function forDrizzle(database: PGlite): PGlite {
  return replacingQuery(
    database,
    (client) => (sql, params, options) => client.query(sql, params, withoutInstanceParsers(options)),
  );
}
