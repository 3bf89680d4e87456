import { useLoaderData } from "@remix-run/react";
import { loadReport } from "~/reporting/report-loader.server";
import { BOOKS_AND_CRM_EXPORTS, reportTitle } from "~/reporting/reports";
import { revenueReport } from "~/reporting/revenue.server";
import { ReportView } from "~/reporting/ui/report-view";
import { titleMeta } from "~/ui/error-page";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta(reportTitle("revenue"));

/** /admin/setup/reporting/revenue (?format=csv or xlsx downloads it). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadReport(request, revenueReport);
}

export default function RevenueReportPage() {
  const { report, filters } = useLoaderData<typeof loader>();
  return <ReportView report={report} filters={filters} exports={[BOOKS_AND_CRM_EXPORTS.deposits]} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
