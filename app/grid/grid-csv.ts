/**
 * A grid's rows as a CSV file, as spreadsheet programs read it. Papa Parse does the quoting; this adds the one
 * rule it leaves to us: a cell that starts like a formula (=, +, -, @, tab, return) is prefixed with an apostrophe
 * so that a donor named "=HYPERLINK(…)" cannot run as a formula when the organiser opens the export.
 * Client-safe.
 */
import Papa from "papaparse";

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

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
    { newline: "\r\n" },
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
