/**
 * /admin/registration/registrants: every guest in the shared grid (search, a filter per column, CSV export), the
 * manual registration dialog, the CSV import, and per guest: edit, send the order's confirmation again, delete.
 */
import { Form } from "@remix-run/react";
import { DataGrid } from "~/grid/ui/data-grid";
import { RowDialogAbove } from "~/grid/ui/row-dialog";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { EmptyState } from "~/ui/empty-state";
import { REGISTRANT_ROW_INTENT } from "../registrant-fields";
import { ManualRegistrationDialog } from "./manual-registration-dialog";
import { editDialogName, guestName, RegistrantEditDialog } from "./registrant-edit-dialog";
import { RegistrantImportPanel } from "./registrant-import-panel";
import type { RegistrantRow, RegistrationChoices } from "../registrants.server";
import type { GridColumn } from "~/grid/grid-types";

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  paid: "Paid",
  pending: "Pending",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function columns(choices: RegistrationChoices): GridColumn<RegistrantRow>[] {
  return [
    {
      id: "name",
      header: "Name",
      value: (row) => row.name ?? "",
      cell: (row) => row.name ?? <span className="muted">To be named</span>,
    },
    { id: "email", header: "Email", value: (row) => row.email, clip: true },
    { id: "phone", header: "Phone", value: (row) => row.phone },
    { id: "company", header: "Company", value: (row) => row.company, hidden: true },
    { id: "paddle", header: "Paddle", value: (row) => row.paddle, numeric: true },
    { id: "ticket", header: "Ticket", value: (row) => row.ticket, filter: "select" },
    { id: "party", header: "Party", value: (row) => row.party, clip: true },
    { id: "group", header: "Group", value: (row) => row.group, hidden: true },
    { id: "table", header: "Table", value: (row) => row.table, filter: "select" },
    ...(choices.meals.length > 0
      ? [
          {
            id: "meal",
            header: "Meal",
            value: (row: RegistrantRow) => row.meal,
            filter: "select" as const,
            clip: true,
          },
        ]
      : []),
    {
      id: "answers",
      header: "Answers",
      value: (row) => row.answers_label,
      clip: true,
      hidden: choices.questions.every((asked) => asked.type === "meal"),
    },
    { id: "claimed", header: "Claimed", value: (row) => yesNo(row.claimed), filter: "select" },
    { id: "checked_in", header: "Checked in", value: (row) => yesNo(row.checked_in), filter: "select" },
    {
      id: "payment",
      header: "Payment",
      value: (row) => (row.payment_status ? (PAYMENT_STATUS_LABELS[row.payment_status] ?? row.payment_status) : null),
      filter: "select",
    },
    {
      id: "address",
      header: "Address",
      value: (row) => [row.address, row.city, row.state, row.zip, row.country].filter(Boolean).join(", "),
      clip: true,
      hidden: true,
    },
    {
      id: "actions",
      header: "Actions",
      value: () => null,
      filter: false,
      noExport: true,
      pinEnd: true,
      cell: (row) => <RowActions row={row} choices={choices} />,
    },
  ];
}

function RowActions({ row, choices }: { row: RegistrantRow; choices: RegistrationChoices }) {
  const name = guestName(row);
  return (
    <div className="registrant-actions">
      <RegistrantEditDialog row={row} choices={choices} />
      {row.payment_id !== null ? (
        <Form method="post" className="registrant-actions__form">
          <input type="hidden" name="intent" value={REGISTRANT_ROW_INTENT.resend} />
          <input type="hidden" name="registrant" value={row.registrant_id} />
          <Button type="submit" variant="ghost" size="sm" aria-label={`Resend the confirmation of ${name}`}>
            Resend
          </Button>
        </Form>
      ) : null}
      <ConfirmDialog
        trigger="Delete"
        triggerVariant="ghost"
        triggerSize="sm"
        title={`Delete ${name}?`}
        description={`${name} is taken off the guest list${row.paddle !== null ? `; paddle ${row.paddle} is not handed out again` : ""}. The party's tickets stay sold: cancel the pass on the Passes screen to put them back on sale.`}
        confirmLabel="Delete guest"
        confirmVariant="danger"
        fields={{ intent: REGISTRANT_ROW_INTENT.delete, registrant: String(row.registrant_id) }}
      />
    </div>
  );
}

export function RegistrantsScreen({
  registrants,
  choices,
}: {
  registrants: RegistrantRow[];
  choices: RegistrationChoices;
}) {
  const register = choices.tickets.length > 0 ? <ManualRegistrationDialog tickets={choices.tickets} /> : null;
  return (
    <>
      <div className="page-header">
        <h1>Registrants</h1>
        <p>Every guest of the event. Register a guest or a party by hand, edit a guest, or import a guest list.</p>
      </div>
      <RegistrantImportPanel />
      <RowDialogAbove
        rows={registrants}
        dialogName={editDialogName}
        render={(row) => <RegistrantEditDialog row={row} choices={choices} inPage />}
      />
      <DataGrid
        label="Registrants"
        rows={registrants}
        columns={columns(choices)}
        rowId={(row) => String(row.registrant_id)}
        rowLabel={guestName}
        actions={register}
        empty={
          <EmptyState
            title="No guests yet"
            text={
              choices.tickets.length > 0
                ? "Guests appear here as they register. Register one by hand or import a list from a CSV file."
                : "Add ticket types under Setup, Registration first; then register guests here or import a list."
            }
            action={register}
          />
        }
      />
    </>
  );
}
