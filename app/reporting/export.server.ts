/**
 * A report as a download: CSV (one block per table, a blank line between) or XLSX (exceljs, decision 027: a sheet
 * per table, amounts as numbers in the event's currency so that sums in the spreadsheet work). Both come from the
 * same Report object as the page, so the files match what is shown.
 */
import ExcelJS from "exceljs";
import { csvCell, csvFileName, toCsv } from "~/grid/grid-csv";
import type { Report, ReportCell, ReportColumn, ReportTable } from "./report";

/** Money as units with two decimals (150.5 for $150.50): what a spreadsheet sums. */
function exported(value: ReportCell, column: ReportColumn): string | number | null {
  if (value === null) return null;
  if (column.kind === "money" && typeof value === "number") return value / 100;
  return value;
}

function tableRows(table: ReportTable) {
  const rows = table.totals ? [...table.rows, table.totals] : table.rows;
  return rows.map((row) => table.columns.map((column) => exported(row[column.key] ?? null, column)));
}

export function reportCsv(report: Report): string {
  const blocks: string[] = [];
  if (report.figures.length > 0)
    blocks.push(
      toCsv(
        ["Figure", "Value"],
        report.figures.map((figure) => [
          figure.label,
          figure.kind === "money" && figure.value !== null ? figure.value / 100 : figure.value,
        ]),
      ),
    );
  for (const table of report.tables)
    blocks.push(
      `${csvCell(table.title)}\r\n` +
        toCsv(
          table.columns.map((column) => column.header),
          tableRows(table),
        ),
    );
  return blocks.join("\r\n\r\n");
}

export async function reportXlsx(report: Report): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Gavel";
  const moneyFormat = `"${currencySymbol(report.currency)}"#,##0.00`;
  const used = new Set<string>();
  if (report.figures.length > 0) {
    const sheet = workbook.addWorksheet(sheetName("Summary", used));
    sheet.columns = [
      { header: "Figure", key: "label", width: 36 },
      { header: "Value", key: "value", width: 18 },
    ];
    for (const figure of report.figures) {
      const row = sheet.addRow({
        label: figure.label,
        value: figure.kind === "money" && figure.value !== null ? figure.value / 100 : figure.value,
      });
      if (figure.kind === "money") row.getCell(2).numFmt = moneyFormat;
    }
    sheet.getRow(1).font = { bold: true };
  }
  for (const table of report.tables) {
    const sheet = workbook.addWorksheet(sheetName(table.title, used));
    sheet.columns = table.columns.map((column) => ({
      header: column.header,
      key: column.key,
      width: column.kind === "text" ? 32 : 16,
      style: column.kind === "money" ? { numFmt: moneyFormat } : {},
    }));
    // Text is written as text, never as a formula: exceljs only makes formulas from { formula } objects.
    for (const values of tableRows(table)) sheet.addRow(values);
    sheet.getRow(1).font = { bold: true };
    if (table.totals) sheet.getRow(sheet.rowCount).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A report as the response to ?format=csv or ?format=xlsx; null for any other format (the page). */
export async function reportDownload(report: Report, format: string | null): Promise<Response | null> {
  const stem = csvFileName(report.name).replace(/\.csv$/, "");
  if (format === "csv")
    return new Response(`\uFEFF${reportCsv(report)}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${stem}.csv"`,
      },
    });
  if (format === "xlsx")
    return new Response(new Uint8Array(await reportXlsx(report)), {
      headers: {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": `attachment; filename="${stem}.xlsx"`,
      },
    });
  return null;
}

// Excel allows 31 characters and no []:*?/\ in a sheet's name, each name once. A long title keeps its main clause
// ("Top givers (paddle raise and donations)" → "Top givers") or whole words with "…", never a cut word, with room
// for " 12" when tables share a name.
const SHEET_NAME_ROOM = 27;

export function sheetName(title: string, used: Set<string>): string {
  const cleaned = title
    .replace(/[[\]:*?/\\]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const base = shortened(cleaned, SHEET_NAME_ROOM) || "Sheet";
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} ${n}`;
  used.add(name.toLowerCase());
  return name;
}

const TRAILING_LINK_WORDS = /(?:[\s,;.(–-]|\b(?:and|or|by|of|the|to|per|in|on)\b)+$/i;

/** `text` in at most `room` characters (one more for "…"): its clause before "(" or ",", else its first words. */
function shortened(text: string, room: number): string {
  if (text.length <= room) return text;
  const clause = text.split(/\s*[(,]/)[0]!;
  if (clause.length > 0 && clause.length <= room) return clause;
  const words = text
    .slice(0, room + 1)
    .split(" ")
    .slice(0, -1)
    .join(" ")
    .replace(TRAILING_LINK_WORDS, "");
  return `${words || text.slice(0, room)}…`;
}

function currencySymbol(currency: string): string {
  const part = new Intl.NumberFormat("en-US", { style: "currency", currency })
    .formatToParts(0)
    .find((entry) => entry.type === "currency");
  return part?.value ?? currency;
}
