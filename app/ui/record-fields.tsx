/**
 * Fields that many records' forms share (a donor, a staff member, a sponsor, a team invitation, an item): each
 * written once, so the label, help and control read alike everywhere.
 */
import { Field } from "./field";
import type { FieldMetadata } from "@conform-to/react";

/** A person's first and last name, neither required (the form's schema says when one of them is). */
export function PersonNameFields({
  fields,
}: {
  fields: { first_name: FieldMetadata<unknown>; last_name: FieldMetadata<unknown> };
}) {
  return (
    <>
      <Field label="First name" meta={fields.first_name}>
        {(control) => <input {...control} autoComplete="off" />}
      </Field>
      <Field label="Last name" meta={fields.last_name}>
        {(control) => <input {...control} autoComplete="off" />}
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
