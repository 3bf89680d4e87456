/**
 * The fields of an inventory item (the inventory table), shared by its "new" page and its own page, on the form
 * contract: the schema is ./inventory-fields.ts's, which the actions parse with too.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { buttonClass } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { InternalNotesField } from "~/ui/record-fields";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { INVENTORY_FORM, inventorySchema } from "../inventory-fields";
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
  /** What the fields show: the saved item (or a blank one); after a refusal, what was typed. */
  values: InventoryFormValues;
  /** The action's answer to the page; its refusal of this form shows beside the fields. */
  reply: unknown;
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
  reply,
  options,
  currency,
  intent,
  submitLabel,
  cancelTo,
  multipart,
  children,
}: InventoryFormProps) {
  const { form, fields } = useContractForm({
    id: INVENTORY_FORM,
    schema: inventorySchema,
    reply,
    defaultValue: values,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, INVENTORY_FORM));
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const typed = (name: keyof InventoryFormValues) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : "";
  };

  const props = (name: keyof InventoryFormValues) => ({
    name,
    defaultValue: typed(name),
    error: fields[name].errors?.[0],
  });

  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      ref={formRef}
      className="settings-form"
      {...formProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <fieldset className="stack">
        <legend>The item</legend>
        <Field label="Title" required meta={fields.title}>
          {(control) => <input {...control} required />}
        </Field>
        <div className="field-grid">
          <Field
            label={`Value (${currency})`}
            help="The fair market value, such as 1,250 or 1,250.50."
            meta={fields.value}
          >
            {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
          </Field>
          <Field label="Tag" help="A short label of your own, such as a procurement code." meta={fields.tag}>
            {(control) => <input {...control} />}
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
      </fieldset>
      <fieldset className="stack">
        <legend>Description and notes</legend>
        <DescriptionEditor {...props("description")} />
        <DisclaimerField {...props("disclaimer")} />
        <InternalNotesField {...props("internal_notes")} maxLength={5000} />
      </fieldset>
      {children ? (
        <fieldset className="stack">
          <legend>Pictures</legend>
          {children}
        </fieldset>
      ) : null}
      <SaveActions saving={saving} label={submitLabel} sticky>
        <Link to={cancelTo} className={buttonClass({ variant: "secondary" })}>
          Back to the inventory
        </Link>
      </SaveActions>
    </Form>
  );
}
