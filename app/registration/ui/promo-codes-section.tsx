/**
 * The promo codes of /admin/setup/registration: each code's discount, the ticket types it applies to, how many
 * tickets it discounted, and whether it is active. Added and edited in a dialog; a used code is deactivated rather
 * than deleted.
 */
import { Form } from "@remix-run/react";
import { RowDialog } from "~/grid/ui/row-dialog";
import { Button } from "~/ui/button";
import { checkboxProps, Field } from "~/ui/field";
import { FormDialog, type Fieldset } from "~/ui/form-dialog";
import { SelectOptions } from "~/ui/select-options";
import { DISCOUNT_TYPES, LIMITS } from "../setup-fields";
import { promoCodeSchema, recordIntent, REGISTRATION_SETUP_INTENT } from "../setup-forms";
import { DeleteButton, SetupListSection } from "./setup-list-parts";
import type { RegistrationSetupData } from "../registration-setup.server";

type PromoCode = RegistrationSetupData["promoCodes"][number];
type TicketChoice = { ticket_id: number; title: string };

const NEW_PROMO = { discount_type: "percent", is_active: "yes" };

/** A saved promo code as its form posts it. */
function promoValues(row: PromoCode) {
  return {
    code: row.code,
    discount_type: row.discount_type,
    discount: row.discount_input,
    ticket_ids: row.ticket_ids.map(String),
    usage_limit: row.usage_limit === null ? "" : String(row.usage_limit),
    is_active: row.is_active ? "yes" : "no",
  };
}

function PromoFields({
  fields,
  tickets,
  currency,
}: {
  fields: Fieldset<typeof promoCodeSchema>;
  tickets: TicketChoice[];
  currency: string;
}) {
  // One ticked box comes back from a refusal as a single value, several as a list.
  const ticked = fields.ticket_ids.initialValue;
  const chosen = new Set(Array.isArray(ticked) ? ticked : ticked ? [ticked] : []);
  const ticketsError = fields.ticket_ids.errors?.[0];
  return (
    <>
      <Field label="Code" required help="What buyers type, in any case: letters, digits, - or _." meta={fields.code}>
        {(control) => (
          <input
            {...control}
            required
            maxLength={LIMITS.promoCode}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
          />
        )}
      </Field>
      <div className="dialog__pair">
        <Field label="Discount" meta={fields.discount_type}>
          {(control) => (
            <select {...control}>
              <SelectOptions options={DISCOUNT_TYPES} />
            </select>
          )}
        </Field>
        <Field
          label="Off each ticket"
          required
          help={`A percentage from 1 to 100, or an amount in ${currency} such as 25.`}
          meta={fields.discount}
        >
          {(control) => <input {...control} required inputMode="decimal" autoComplete="off" />}
        </Field>
      </div>
      <fieldset className="checkbox-group" aria-describedby={ticketsError ? "promo-tickets-error" : undefined}>
        <legend className="field__label">Ticket types</legend>
        <p className="field__help">Leave all unticked for every ticket type.</p>
        {tickets.length === 0 ? (
          <p className="muted">There are no ticket types yet: the code applies to all of them.</p>
        ) : (
          <div className="checkbox-group__options">
            {tickets.map((ticket) => (
              <label key={ticket.ticket_id} className="checkbox">
                <input
                  type="checkbox"
                  name={fields.ticket_ids.name}
                  value={ticket.ticket_id}
                  defaultChecked={chosen.has(String(ticket.ticket_id))}
                />
                {ticket.title}
              </label>
            ))}
          </div>
        )}
        {ticketsError ? (
          <p id="promo-tickets-error" className="field__error">
            {ticketsError}
          </p>
        ) : null}
      </fieldset>
      <Field label="Tickets it may discount in all" help="Leave blank for no limit." meta={fields.usage_limit}>
        {(control) => <input {...control} type="number" inputMode="numeric" min={1} max={LIMITS.usageLimit} step={1} />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_active)} />
        Active: buyers can use it now
      </label>
    </>
  );
}

