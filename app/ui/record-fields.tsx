/**
 * Fields that many records' forms share (a donor, a staff member, a sponsor, a team invitation, an item): each
 * written once, so the label, help and control read alike everywhere.
 */
import { Field } from "./field";
import type { FieldMetadata } from "@conform-to/react";

/**
 * A person's first and last name. `required` marks both (the form's schema says what is checked); `own`: the name of
 * the person filling the form in (a guest, a donor giving), which the browser may fill in, rather than a record the
 * team keeps about someone else.
 */
export function PersonNameFields({
  fields,
  required = false,
  own = false,
}: {
  fields: { first_name: FieldMetadata<unknown>; last_name: FieldMetadata<unknown> };
  required?: boolean;
  own?: boolean;
}) {
  return (
    <>
      <Field label="First name" required={required} meta={fields.first_name}>
        {(control) => <input {...control} autoComplete={own ? "given-name" : "off"} required={required} />}
      </Field>
      <Field label="Last name" required={required} meta={fields.last_name}>
        {(control) => <input {...control} autoComplete={own ? "family-name" : "off"} required={required} />}
      </Field>
    </>
  );
}

/**
 * The team's own notes on a record: a form field (`meta`, its name, value and limit from the schema), or a plain
 * posted field (`name`, `defaultValue`, `maxLength`, `error`).
 */
export function InternalNotesField({
  meta,
  error,
  ...posted
}: {
  meta?: FieldMetadata<unknown>;
  error?: string;
  name?: string;
  defaultValue?: string;
  maxLength?: number;
}) {
  return (
    <Field label="Internal notes" help="Only your team sees these." meta={meta} error={error}>
      {(control) => <textarea {...control} {...posted} rows={3} />}
    </Field>
  );
}
