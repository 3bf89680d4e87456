import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { reportHeading, reportPath, REPORTS } from "~/reporting/reports";
import reportingHref from "~/styles/reporting.css";
import { titleMeta } from "~/ui/error-page";
import { Tabs } from "~/ui/tabs";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Reports · Setup · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportingHref }];

/** /admin/setup/reporting: the reports (can_report), one tab each; the event travels in ?id= across the tabs. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_report");
  return { eventId };
}

export default function ReportingLayout() {
  const { eventId } = useLoaderData<typeof loader>();
  // Each report's page is named after it (its <title> too, in its route's meta); the overview is "Reports".
  const { pathname } = useLocation();
  return (
    <>
      <div className="page-header">
        <h1>{reportHeading(pathname)}</h1>
      </div>
      <Tabs
        label="Reports"
        items={REPORTS.map((report) => ({ label: report.label, to: reportPath(report.slug, eventId) }))}
      />
      <Outlet />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
