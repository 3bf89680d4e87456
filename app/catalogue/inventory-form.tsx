/**
 * The fields of an inventory item (the inventory table), shared by its "new" page and its own page. Client-safe; the
 * rules are in ./inventory-form.server.ts.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { RichTextEditor } from "~/rich-text/rich-text-editor";
import { Button, buttonClass } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export type InventoryFormValues = {
  title: string;
  description: string;
  tag: string;
  value: string;
  donor_id: string;
  category_id: string;
  staff_id: string;
  disclaimer: string;
  internal_notes: string;
  display_order: string;
};

type Option = { value: string; label: string };

export type InventoryFormProps = {
  /** What the fields show: the saved item, or what was posted when it was refused. */
  values: InventoryFormValues;
  errors?: Partial<Record<keyof InventoryFormValues | "images" | "form", string[] | undefined>>;
  options: { categories: Option[]; donors: Option[]; staff: Option[] };
  currency: string;
  intent: string;
  submitLabel: string;
  /** Where Cancel leads (the grid). */
  cancelTo: string;
  /** A form that sends files (the new item's first images). */
  multipart?: boolean;
  /** Fields after the item's own (the new item's images). */
  children?: ReactNode;
};

export function InventoryForm({
  values,
  errors,
  options,
  currency,
  intent,
  submitLabel,
  cancelTo,
  multipart,
  children,
}: InventoryFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const error = (name: keyof InventoryFormValues) => errors?.[name]?.[0];

  const picker = (
    name: "donor_id" | "category_id" | "staff_id",
    label: string,
    list: Option[],
    none: string,
    help?: string,
  ) => (
    <Field label={label} help={help} error={error(name)}>
      {(control) => (
        <select {...control} name={name} defaultValue={values[name]}>
          <option value="">{none}</option>
          {list.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      ref={formRef}
      className="settings-form"
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      {errors?.form?.[0] ? <FormAlert>{errors.form[0]}</FormAlert> : null}
      <Field label="Title" required error={error("title")}>
        {(control) => <input {...control} name="title" required maxLength={200} defaultValue={values.title} />}
      </Field>
      <div className="field-grid">
        <Field
          label={`Value (${currency})`}
          help="The fair market value, such as 1,250 or 1,250.50."
          error={error("value")}
        >
          {(control) => (
            <input {...control} name="value" inputMode="decimal" autoComplete="off" defaultValue={values.value} />
          )}
        </Field>
        <Field label="Tag" help="A short label of your own, such as a procurement code." error={error("tag")}>
          {(control) => <input {...control} name="tag" maxLength={40} defaultValue={values.tag} />}
        </Field>
        {picker("donor_id", "Donor", options.donors, "No donor")}
        {picker("category_id", "Category", options.categories, "No category")}
        {picker("staff_id", "Staff", options.staff, "No one", "Who procured it or looks after it.")}
        <Field label="Display order" help="Lower numbers come first in lists." error={error("display_order")}>
          {(control) => (
            <input
              {...control}
              name="display_order"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values.display_order}
            />
          )}
        </Field>
      </div>
      <RichTextEditor
        name="description"
        label="Description"
        help="What the winner gets: what it is, where, for how many people, and anything special about it."
        defaultValue={values.description}
        error={error("description")}
        toolbarLabel="Description formatting"
      />
      <Field
        label="Disclaimer"
        help="Terms that come with it, such as blackout dates or an expiry."
        error={error("disclaimer")}
      >
        {(control) => (
          <textarea {...control} name="disclaimer" rows={3} maxLength={2000} defaultValue={values.disclaimer} />
        )}
      </Field>
      <Field label="Internal notes" help="Only your team sees these." error={error("internal_notes")}>
        {(control) => (
          <textarea {...control} name="internal_notes" rows={3} maxLength={5000} defaultValue={values.internal_notes} />
        )}
      </Field>
      {children}
      <div className="settings-form__actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </Button>
        <Link to={cancelTo} className={buttonClass({ variant: "secondary" })}>
          Back to the inventory
        </Link>
      </div>
    </Form>
  );
}
