/**
 * The manual registration dialog of /admin/registration/registrants: a guest or a party registered by staff. The first
 * guest is the buyer, who gets the confirmation; other seats may be named now or left for later (their personal links).
 * With JavaScript the guest rows follow the ticket type and quantity; without it, a fixed number of rows shows and the
 * server counts the seats.
 */
import { useMemo, useState } from "react";
import { PHONE_MAX_LENGTH } from "~/forms/rules";
import { Field } from "~/ui/field";
import { FormDialog, type Fieldset } from "~/ui/form-dialog";
import { useHydrated } from "~/ui/use-hydrated";
import { EXTRA_GUEST_ROWS, REGISTRANT_DIALOG_INTENT, STAFF_METHOD_LABELS, STAFF_METHODS } from "../registrant-fields";
import { manualRegistrationSchema } from "../registrant-form";
import type { RegistrationTicket } from "../registrants.server";

export function ManualRegistrationDialog({ tickets }: { tickets: RegistrationTicket[] }) {
  const schema = useMemo(() => manualRegistrationSchema(tickets), [tickets]);
  return (
    <FormDialog
      name="new-registration"
      trigger="Register guests"
      triggerVariant="primary"
      title="Register guests"
      description="A guest or a whole party, registered by staff: not held to the registration window or ticket limits."
      submitLabel="Register"
      fields={{ intent: REGISTRANT_DIALOG_INTENT.register }}
      schema={schema}
      defaultValue={{ ticket_id: String(tickets[0]?.ticket_id ?? ""), quantity: "1", method: "comp" }}
    >
      {(fields) => <RegistrationFields tickets={tickets} fields={fields} />}
    </FormDialog>
  );
}

function RegistrationFields({
  tickets,
  fields,
}: {
  tickets: RegistrationTicket[];
  fields: Fieldset<ReturnType<typeof manualRegistrationSchema>>;
}) {
  const hydrated = useHydrated();
  // What the field holds: as the dialog opens, or as typed before a refusal.
  const value = (name: string) => {
    const held = fields[name]?.initialValue;
    return typeof held === "string" ? held : "";
  };
  const error = (name: string) => fields[name]?.errors?.[0];
  const [ticketId, setTicketId] = useState(value("ticket_id"));
  const [quantity, setQuantity] = useState(value("quantity"));
  const type = tickets.find((candidate) => String(candidate.ticket_id) === ticketId);
  const seats = type ? Math.max(1, Number(quantity) || 0) * type.seat_count : 1;
  const rows = hydrated ? Math.min(EXTRA_GUEST_ROWS, seats - 1) : EXTRA_GUEST_ROWS;

  return (
    <div className="manual-registration stack">
      <div className="dialog__pair">
        <Field label="Ticket type" required error={error("ticket_id")}>
          {(control) => (
            <select
              {...control}
              name="ticket_id"
              required
              value={ticketId}
              onChange={(event) => setTicketId(event.currentTarget.value)}
            >
              {tickets.map((ticket) => (
                <option key={ticket.ticket_id} value={ticket.ticket_id}>
                  {ticket.title} ({ticket.price_label}
                  {ticket.seat_count > 1 ? `, ${ticket.seat_count} seats` : ""})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Tickets"
          required
          error={error("quantity")}
          help={type && hydrated ? `${seats} ${seats === 1 ? "seat" : "seats"}` : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="quantity"
              type="number"
              inputMode="numeric"
              required
              min={type?.increment ?? 1}
              step={type?.increment ?? 1}
              max={500}
              value={quantity}
              onChange={(event) => setQuantity(event.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <fieldset className="manual-registration__group">
        <legend>Buyer, in the first seat</legend>
        <div className="dialog__pair">
          <Field label="First name" required error={error("first_name")}>
            {(control) => (
              <input
                {...control}
                name="first_name"
                required
                maxLength={100}
                autoComplete="off"
                defaultValue={value("first_name")}
              />
            )}
          </Field>
          <Field label="Last name" required error={error("last_name")}>
            {(control) => (
              <input
                {...control}
                name="last_name"
                required
                maxLength={100}
                autoComplete="off"
                defaultValue={value("last_name")}
              />
            )}
          </Field>
          <Field label="Email" error={error("email")}>
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                maxLength={200}
                autoComplete="off"
                defaultValue={value("email")}
              />
            )}
          </Field>
          <Field label="Phone" error={error("phone")}>
            {(control) => (
              <input
                {...control}
                name="phone"
                type="tel"
                maxLength={PHONE_MAX_LENGTH}
                autoComplete="off"
                defaultValue={value("phone")}
              />
            )}
          </Field>
        </div>
        <Field
          label="Company or party name"
          error={error("company")}
          help="Names the party on the seating plan and at the door."
        >
          {(control) => (
            <input {...control} name="company" maxLength={200} autoComplete="off" defaultValue={value("company")} />
          )}
        </Field>
      </fieldset>
      {rows > 0 ? (
        <fieldset className="manual-registration__group">
          <legend>Other guests</legend>
          <p className="field__help">
            Name as many as you know; a seat left blank gets a personal link for its guest
            {hydrated && seats - 1 > rows ? `. The other ${seats - 1 - rows} seats are named later` : ""}.
          </p>
          {Array.from({ length: rows }, (_, offset) => {
            const index = offset + 1;
            const prefix = `guest-${index}`;
            return (
              <div key={index} className="manual-registration__guest" role="group" aria-label={`Guest ${index + 1}`}>
                <Field label={`Guest ${index + 1} first name`} error={error(`${prefix}-first_name`)}>
                  {(control) => (
                    <input
                      {...control}
                      name={`${prefix}-first_name`}
                      maxLength={100}
                      autoComplete="off"
                      defaultValue={value(`${prefix}-first_name`)}
                    />
                  )}
                </Field>
                <Field label={`Guest ${index + 1} last name`} error={error(`${prefix}-last_name`)}>
                  {(control) => (
                    <input
                      {...control}
                      name={`${prefix}-last_name`}
                      maxLength={100}
                      autoComplete="off"
                      defaultValue={value(`${prefix}-last_name`)}
                    />
                  )}
                </Field>
                <Field label={`Guest ${index + 1} email`} error={error(`${prefix}-email`)}>
                  {(control) => (
                    <input
                      {...control}
                      name={`${prefix}-email`}
                      type="email"
                      maxLength={200}
                      autoComplete="off"
                      defaultValue={value(`${prefix}-email`)}
                    />
                  )}
                </Field>
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <Field label="Payment" required error={error("method")}>
        {(control) => (
          <select {...control} name="method" required defaultValue={value("method")}>
            {STAFF_METHODS.map((method) => (
              <option key={method} value={method}>
                {STAFF_METHOD_LABELS[method]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="manual-registration__check">
        <input type="checkbox" name="send_email" value="yes" defaultChecked={value("send_email") === "yes"} /> Send the
        confirmation to the buyer's email
      </label>
    </div>
  );
}
