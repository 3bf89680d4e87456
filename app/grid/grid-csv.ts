/**
 * A grid's rows as a CSV file, as spreadsheet programs read it. Papa Parse does the quoting; this adds the rules it
 * leaves to us, so that a donor named "=HYPERLINK(…)" cannot run as a formula when the organiser opens the export:
 * - a cell that starts like a formula (=, +, -, @, their full-width forms, tab, return) is prefixed with an apostrophe;
 * - a cell holding another locale's list separator (";" where the decimal mark is a comma, a tab) is quoted: a
 *   spreadsheet that splits lines on it would otherwise start a new cell there, which could start like a formula.
 * Client-safe.
 */
import Papa from "papaparse";

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
const OTHER_LOCALE_SEPARATOR = /[;\t]/;

export function csvCell(value: CsvValue): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  return FORMULA_START.test(value) && !isPlainNumber(value) ? `'${value}` : value;
}

/** The CSV text of a header row and data rows, with Windows line ends (what Excel expects). */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse(
    { fields: headers.map((header) => String(csvCell(header))), data: rows.map((row) => row.map(csvCell)) },
    {
      newline: "\r\n",
      quotes: (value: unknown) => typeof value === "string" && OTHER_LOCALE_SEPARATOR.test(value),
    },
  );
}

/**
 * Data rows alone, with the same cell rules and quoting as toCsv: a file written in parts (a streamed export) adds
 * them batch by batch after its header line.
 */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map(csvCell)),
    {
      newline: "\r\n",
      quotes: (value: unknown) => typeof value === "string" && OTHER_LOCALE_SEPARATOR.test(value),
    },
  );
}

/** A file name for an export: the grid's name and today's date, e.g. "inventory-2026-11-23.csv". */
export function csvFileName(name: string, today = new Date()): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "export";
  return `${slug}-${today.toISOString().slice(0, 10)}.csv`;
}

// "-12.50" is a number a person typed, not a formula.
function isPlainNumber(value: string): boolean {
  return /^[-+]?\d+(\.\d+)?$/.test(value);
}
