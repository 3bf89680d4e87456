/**
 * The event archive's layout (decision 039): a gzip'd tar of
 *   manifest.json                      first: the format, its version, the schema it was written from, the event
 *   tables/<table>/<000001>.jsonl      the rows of each table, a JSON object per line, at most ROWS_PER_FILE a file
 *   images/<hash>/w<width>.webp        the uploaded images the rows name, as stored
 *   end.json                           last: how many rows and images were written (a cut archive lacks it)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "~/db/connection.server";
import { parseImagePath } from "~/images/image-url";

export const ARCHIVE_FORMAT = "gavel-event-archive";
/** Raised when an archive of this version could not be read by the import as it is. */
export const ARCHIVE_FORMAT_VERSION = 1;
export const ROWS_PER_FILE = 500;

export const MANIFEST_FILE = "manifest.json";
export const END_FILE = "end.json";

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** The last migration of the Gavel that wrote it, e.g. "0022_item_import_columns". */
  schemaVersion: string;
  exportedAt: string;
  event: { title: string; slug: string };
  tables: string[];
}

export interface EndOfArchive {
  rows: Record<string, number>;
  images: number;
}

/** `tables/<table>/<n>.jsonl` */
export function rowsFileName(table: string, part: number): string {
  return `tables/${table}/${String(part).padStart(6, "0")}.jsonl`;
}

const ROWS_FILE = /^tables\/([a-z_]+)\/(\d{6})\.jsonl$/;

export function parseRowsFileName(name: string): { table: string; part: number } | null {
  const match = ROWS_FILE.exec(name);
  return match ? { table: match[1]!, part: Number(match[2]) } : null;
}

export function parseImageFileName(name: string) {
  return name.startsWith("images/") ? parseImagePath(name.slice("images/".length)) : null;
}

let schemaVersion: string | undefined;

/** The last migration this Gavel has, from the migrations' journal. */
export function currentSchemaVersion(): string {
  if (!schemaVersion) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    schemaVersion = journal.entries[journal.entries.length - 1]!.tag;
  }
  return schemaVersion;
}

/** A schema version's number: "0022_item_import_columns" is 22. */
export function schemaNumber(version: string): number {
  const match = /^(\d{4})_/.exec(version);
  return match ? Number(match[1]) : NaN;
}

/** Uploaded images named in text (a column, JSON, rich text's `<img src>`): `/images/<hash>/w<width>.webp`. */
export const IMAGE_URL = /\/images\/([0-9a-f]{32})\/w([1-9][0-9]{0,3})\.webp/g;
