import { requireEventPermission } from "~/auth/access.server";
import { paymentFilters } from "~/billing/payment-filters";
import { listPayments, paymentsCsv } from "~/billing/payments-list.server";
import { csvFileName } from "~/grid/grid-csv";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/billing/payments/csv: the payments list as CSV, with its filters; an export, so can_report. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_report");
  const list = await listPayments(eventId, paymentFilters(new URL(request.url)));
  return new Response(paymentsCsv(list), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("payments")}"`,
    },
  });
}
