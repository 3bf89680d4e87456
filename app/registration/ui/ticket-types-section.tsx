/**
 * The ticket types of /admin/setup/registration: a short list in the order /register offers them, each with what
 * is sold, moved with Up and Down, edited in a dialog, deleted after a confirmation (refused once sold).
 */
import { RowDialog } from "~/grid/ui/row-dialog";
import { RichTextEditor } from "~/rich-text/ui/rich-text-editor";
import { Field } from "~/ui/field";
import { FormDialog, type Fieldset } from "~/ui/form-dialog";
import { SelectOptions } from "~/ui/select-options";
import { labelOf, LIMITS, TICKET_KINDS } from "../setup-fields";
import { recordIntent, ticketSchema } from "../setup-forms";
import { DeleteButton, SetupListSection } from "./setup-list-parts";
import type { RegistrationSetupData } from "../registration-setup.server";

type TicketType = RegistrationSetupData["tickets"][number];

const NEW_TICKET = { type: "individual", increment: "1", seat_count: "1" };

/** A saved ticket type as its form posts it. */
function savedValues(row: TicketType) {
  return {
    title: row.title,
    description: row.description ?? "",
    type: row.type,
    price: row.price_input,
    max_quantity: row.max_quantity === null ? "" : String(row.max_quantity),
    increment: String(row.increment),
    seat_count: String(row.seat_count),
  };
}

function TicketFields({ fields, currency }: { fields: Fieldset<typeof ticketSchema>; currency: string }) {
  const description = fields.description.initialValue;
  return (
    <>
      <Field label="Name" required meta={fields.title}>
        {(control) => <input {...control} required autoComplete="off" />}
      </Field>
      <div className="dialog__pair">
        <Field label="Kind" meta={fields.type}>
          {(control) => (
            <select {...control}>
              <SelectOptions options={TICKET_KINDS} />
            </select>
          )}
        </Field>
        <Field label={`Price (${currency})`} required help="0 for a free ticket." meta={fields.price}>
          {(control) => <input {...control} required inputMode="decimal" autoComplete="off" />}
        </Field>
      </div>
      <div className="dialog__pair">
        <Field label="Guests per ticket" help="8 for a table of eight." meta={fields.seat_count}>
          {(control) => (
            <input {...control} type="number" inputMode="numeric" min={1} max={LIMITS.seatCount} step={1} />
          )}
        </Field>
        <Field label="Quantity step" help="Bought in multiples of this (2: pairs only)." meta={fields.increment}>
          {(control) => (
            <input {...control} type="number" inputMode="numeric" min={1} max={LIMITS.ticketIncrement} step={1} />
          )}
        </Field>
      </div>
      <Field label="How many can be sold" help="Leave blank for no limit." meta={fields.max_quantity}>
        {(control) => (
          <input {...control} type="number" inputMode="numeric" min={1} max={LIMITS.ticketQuantity} step={1} />
        )}
      </Field>
      <RichTextEditor
        name={fields.description.name}
        label="Description"
        toolbarLabel="Ticket description formatting"
        defaultValue={typeof description === "string" ? description : ""}
        error={fields.description.errors?.[0]}
        help="What the ticket includes, shown to buyers on the registration page."
      />
    </>
  );
}

function EditTicket({ row, currency, above = false }: { row: TicketType; currency: string; above?: boolean }) {
  const Dialog = above ? FormDialog : RowDialog;
  return (
    <Dialog
      name={`edit-ticket-${row.ticket_id}`}
      trigger="Edit"
      triggerLabel={`Edit ${row.title}`}
      triggerVariant="ghost"
      title={`Edit ${row.title}`}
      submitLabel="Save ticket type"
      fields={{ intent: recordIntent("update", "ticket"), ticket_id: String(row.ticket_id) }}
      schema={ticketSchema}
      defaultValue={savedValues(row)}
    >
      {(fields) => <TicketFields fields={fields} currency={currency} />}
    </Dialog>
  );
}

export function TicketTypesSection({ tickets, currency }: { tickets: TicketType[]; currency: string }) {
  const newTicket = (
    <FormDialog
      name="new-ticket"
      trigger="Add ticket type"
      triggerVariant="primary"
      title="New ticket type"
      description="What guests can buy on the registration page: a seat, a couple, a table…"
      submitLabel="Add ticket type"
      fields={{ intent: recordIntent("create", "ticket") }}
      schema={ticketSchema}
      defaultValue={NEW_TICKET}
    >
      {(fields) => <TicketFields fields={fields} currency={currency} />}
    </FormDialog>
  );
  return (
    <SetupListSection
      list="tickets"
      title="Ticket types"
      rows={tickets}
      rowKey={(row) => row.ticket_id}
      newDialog={newTicket}
      editDialog={(row, above) => <EditTicket row={row} currency={currency} above={above} />}
      dialogName={(row) => `edit-ticket-${row.ticket_id}`}
      empty={{
        title: "No ticket types yet",
        text: "Add what guests can buy, such as an individual seat, a couple or a table of eight.",
      }}
      caption="Ticket types, in the order buyers see them"
      move={{ intent: recordIntent("move", "ticket"), idField: "ticket_id", name: (row) => row.title }}
      columns={[
        { header: "Ticket type", rowHeader: true, cell: (row) => row.title },
        { header: "Kind", cell: (row) => labelOf(TICKET_KINDS, row.type) },
        { header: "Price", numeric: true, cell: (row) => row.price_label },
        { header: "Guests each", numeric: true, cell: (row) => row.seat_count },
        { header: "Step", numeric: true, cell: (row) => row.increment },
        { header: "Sold", numeric: true, cell: (row) => row.sold },
        { header: "Limit", numeric: true, cell: (row) => row.max_quantity ?? "No limit" },
      ]}
      actions={(row) => (
        <DeleteButton
          name={row.title}
          title={`Delete “${row.title}”?`}
          description={
            row.sold > 0
              ? `${row.sold} sold: a ticket type with sales cannot be deleted. Set its limit to what is sold to stop selling it.`
              : "Buyers will no longer see it. This cannot be undone."
          }
          fields={{ intent: recordIntent("delete", "ticket"), ticket_id: String(row.ticket_id) }}
        />
      )}
    />
  );
}
