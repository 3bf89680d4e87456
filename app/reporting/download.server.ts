/**
 * /admin/setup/reporting/download: a report as CSV or XLSX (?report=revenue&format=csv, with the page's filters), or
 * the tax statements as PDF (?report=tax&statement=all or a guest's user id). can_report, as every export.
 */
import { requireEventPermission } from "~/auth/access.server";
import { reportDownload } from "./export.server";
import { reportScope, type ReportScope } from "./filters.server";
import { guestsReport } from "./guests.server";
import { itemsReport } from "./items.server";
import { procurementReport } from "./procurement.server";
import { revenueReport } from "./revenue.server";
import { statementsPdf } from "./statement-pdf.server";
import { taxReport, taxStatements } from "./tax.server";
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
  const build = BUILDERS[params.get("report") ?? ""];
  if (!build) throw new Response("There is no such report.", { status: 404 });
  const scope = await reportScope(request, access);
  const statement = params.get("statement");
  if (params.get("report") === "tax" && statement !== null) return statementFile(scope, statement);
  const download = await reportDownload(await build(scope), params.get("format"));
  if (!download) throw new Response("Ask for format=csv or format=xlsx.", { status: 404 });
  return download;
}

async function statementFile(scope: ReportScope, statement: string): Promise<Response> {
  const usrId = /^\d{1,9}$/.test(statement) ? Number(statement) : null;
  if (usrId === null && statement !== "all") throw new Response("No such statement.", { status: 404 });
  const statements = await taxStatements(scope, usrId);
  if (usrId !== null && statements.guests.length === 0)
    throw new Response("That guest paid nothing in this period.", { status: 404 });
  return new Response(new Uint8Array(await statementsPdf(statements)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="tax-statement-${usrId ?? "all"}.pdf"`,
    },
  });
}
