import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { winnersReport, winnersReportCsv, winnersReportPdf } from "~/billing/winners-report.server";
import { eventSettings } from "~/events/event-settings.server";
import { csvFileName } from "~/grid/grid-csv";
import { buttonClass } from "~/ui/button";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { Permission } from "~/auth/permissions";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Winners report · Billing · Gavel" },
];

const REPORT: Permission[] = ["can_bill", "can_report"];

/** /admin/billing/winnersreport: winners by item, paid or not, picked up or not; ?format=csv or pdf downloads it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, REPORT);
  const format = new URL(request.url).searchParams.get("format");
  // The CSV and PDF are exports: they need can_report (docs/permissions.md), whoever may see the screen.
  if (format !== null) await requireEventPermission(request, "can_report");
  const report = await winnersReport(eventId);
  if (format === "pdf") {
    const { title } = await eventSettings(eventId);
    throw new Response(new Uint8Array(await winnersReportPdf(report, `Winners · ${title}`)), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${csvFileName("winners").replace(/\.csv$/, ".pdf")}"`,
      },
    });
  }
  if (format === "csv")
    throw new Response(winnersReportCsv(report), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvFileName("winners")}"`,
      },
    });
  return { ...report, mayExport: role.can_report === true };
}

export default function WinnersReportPage() {
  const { rows, currency, mayExport } = useLoaderData<typeof loader>();
  const paid = rows.filter((row) => row.paid).length;
  return (
    <>
      <div className="page-header">
        <h1>Winners report</h1>
        <p>
          {rows.length} {rows.length === 1 ? "item" : "items"} won; {paid} paid,{" "}
          {rows.filter((row) => row.pickedUp).length} picked up.
        </p>
      </div>
      {mayExport ? (
        <p>
          <a className={buttonClass({ variant: "ghost" })} href="?format=csv" download>
            Download CSV
          </a>{" "}
          <a className={buttonClass({ variant: "ghost" })} href="?format=pdf" download>
            Download PDF
          </a>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">No item has a winner yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="billing-table">
            <caption className="visually-hidden">Winners by item</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Winner</th>
                <th scope="col" className="numeric">
                  Amount
                </th>
                <th scope="col">Paid</th>
                <th scope="col">Picked up</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.itemId}-${row.unit}`}>
                  <td>
                    {row.lot !== null ? `Lot ${row.lot} · ` : ""}
                    {row.title}
                    <div className="muted">{row.type}</div>
                  </td>
                  <td>
                    {row.paddle !== null ? `${row.paddle} · ` : ""}
                    {row.winner}
                  </td>
                  <td className="numeric">{formatMoney(row.amount, currency)}</td>
                  <td>{row.paid ? "Paid" : "Not paid"}</td>
                  <td>{row.pickedUp ? "Picked up" : "Not yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
