/**
 * The loader every report page shares: can_report on the event (docs/permissions.md: reports and every export),
 * the filters, the report, and ?format=csv or xlsx as a download of the same report.
 */
import { requireEventPermission } from "~/auth/access.server";
import { reportDownload } from "./export.server";
import { reportScope, type ReportScope } from "./filters.server";
import type { Report } from "./report";

export async function loadReport(request: Request, build: (scope: ReportScope) => Promise<Report>) {
  const access = await requireEventPermission(request, "can_report");
  const scope = await reportScope(request, access);
  const report = await build(scope);
  const download = await reportDownload(report, new URL(request.url).searchParams.get("format"));
  if (download) throw download;
  return { report, filters: scope.filters };
}
