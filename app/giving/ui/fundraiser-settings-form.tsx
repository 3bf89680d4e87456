/**
 * The fundraisers screen's settings: what the event calls its fundraisers (on every public page of theirs) and the
 * page /wranglers leads to.
 */
import { Form } from "@remix-run/react";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { FUNDRAISER_SETTINGS_FORM, fundraiserSettingsSchema, type FundraiserWords } from "../fundraiser-forms";

export function FundraiserSettingsForm({
  words,
  wranglers,
  pages,
  reply,
}: {
  words: FundraiserWords;
  wranglers: number | null;
  /** The approved, active pages of the event: the ones /wranglers may lead to. */
  pages: { id: number; name: string }[];
  reply: unknown;
}) {
  const { form, fields } = useContractForm({
    id: FUNDRAISER_SETTINGS_FORM,
    schema: fundraiserSettingsSchema,
    reply,
    defaultValue: { ...words, wranglers: wranglers === null ? "" : String(wranglers) },
  });
  return (
    <Form method="post" className="settings-form list-settings" {...formProps(form)}>
      <h2>Settings</h2>
      <input type="hidden" name="intent" value={FUNDRAISER_SETTINGS_FORM} />
      {form.errors?.[0] ? <p role="alert">{form.errors[0]}</p> : null}
      <div className="field-grid">
        <Field label="What you call one" help="Such as Fundraiser, Ambassador, Cattleman." meta={fields.singular}>
          {(control) => <input {...control} autoComplete="off" maxLength={40} />}
        </Field>
        <Field label="What you call several" help="Shown as the heading of /cattlemen." meta={fields.plural}>
          {(control) => <input {...control} autoComplete="off" maxLength={40} />}
        </Field>
      </div>
      <Field
        label="/wranglers leads to"
        help="An approved, active page, or none (the address then shows “not found”)."
        meta={fields.wranglers}
      >
        {(control) => (
          <select {...control}>
            <option value="">No page</option>
            {pages.map((page) => (
              <option key={page.id} value={page.id}>
                {page.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="settings-form__actions">
        <Button type="submit">Save settings</Button>
      </div>
    </Form>
  );
}
