/**
 * The downloads for the charity's books and CRM (decision 038, docs/exports.md), beside the reports' own:
 * ?report=deposits&format=csv|xlsx, the bank deposits in QuickBooks Online's upload layout, and
 * ?report=npsp&format=csv, the guests, donors, gifts and purchases as Salesforce NPSP Data Import rows. The caller
 * has checked can_report and read the scope (the event and the dates).
 */
import { csvFileName } from "~/grid/grid-csv";
import { streamedCsv } from "./csv-stream.server";
import { depositReport } from "./deposits.server";
import { reportDownload } from "./export.server";
import { NPSP_COLUMNS, npspBatches } from "./npsp-export.server";
import type { ReportScope } from "./filters.server";
import type { Report } from "./report";

export const BOOKS_AND_CRM_REPORTS = ["deposits", "npsp"] as const;

export async function booksAndCrmFile(scope: ReportScope, report: string, format: string | null): Promise<Response> {
  if (report === "npsp") {
    if (format !== "csv") throw new Response("NPSP's Data Importer takes CSV: ask for format=csv.", { status: 404 });
    return streamedCsv(csvFileName(`npsp data import ${scope.title}`), NPSP_COLUMNS, npspBatches(scope));
  }
  const deposits = await depositReport(scope);
  if (format === "csv") return quickBooksCsv(deposits);
  const download = await reportDownload(deposits, format);
  if (!download) throw new Response("Ask for format=csv or format=xlsx.", { status: 404 });
  return download;
}

/** The QuickBooks layout's table alone: Date, Description, Amount (units, negative for money out). */
function quickBooksCsv(deposits: Report): Response {
  const table = deposits.tables.find((one) => one.id === "quickbooks")!;
  const rows = table.rows.map((row) => [row.date, row.description, (Number(row.amount) / 100).toFixed(2)]);
  return streamedCsv(
    csvFileName(deposits.name),
    table.columns.map((column) => column.header),
    (async function* () {
      yield rows;
    })(),
  );
}
