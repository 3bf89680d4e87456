/**
 * The fields an auction item's page and an inventory item's page both have (the auction item's page edits its
 * inventory's donor, category, staff and disclaimer through them): each takes its posted name, what it shows and
 * its message, so the two forms say the same thing about the same field.
 */
import { RichTextEditor } from "~/rich-text/ui/rich-text-editor";
import { Field } from "~/ui/field";
import { SelectOptions } from "~/ui/select-options";

type Option = { value: string; label: string };

type ItemFieldProps = { name: string; defaultValue: string; error: string | undefined };

/** A choice of one of the event's donors, categories or staff, or none. */
export function OptionPicker({
  label,
  help,
  options,
  none,
  name,
  defaultValue,
  error,
}: ItemFieldProps & { label: string; help?: string; options: Option[]; none: string }) {
  return (
    <Field label={label} help={help} error={error}>
      {(control) => (
        <select {...control} name={name} defaultValue={defaultValue}>
          <option value="">{none}</option>
          <SelectOptions options={options} />
        </select>
      )}
    </Field>
  );
}

export function DisplayOrderField({ name, defaultValue, error }: ItemFieldProps) {
  return (
    <Field label="Display order" help="Lower numbers come first in lists." error={error}>
      {(control) => (
        <input {...control} name={name} inputMode="numeric" autoComplete="off" defaultValue={defaultValue} />
      )}
    </Field>
  );
}

export function DescriptionEditor({ name, defaultValue, error }: ItemFieldProps) {
  return (
    <RichTextEditor
      name={name}
      label="Description"
      help="What the winner gets: what it is, where, for how many people, and anything special about it."
      defaultValue={defaultValue}
      error={error}
      toolbarLabel="Description formatting"
    />
  );
}

export function DisclaimerField({ name, defaultValue, error }: ItemFieldProps) {
  return (
    <Field label="Disclaimer" help="Terms that come with it, such as blackout dates or an expiry." error={error}>
      {(control) => <textarea {...control} name={name} rows={3} maxLength={2000} defaultValue={defaultValue} />}
    </Field>
  );
}
