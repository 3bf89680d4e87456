/**
 * The promo codes of /admin/setup/registration: each code's discount, the ticket types it applies to, how many
 * tickets it discounted, and whether it is active. Added and edited in a dialog; a used code is deactivated rather
 * than deleted.
 */
import { Form } from "@remix-run/react";
import { RowDialog, RowDialogAbove } from "~/grid/row-dialog";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormDialog, type DialogRefusal } from "~/ui/form-dialog";
import { DISCOUNT_TYPES, LIMITS } from "./setup-fields";
import { DeleteButton, ListAlert } from "./setup-list-parts";
import type { RegistrationSetupData } from "./registration-setup-route.server";

type PromoCode = RegistrationSetupData["promoCodes"][number];
type TicketChoice = { ticket_id: number; title: string };
type PromoValues = Record<"code" | "discount_type" | "discount" | "ticket_ids" | "usage_limit" | "is_active", string>;

const NEW_PROMO: PromoValues = {
  code: "",
  discount_type: "percent",
  discount: "",
  ticket_ids: "",
  usage_limit: "",
  is_active: "yes",
};

function promoValues(row: PromoCode): PromoValues {
  return {
    code: row.code,
    discount_type: row.discount_type,
    discount: row.discount_input,
    ticket_ids: row.ticket_ids.join(","),
    usage_limit: row.usage_limit === null ? "" : String(row.usage_limit),
    is_active: row.is_active ? "yes" : "no",
  };
}

function PromoFields({
  refusal,
  saved,
  tickets,
  currency,
}: {
  refusal: DialogRefusal | undefined;
  saved: PromoValues;
  tickets: TicketChoice[];
  currency: string;
}) {
  const values = (refusal?.values as PromoValues | undefined) ?? saved;
  const error = (field: string) => refusal?.fieldErrors?.[field]?.[0];
  const chosen = new Set(values.ticket_ids.split(",").filter(Boolean));
  return (
    <>
      <Field label="Code" required help="What buyers type, in any case: letters, digits, - or _." error={error("code")}>
        {(control) => (
          <input
            {...control}
            name="code"
            required
            maxLength={LIMITS.promoCode}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            defaultValue={values.code}
          />
        )}
      </Field>
      <div className="dialog__pair">
        <Field label="Discount" error={error("discount_type")}>
          {(control) => (
            <select {...control} name="discount_type" defaultValue={values.discount_type}>
              {DISCOUNT_TYPES.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Off each ticket"
          required
          help={`A percentage from 1 to 100, or an amount in ${currency} such as 25.`}
          error={error("discount")}
        >
          {(control) => (
            <input
              {...control}
              name="discount"
              required
              inputMode="decimal"
              autoComplete="off"
              defaultValue={values.discount}
            />
          )}
        </Field>
      </div>
      <fieldset className="checkbox-group" aria-describedby={error("ticket_ids") ? "promo-tickets-error" : undefined}>
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
                  name="ticket_ids"
                  value={ticket.ticket_id}
                  defaultChecked={chosen.has(String(ticket.ticket_id))}
                />
                {ticket.title}
              </label>
            ))}
          </div>
        )}
        {error("ticket_ids") ? (
          <p id="promo-tickets-error" className="field__error">
            {error("ticket_ids")}
          </p>
        ) : null}
      </fieldset>
      <Field label="Tickets it may discount in all" help="Leave blank for no limit." error={error("usage_limit")}>
        {(control) => (
          <input
            {...control}
            name="usage_limit"
            type="number"
            inputMode="numeric"
            min={1}
            max={LIMITS.usageLimit}
            step={1}
            defaultValue={values.usage_limit}
          />
        )}
      </Field>
      <label className="checkbox">
        <input type="checkbox" name="is_active" value="yes" defaultChecked={values.is_active !== "no"} />
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
      fields={{ intent: "update-promo", promo_code_id: String(row.promo_code_id) }}
    >
      {(refusal) => <PromoFields refusal={refusal} saved={promoValues(row)} tickets={tickets} currency={currency} />}
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
      fields={{ intent: "create-promo" }}
    >
      {(refusal) => <PromoFields refusal={refusal} saved={NEW_PROMO} tickets={tickets} currency={currency} />}
    </FormDialog>
  );
  return (
    <section className="stack" aria-labelledby="promo-codes-heading" id="promo-codes">
      <div className="cluster">
        <h2 id="promo-codes-heading" className="section-heading">
          Promo codes
        </h2>
        {promoCodes.length > 0 ? newPromo : null}
      </div>
      <ListAlert list="promo-codes" />
      <RowDialogAbove
        rows={promoCodes}
        dialogName={(row) => `edit-promo-${row.promo_code_id}`}
        render={(row) => <EditPromo row={row} tickets={tickets} currency={currency} above />}
      />
      {promoCodes.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No promo codes yet"
          text="Offer early-bird, sponsor or board discounts: a percentage or an amount off each ticket."
          action={newPromo}
        />
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Promo codes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Ticket types</th>
                <th scope="col" className="data-table__number">
                  Tickets discounted
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="data-table__actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {promoCodes.map((row) => (
                <tr key={row.promo_code_id}>
                  <th scope="row">
                    <code>{row.code}</code>
                  </th>
                  <td>{row.discount_label} each ticket</td>
                  <td>{row.applies_to}</td>
                  <td className="data-table__number">
                    {row.usage_limit === null ? row.times_used : `${row.times_used} of ${row.usage_limit}`}
                  </td>
                  <td>
                    {row.is_active ? (
                      <span className="badge badge--success">Active</span>
                    ) : (
                      <span className="badge badge--muted">Inactive</span>
                    )}
                  </td>
                  <td className="data-table__actions">
                    <div className="cluster">
                      <EditPromo row={row} tickets={tickets} currency={currency} />
                      <Form method="post" preventScrollReset>
                        <input
                          type="hidden"
                          name="intent"
                          value={row.is_active ? "deactivate-promo" : "activate-promo"}
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
                        fields={{ intent: "delete-promo", promo_code_id: String(row.promo_code_id) }}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
