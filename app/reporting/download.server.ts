/**
 * /admin/setup/reporting/download: a report as CSV or XLSX (?report=revenue&format=csv, with the page's filters), or
 * the tax statements as PDF (?report=tax&statement=all or a guest's user id); with &year=, the tax report and the
 * statements are the year-end ones across the organisation's events (which needs can_report on all of them).
 * The books' and CRM's files (?report=deposits or npsp) are books-and-crm.server.ts's. can_report, as every export.
 */
import { requireEventPermission } from "~/auth/access.server";
import { BOOKS_AND_CRM_REPORTS, booksAndCrmFile } from "./books-and-crm.server";
import { reportDownload } from "./export.server";
import { reportScope, type ReportScope } from "./filters.server";
import { guestsReport } from "./guests.server";
import { itemsReport } from "./items.server";
import { procurementReport } from "./procurement.server";
import { revenueReport } from "./revenue.server";
import { statementsPdf, yearStatementsPdf } from "./statement-pdf.server";
import { readStatementYear } from "./statement-period";
import { taxReport, taxStatements } from "./tax.server";
import { mayReportYear, yearReport, yearStatements } from "./year-statements.server";
import type { Report } from "./report";

const BUILDERS: Record<string, (scope: ReportScope) => Promise<Report>> = {
  revenue: revenueReport,
  items: itemsReport,
  guests: guestsReport,
  tax: taxReport,
  procurement: procurementReport,
};

export async function reportFile(request: Request): Promise<Response> {
  const access = await requireEventPermission(request, "can_report");
  const params = new URL(request.url).searchParams;
  const kind = params.get("report") ?? "";
  const build = BUILDERS[kind];
  const booksOrCrm = (BOOKS_AND_CRM_REPORTS as readonly string[]).includes(kind);
  if (!build && !booksOrCrm) throw new Response("There is no such report.", { status: 404 });
  const scope = await reportScope(request, access);
  // A refused range gives no file, as the page shows no figures: a whole event's file named for days never taken.
  if (scope.filters.error) throw new Response(scope.filters.error, { status: 400 });
  if (!build) return booksAndCrmFile(scope, kind, params.get("format"));
  const statement = params.get("statement");
  const year = params.get("report") === "tax" ? readStatementYear(params.get("year")) : null;
  if (year !== null && !(await mayReportYear(access, scope.clientId)))
    throw new Response("A year's statements cover every event of the organisation: ask for can_report on each.", {
      status: 403,
    });
  if (year !== null && statement !== null) return yearStatementFile(scope.clientId, year, statement);
  if (params.get("report") === "tax" && statement !== null) return statementFile(scope, statement);
  const download = await reportDownload(
    year !== null ? await yearReport(scope.clientId, year) : await build(scope),
    params.get("format"),
  );
  if (!download) throw new Response("Ask for format=csv or format=xlsx.", { status: 404 });
  return download;
}

/** "all" or a guest's user id; a 404 for anything else. */
function statementOf(statement: string): number | null {
  const usrId = /^\d{1,9}$/.test(statement) ? Number(statement) : null;
  if (usrId === null && statement !== "all") throw new Response("No such statement.", { status: 404 });
  return usrId;
}

const pdfFile = (pdf: Buffer, name: string) =>
  new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${name}.pdf"` },
  });

async function statementFile(scope: ReportScope, statement: string): Promise<Response> {
  const usrId = statementOf(statement);
  const statements = await taxStatements(scope, usrId);
  if (usrId !== null && statements.guests.length === 0)
    throw new Response("That guest paid nothing in this period.", { status: 404 });
  return pdfFile(await statementsPdf(statements), `tax-statement-${usrId ?? "all"}`);
}

async function yearStatementFile(clientId: number, year: number, statement: string): Promise<Response> {
  const usrId = statementOf(statement);
  const statements = await yearStatements(clientId, year, usrId);
  if (usrId !== null && statements.donors.length === 0)
    throw new Response("That guest paid nothing in this year.", { status: 404 });
  return pdfFile(await yearStatementsPdf(statements), `tax-statement-${year}-${usrId ?? "all"}`);
}
