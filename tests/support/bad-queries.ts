// Generated bad query strings for page loaders (fast-check): the names the app reads from addresses, with the values
// of the bad submissions (tests/support/bad-submissions.ts): ids past 2^31, negative, NaN, huge strings, unicode, NUL,
// the other event's ids; names given twice or as arrays, and query strings that do not decode. Each is a plain
// description, turned into a GET request only when sent, so that a failure can be printed and replayed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { STRANGE_NAMES, valueArbitrary, type KnownIds } from "./bad-submissions";
import { PROJECT_ROOT } from "./route-manifest";
import type { FormVocabulary } from "./form-vocabulary";

export interface BadQuery {
  /** The query string's `id` (the current event): event A's, another event's, nonsense, or none. */
  eventQuery: string | undefined;
  /** Values for the route's dynamic segments. */
  params: Record<string, string>;
  /** Other names and values, in order; a name may come several times. */
  query: Array<[string, string]>;
  /** Text put after the query as it is, undecoded. */
  raw: string;
}

const READ_FROM_ADDRESS = /\b(?:searchParams|params|query|search)\.(?:get|getAll|has)\(\s*["']([A-Za-z_][\w-]*)["']/g;

/** Every name a module of the app reads from a query string (`searchParams.get("lot")`, `params.has("draft")`…). */
export function queryNamesOfApp(): string[] {
  const names = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name))
        for (const match of readFileSync(file, "utf8").matchAll(READ_FROM_ADDRESS)) names.add(match[1]);
    }
  };
  visit(path.join(PROJECT_ROOT, "app"));
  return [...names].sort();
}

/** Query strings whose escapes do not decode, or that are only separators. */
const RAW_TAILS = ["", "&", "&&==&", "&%", "&%E0%A4%A", "&%FF%FE=%00", "&id", "&=x", "&a=%uD800", "&x=1;y=2"];

export function badQueryArbitrary(
  ids: KnownIds,
  vocabulary: FormVocabulary,
  names: readonly string[],
  paramNames: readonly string[],
): fc.Arbitrary<BadQuery> {
  const eventQuery = fc.oneof(
    { weight: 12, arbitrary: fc.constant(String(ids.eventId)) },
    { weight: 1, arbitrary: fc.constant(String(ids.otherEventId)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(undefined, "", "abc", "-1", "NaN", "99999999999", "2147483648", `${ids.eventId}.5`),
    },
  );
  const name = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...names) },
    { weight: 2, arbitrary: fc.constantFrom(...vocabulary.fieldNames) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((known) => `${known}[]`) },
    { weight: 1, arbitrary: fc.constantFrom(...STRANGE_NAMES) },
  );
  const value = valueArbitrary(ids, vocabulary);
  const pair = fc.tuple(name, value);
  // The same name twice, the second value another: what a form with two fields of one name, or a crafted link, sends.
  const repeated = fc.tuple(name, value, value).map(([key, first, second]): Array<[string, string]> => [
    [key, first],
    [key, second],
  ]);
  const param = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...[...ids.own, ids.eventId].map(String)) },
    { weight: 2, arbitrary: value },
  );
  return fc.record({
    eventQuery,
    params: fc.record(Object.fromEntries(paramNames.map((segment) => [segment, param]))),
    query: fc
      .tuple(fc.array(pair, { maxLength: 6 }), fc.array(repeated, { maxLength: 1 }))
      .map(([pairs, twice]) => [...pairs, ...twice.flat()]),
    raw: fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom(...RAW_TAILS) }),
  });
}

export function toGetRequest(
  query: BadQuery,
  urlPath: string,
  cookie: string | undefined,
  signal: AbortSignal,
): Request {
  // The event's id first: a generated `id` after it comes second, which the app's readers (the first value) skip.
  const search = new URLSearchParams(query.eventQuery === undefined ? [] : [["id", query.eventQuery]]);
  for (const [key, value] of query.query) search.append(key, value);
  const text = `${search.toString()}${query.raw}`;
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(`${urlPath}${text ? `?${text}` : ""}`, "http://localhost:3000"), { headers, signal });
}

/** The query as text short enough to print: long strings are shown by their length. */
export function describeQuery(query: BadQuery): string {
  return JSON.stringify(query, (_key, value: unknown) =>
    typeof value === "string" && value.length > 80 ? `<${value.length} chars: ${value.slice(0, 20)}…>` : value,
  );
}
