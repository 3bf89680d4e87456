import { Link, useRouteLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { reportPath, REPORTS } from "~/reporting/reports";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/setup/reporting: what each report holds. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireEventPermission(request, "can_report");
  return null;
}

export default function ReportsOverview() {
  const layout = useRouteLoaderData<{ eventId: number }>("routes/admin._workspace.setup.reporting");
  return (
    <>
      <ul className="report-list">
        {REPORTS.map((report) => (
          <li key={report.slug}>
            <Link to={reportPath(report.slug, layout?.eventId)}>{report.label}</Link>: {report.about}
          </li>
        ))}
      </ul>
      <p>
        Files for your books and CRM: the bank deposits for QuickBooks are on the{" "}
        <Link to={reportPath("revenue", layout?.eventId)}>Revenue</Link> report, the Data Import file for Salesforce
        NPSP on the <Link to={reportPath("guests", layout?.eventId)}>Guests</Link> report.
      </p>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
