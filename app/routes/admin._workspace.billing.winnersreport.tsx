import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { winnersReport } from "~/billing/winners-report.server";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import type { Permission } from "~/auth/permissions";

export const meta = titleMeta("Winners report · Billing · Gavel");

const REPORT: Permission[] = ["can_bill", "can_report"];

/** /admin/billing/winnersreport: winners by item, paid or not, picked up or not; ?format=csv or pdf downloads it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, REPORT);
  const url = new URL(request.url);
  // ?format=csv or pdf (the addresses people have) are the download route's: a page's loader cannot answer with a file.
  if (url.searchParams.has("format")) throw redirect(`/admin/billing/winnersreport/download${url.search}`);
  const report = await winnersReport(eventId);
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
          <a
            className={buttonClass({ variant: "ghost" })}
            href="/admin/billing/winnersreport/download?format=csv"
            download
          >
            Download CSV
          </a>{" "}
          <a
            className={buttonClass({ variant: "ghost" })}
            href="/admin/billing/winnersreport/download?format=pdf"
            download
          >
            Download PDF
          </a>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          title="No winners yet"
          text="Each item appears here with its winner once its bidding closes or its lot is sold."
        />
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

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
