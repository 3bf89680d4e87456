import { useLoaderData } from "@remix-run/react";
import { procurementReport } from "~/reporting/procurement.server";
import { loadReport } from "~/reporting/report-loader.server";
import { reportTitle } from "~/reporting/reports";
import { ReportView } from "~/reporting/ui/report-view";
import { titleMeta } from "~/ui/error-page";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta(reportTitle("procurement"));

/** /admin/setup/reporting/procurement (?format=csv or xlsx downloads it). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadReport(request, procurementReport);
}

export default function ProcurementReportPage() {
  const { report, filters } = useLoaderData<typeof loader>();
  return <ReportView report={report} filters={filters} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
