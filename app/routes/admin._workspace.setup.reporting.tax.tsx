import { useLoaderData } from "@remix-run/react";
import { loadReport } from "~/reporting/report-loader.server";
import { taxReport } from "~/reporting/tax.server";
import { ReportView } from "~/reporting/ui/report-view";
import { StatementPicker } from "~/reporting/ui/statement-picker";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Tax · Reports · Gavel" },
];

/**
 * /admin/setup/reporting/tax: each guest's deductible total; the statements as PDF come from the download route
 * for the dates chosen (a year-end statement: the year's first to last day).
 */
export async function loader({ request }: LoaderFunctionArgs) {
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
