/** The CSV export of a grid: the rows as filtered and sorted (every page), in the columns shown. Browser only. */
import { csvFileName, toCsv } from "./grid-csv";
import type { GridColumn } from "./grid-types";

export function gridCsv<Row>(columns: readonly GridColumn<Row>[], rows: readonly Row[]): string {
  const exported = columns.filter((column) => !column.noExport);
  return toCsv(
    exported.map((column) => column.header),
    rows.map((row) => exported.map((column) => column.value(row))),
  );
}

export function downloadCsv<Row>(label: string, columns: readonly GridColumn<Row>[], rows: readonly Row[]): void {
  // The byte order mark makes Excel read the file as UTF-8 (accents in donors' names).
  const blob = new Blob(["\uFEFF", gridCsv(columns, rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = csvFileName(label);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
