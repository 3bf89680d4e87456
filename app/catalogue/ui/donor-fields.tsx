import { checkboxProps, Field } from "~/ui/field";
import { InternalNotesField, PersonNameFields } from "~/ui/record-fields";
import type { donorSchema } from "../donor-form";
import type { DonorRow } from "../donors.server";
import type { Fieldset } from "~/ui/form-dialog";

/** A saved donor as its form posts it. */
export function donorValues(donor: DonorRow) {
  return {
    first_name: donor.first_name ?? "",
    last_name: donor.last_name ?? "",
    title: donor.title ?? "",
    email: donor.email ?? "",
    phone: donor.phone ?? "",
    website: donor.website ?? "",
    is_active: donor.is_active ? "yes" : "no",
    internal_notes: donor.internal_notes ?? "",
  };
}

/** The donor's fields. */
export function DonorFields({ fields }: { fields: Fieldset<typeof donorSchema> }) {
  return (
    <>
      <div className="dialog__pair">
        <PersonNameFields fields={fields} />
      </div>
      <Field
        label="Organisation"
        help="A business or family giving as one. Give a name, an organisation, or both."
        meta={fields.title}
      >
        {(control) => <input {...control} autoComplete="off" />}
      </Field>
      <div className="dialog__pair">
        <Field label="Email" meta={fields.email}>
          {(control) => <input {...control} type="email" autoComplete="off" />}
        </Field>
        <Field label="Phone" meta={fields.phone}>
          {(control) => <input {...control} type="tel" autoComplete="off" />}
        </Field>
      </div>
      <Field label="Website" meta={fields.website}>
        {(control) => <input {...control} inputMode="url" autoComplete="off" placeholder="example.org" />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_active)} />
        Active: still giving (inactive donors stay on their past items)
      </label>
      <InternalNotesField meta={fields.internal_notes} />
    </>
  );
}