function EditPromo({
  row,
  tickets,
  currency,
  above = false,
}: {
  row: PromoCode;
  tickets: TicketChoice[];
  currency: string;
  above?: boolean;
}) {
  const Dialog = above ? FormDialog : RowDialog;
  return (
    <Dialog
      name={`edit-promo-${row.promo_code_id}`}
      trigger="Edit"
      triggerLabel={`Edit ${row.code}`}
      triggerVariant="ghost"
      title={`Edit ${row.code}`}
      submitLabel="Save promo code"
      fields={{ intent: recordIntent("update", "promo"), promo_code_id: String(row.promo_code_id) }}
      schema={promoCodeSchema}
      defaultValue={promoValues(row)}
    >
      {(fields) => <PromoFields fields={fields} tickets={tickets} currency={currency} />}
    </Dialog>
  );
}

export function PromoCodesSection({
  promoCodes,
  tickets,
  currency,
}: {
  promoCodes: PromoCode[];
  tickets: TicketChoice[];
  currency: string;
}) {
  const newPromo = (
    <FormDialog
      name="new-promo"
      trigger="Add promo code"
      triggerVariant="primary"
      title="New promo code"
      description="A discount buyers get by typing the code when they buy tickets."
      submitLabel="Add promo code"
      fields={{ intent: recordIntent("create", "promo") }}
      schema={promoCodeSchema}
      defaultValue={NEW_PROMO}
    >
      {(fields) => <PromoFields fields={fields} tickets={tickets} currency={currency} />}
    </FormDialog>
  );
  return (
    <SetupListSection
      list="promo-codes"
      title="Promo codes"
      rows={promoCodes}
      rowKey={(row) => row.promo_code_id}
      newDialog={newPromo}
      editDialog={(row, above) => <EditPromo row={row} tickets={tickets} currency={currency} above={above} />}
      dialogName={(row) => `edit-promo-${row.promo_code_id}`}
      empty={{
        title: "No promo codes yet",
        text: "Offer early-bird, sponsor or board discounts: a percentage or an amount off each ticket.",
      }}
      caption="Promo codes"
      columns={[
        { header: "Code", rowHeader: true, cell: (row) => <code>{row.code}</code> },
        { header: "Discount", cell: (row) => `${row.discount_label} each ticket` },
        { header: "Ticket types", cell: (row) => row.applies_to },
        {
          header: "Tickets discounted",
          numeric: true,
          cell: (row) => (row.usage_limit === null ? row.times_used : `${row.times_used} of ${row.usage_limit}`),
        },
        {
          header: "Status",
          cell: (row) =>
            row.is_active ? (
              <span className="badge badge--success">Active</span>
            ) : (
              <span className="badge badge--muted">Inactive</span>
            ),
        },
      ]}
      actions={(row) => (
        <>
          <Form method="post" preventScrollReset>
            <input
              type="hidden"
              name="intent"
              value={
                row.is_active ? REGISTRATION_SETUP_INTENT.deactivatePromo : REGISTRATION_SETUP_INTENT.activatePromo
              }
            />
            <input type="hidden" name="promo_code_id" value={row.promo_code_id} />
            <Button type="submit" size="sm" variant="ghost">
              {row.is_active ? "Deactivate" : "Activate"}
              <span className="visually-hidden"> {row.code}</span>
            </Button>
          </Form>
          <DeleteButton
            name={row.code}
            title={`Delete ${row.code}?`}
            description={
              row.times_used > 0
                ? "It has discounted tickets, so it cannot be deleted: deactivate it instead."
                : "Buyers will no longer be able to use it. This cannot be undone."
            }
            fields={{ intent: recordIntent("delete", "promo"), promo_code_id: String(row.promo_code_id) }}
          />
        </>
      )}
    />
  );
}
