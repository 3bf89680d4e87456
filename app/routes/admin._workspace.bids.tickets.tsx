import { useLoaderData } from "@remix-run/react";
import { moneyColumn } from "~/admin-list/ui/columns";
import { requireEventPermission } from "~/auth/access.server";
import { DataGrid } from "~/grid/ui/data-grid";
import { loadTicketSales, type TicketSaleRow } from "~/registration/ticket-sales.server";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { formatCount } from "~/ui/format";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { GridColumn } from "~/grid/grid-types";

export const meta = titleMeta("Tickets · Bids · Gavel");

/**
 * /admin/bids/tickets: every ticket purchase of the event, with its buyer, promo code and payment, in the shared
 * grid (search, filters, CSV export), and the totals per ticket type above it. Read only: can_view_stats.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_view_stats");
  return loadTicketSales(eventId);
}

const STATUS_LABELS: Record<string, string> = {
  paid: "Paid",
  pending: "Pending",
  cancelled: "Cancelled",
  refunded: "Refunded",
};
const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

// Amounts export in units, not cents, so the CSV reads as the grid does.
const columns: GridColumn<TicketSaleRow>[] = [
  { id: "date", header: "Date", value: (row) => row.created_at, cell: (row) => row.created_label, filter: false },
  { id: "buyer", header: "Buyer", value: (row) => row.buyer },
  { id: "email", header: "Email", value: (row) => row.email },
  { id: "company", header: "Company", value: (row) => row.company, hidden: true },
  { id: "ticket", header: "Ticket type", value: (row) => row.ticket, filter: "select" },
  { id: "quantity", header: "Quantity", value: (row) => row.quantity, numeric: true, filter: false },
  moneyColumn("amount", "Amount", (row) => row.amount_label),
  moneyColumn("discount", "Discount", (row) => row.discount_label),
  { id: "promo_code", header: "Promo code", value: (row) => row.promo_code, filter: "select" },
  { id: "method", header: "Payment method", value: (row) => row.method, filter: "select" },
  { id: "payment_status", header: "Payment", value: (row) => statusLabel(row.payment_status), filter: "select" },
  { id: "status", header: "Purchase", value: (row) => statusLabel(row.status), filter: "select", hidden: true },
];

export default function TicketSalesPage() {
  const { sales, totals, overall } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Tickets</h1>
        <p>Ticket sales and what they bring in. Cancelled purchases are listed but left out of the totals.</p>
      </div>
      <section aria-labelledby="ticket-totals-heading" className="stack">
        <h2 id="ticket-totals-heading" className="section-heading">
          Totals by ticket type
        </h2>
        <div className="table-wrap">
          <table className="data-table" aria-labelledby="ticket-totals-heading">
            <thead>
              <tr>
                <th scope="col">Ticket type</th>
                {["Sold", "Seats", "Gross", "Discounts", "Net", "Paid", "Pending"].map((header) => (
                  <th key={header} scope="col" className="data-table__number">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {totals.map((row) => (
                <TotalsRow key={row.ticket_id} row={row} />
              ))}
            </tbody>
            <tfoot>
              <TotalsRow row={overall} />
            </tfoot>
          </table>
        </div>
      </section>
      <h2 className="section-heading">Sales</h2>
      <DataGrid
        label="Ticket sales"
        rows={sales}
        columns={columns}
        rowId={(row) => String(row.ticket_payment_id)}
        rowLabel={(row) => `${row.buyer}, ${row.ticket}`}
        empty={
          <EmptyState
            headingLevel={3}
            title="No tickets sold yet"
            text="Purchases appear here as guests register. Ticket types and prices are set under Setup, Registration."
          />
        }
      />
    </>
  );
}

function TotalsRow({ row }: { row: ReturnType<typeof useLoaderData<typeof loader>>["overall"] }) {
  return (
    <tr>
      <th scope="row">{row.title}</th>
      <td className="data-table__number">{formatCount(row.sold)}</td>
      <td className="data-table__number">{formatCount(row.seats)}</td>
      <td className="data-table__number">{row.labels.gross}</td>
      <td className="data-table__number">{row.labels.discounts}</td>
      <td className="data-table__number">{row.labels.net}</td>
      <td className="data-table__number">{row.labels.paid}</td>
      <td className="data-table__number">{row.labels.pending}</td>
    </tr>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
