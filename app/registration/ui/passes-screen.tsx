/**
 * /admin/registration/passes: one row per pass (purchase) with its buyer, ticket type, seats, guests and payment.
 * A pass opens (a disclosure, no JavaScript needed) on its guests and the personal links of seats still to be
 * named. A pending payment is marked paid by cash or check; a pass is cancelled after a confirmation; its
 * confirmation can be sent again.
 */
import { Form } from "@remix-run/react";
import { moneyColumn } from "~/admin-list/ui/columns";
import { DataGrid } from "~/grid/ui/data-grid";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { PASS_INTENT } from "../pass-forms";
import { STAFF_METHOD_LABELS, type StaffMethod } from "../registrant-fields";
import { PAYMENT_STATUS_LABELS } from "./registrants-screen";
import type { PassRow } from "../passes.server";
import type { GridColumn } from "~/grid/grid-types";

const methodLabel = (method: string | null) =>
  method === null ? null : (STAFF_METHOD_LABELS[method as StaffMethod] ?? (method === "card" ? "Card" : method));

const columns: GridColumn<PassRow>[] = [
  { id: "title", header: "Pass", value: (row) => row.title },
  { id: "email", header: "Buyer email", value: (row) => row.email },
  { id: "phone", header: "Buyer phone", value: (row) => row.phone, hidden: true },
  { id: "ticket", header: "Ticket", value: (row) => row.ticket, filter: "select" },
  { id: "seats", header: "Seats", value: (row) => row.seats, numeric: true, filter: false },
  {
    id: "guests",
    header: "Guests named",
    value: (row) => `${row.named} / ${row.guests.length}`,
    cell: (row) => <PassGuests row={row} />,
    filter: false,
  },
  { id: "names", header: "Names", value: (row) => row.names, hidden: true },
  moneyColumn("amount", "Amount", (row) => row.amount_label),
  { id: "method", header: "Payment method", value: (row) => methodLabel(row.method), filter: "select" },
  { id: "status", header: "Status", value: (row) => PAYMENT_STATUS_LABELS[row.status] ?? row.status, filter: "select" },
  { id: "created", header: "Created", value: (row) => row.created_at, cell: (row) => row.created_label, filter: false },
  {
    id: "actions",
    header: "Actions",
    value: () => null,
    filter: false,
    noExport: true,
    cell: (row) => <PassActions row={row} />,
  },
];

function PassGuests({ row }: { row: PassRow }) {
  if (row.guests.length === 0) return <span className="muted">None</span>;
  return (
    <details className="pass-guests">
      <summary aria-label={`Guests of ${row.title}: ${row.named} of ${row.guests.length} named`}>
        {row.named} / {row.guests.length}
      </summary>
      <ul className="pass-guests__list">
        {row.guests.map((guest) => (
          <li key={guest.registrant_id}>
            {guest.name ? (
              <>
                {guest.name}
                {guest.paddle !== null ? <span className="muted"> · paddle {guest.paddle}</span> : null}
              </>
            ) : (
              <>
                <span className="muted">To be named{guest.paddle !== null ? ` · paddle ${guest.paddle}` : ""}: </span>
                <a href={guest.link ?? undefined}>personal link</a>
                <input
                  className="pass-guests__link"
                  readOnly
                  value={guest.link ?? ""}
                  aria-label={`Personal link of seat ${guest.registrant_id}`}
                  onFocus={(event) => event.currentTarget.select()}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function PassActions({ row }: { row: PassRow }) {
  if (row.status === "cancelled") return <span className="muted">Cancelled</span>;
  return (
    <div className="registrant-actions">
      {row.status === "pending" ? (
        <Form method="post" className="registrant-actions__form">
          <input type="hidden" name="intent" value={PASS_INTENT.markPaid} />
          <input type="hidden" name="pass" value={row.pass_id} />
          <select name="method" aria-label={`How ${row.title} paid`} defaultValue="cash">
            <option value="cash">Cash</option>
            <option value="check">Check</option>
          </select>
          <Button type="submit" variant="secondary" size="sm" aria-label={`Mark ${row.title} paid`}>
            Mark paid
          </Button>
        </Form>
      ) : null}
      {row.payment_id !== null ? (
        <Form method="post" className="registrant-actions__form">
          <input type="hidden" name="intent" value={PASS_INTENT.resend} />
          <input type="hidden" name="pass" value={row.pass_id} />
          <Button type="submit" variant="ghost" size="sm" aria-label={`Resend the confirmation of ${row.title}`}>
            Resend
          </Button>
        </Form>
      ) : null}
      <ConfirmDialog
        trigger="Cancel pass"
        triggerVariant="ghost"
        triggerSize="sm"
        title={`Cancel ${row.title}?`}
        description={`Its ${row.guests.length === 1 ? "guest is" : `${row.guests.length} guests are`} taken off the guest list and its tickets go back on sale. The payment is cancelled (or lowered, when the same order holds other passes). This cannot be undone.`}
        confirmLabel="Cancel the pass"
        cancelLabel="Keep it"
        confirmVariant="danger"
        fields={{ intent: PASS_INTENT.cancel, pass: String(row.pass_id) }}
      />
    </div>
  );
}

/**
 * Releasing orders to pay at the event that nobody paid: guests may hold seats without paying (up to a limit per
 * buyer), so before the event the team gives the tickets of old unpaid orders back to sale.
 */
function ReleaseUnpaid({ error }: { error: string | undefined }) {
  return (
    <Form method="post" className="passes-release">
      <input type="hidden" name="intent" value={PASS_INTENT.release} />
      <Field
        label="Release unpaid orders older than (days)"
        error={error}
        help="Orders to pay at the event, not paid yet: their passes are cancelled and their tickets go back on sale."
      >
        {(control) => (
          <input {...control} name="days" type="number" min={1} max={365} step={1} defaultValue={14} required />
        )}
      </Field>
      <Button type="submit" variant="secondary">
        Release unpaid orders
      </Button>
    </Form>
  );
}

export function PassesScreen({ passes, releaseError }: { passes: PassRow[]; releaseError?: string }) {
  return (
    <>
      <div className="page-header">
        <h1>Passes</h1>
        <p>
          Every purchase with its guests and payment. Open a pass's guests for the personal links of seats still to be
          named.
        </p>
      </div>
      <ReleaseUnpaid error={releaseError} />
      <DataGrid
        label="Passes"
        rows={passes}
        columns={columns}
        rowId={(row) => String(row.pass_id)}
        rowLabel={(row) => row.title}
        empty={
          <EmptyState
            title="No passes yet"
            text="A pass is made for each purchase, at /register or on the Registrants screen."
          />
        }
      />
    </>
  );
}
