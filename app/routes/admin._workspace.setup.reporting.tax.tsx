import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { reportScope } from "~/reporting/filters.server";
import { loadReport } from "~/reporting/report-loader.server";
import { statementsPdf } from "~/reporting/statement-pdf.server";
import { taxReport, taxStatements } from "~/reporting/tax.server";
import { ReportView } from "~/reporting/ui/report-view";
import { StatementPicker } from "~/reporting/ui/statement-picker";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Tax · Reports · Gavel" },
];

/**
 * /admin/setup/reporting/tax: each guest's deductible total (?format=csv or xlsx); ?statement=all or a guest's
 * user id downloads the statements as PDF for the dates chosen (a year-end statement: the year's first to last day).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const statement = new URL(request.url).searchParams.get("statement");
  if (statement !== null) {
    const access = await requireEventPermission(request, "can_report");
    const scope = await reportScope(request, access);
    const usrId = /^\d{1,9}$/.test(statement) ? Number(statement) : null;
    if (usrId === null && statement !== "all") throw new Response("No such statement.", { status: 404 });
    const statements = await taxStatements(scope, usrId);
    if (usrId !== null && statements.guests.length === 0)
      throw new Response("That guest paid nothing in this period.", { status: 404 });
    throw new Response(new Uint8Array(await statementsPdf(statements)), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="tax-statement-${usrId ?? "all"}.pdf"`,
      },
    });
  }
  return loadReport(request, taxReport);
}

export default function TaxReportPage() {
  const { report, filters } = useLoaderData<typeof loader>();
  return (
    <>
      <StatementPicker report={report} filters={filters} />
      <ReportView report={report} filters={filters} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
