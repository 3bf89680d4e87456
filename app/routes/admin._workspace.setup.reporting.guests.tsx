import { useLoaderData } from "@remix-run/react";
import { guestsReport } from "~/reporting/guests.server";
import { loadReport } from "~/reporting/report-loader.server";
import { BOOKS_AND_CRM_EXPORTS, reportTitle } from "~/reporting/reports";
import { ReportView } from "~/reporting/ui/report-view";
import { titleMeta } from "~/ui/error-page";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta(reportTitle("guests"));

/** /admin/setup/reporting/guests (?format=csv or xlsx downloads it). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadReport(request, guestsReport);
}

export default function GuestsReportPage() {
  const { report, filters } = useLoaderData<typeof loader>();
  return <ReportView report={report} filters={filters} exports={[BOOKS_AND_CRM_EXPORTS.npsp]} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
