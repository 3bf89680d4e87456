/**
 * The fields of an inventory item (the inventory table), shared by its "new" page and its own page. Client-safe; the
 * rules are in ./inventory-form.server.ts.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { buttonClass } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { InternalNotesField } from "~/ui/record-fields";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { DescriptionEditor, DisclaimerField, DisplayOrderField, OptionPicker } from "./item-form-fields";

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

  const props = (name: keyof InventoryFormValues) => ({ name, defaultValue: values[name], error: error(name) });

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
        <OptionPicker label="Donor" options={options.donors} none="No donor" {...props("donor_id")} />
        <OptionPicker label="Category" options={options.categories} none="No category" {...props("category_id")} />
        <OptionPicker
          label="Staff"
          help="Who procured it or looks after it."
          options={options.staff}
          none="No one"
          {...props("staff_id")}
        />
        <DisplayOrderField {...props("display_order")} />
      </div>
      <DescriptionEditor {...props("description")} />
      <DisclaimerField {...props("disclaimer")} />
      <InternalNotesField {...props("internal_notes")} maxLength={5000} />
      {children}
      <SaveActions saving={saving} label={submitLabel}>
        <Link to={cancelTo} className={buttonClass({ variant: "secondary" })}>
          Back to the inventory
        </Link>
      </SaveActions>
    </Form>
  );
}
