import { reportFile } from "~/reporting/download.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/setup/reporting/download: a report's CSV or XLSX, or the tax statements' PDF (can_report). */
export async function loader({ request }: LoaderFunctionArgs) {
  return reportFile(request);
}
