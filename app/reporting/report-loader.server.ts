/**
 * The loader every report page shares: can_report on the event (docs/permissions.md: reports and every export),
 * the filters and the report. Its downloads are the resource route /admin/setup/reporting/download (a page's loader
 * cannot answer with a file under single fetch).
 */
import { requireEventPermission } from "~/auth/access.server";
import { reportScope, type ReportScope } from "./filters.server";
import type { Report } from "./report";

export async function loadReport(request: Request, build: (scope: ReportScope) => Promise<Report>) {
  const access = await requireEventPermission(request, "can_report");
  const scope = await reportScope(request, access);
  return { report: await build(scope), filters: scope.filters };
}
