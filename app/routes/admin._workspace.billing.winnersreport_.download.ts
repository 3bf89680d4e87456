import { requireEventPermission } from "~/auth/access.server";
import { winnersReport, winnersReportCsv, winnersReportPdf } from "~/billing/winners-report.server";
import { eventSettings } from "~/events/event-settings.server";
import { csvFileName } from "~/grid/grid-csv";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/billing/winnersreport/download?format=csv or pdf: the winners report as a file; an export, so can_report. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_report");
  const format = new URL(request.url).searchParams.get("format");
  if (format !== "csv" && format !== "pdf") throw new Response("Ask for format=csv or format=pdf.", { status: 404 });
  const report = await winnersReport(eventId);
  if (format === "pdf") {
    const { title } = await eventSettings(eventId);
    return new Response(new Uint8Array(await winnersReportPdf(report, `Winners · ${title}`)), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${csvFileName("winners").replace(/\.csv$/, ".pdf")}"`,
      },
    });
  }
  return new Response(winnersReportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("winners")}"`,
    },
  });
}
