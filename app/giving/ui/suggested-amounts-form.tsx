/** The suggested amounts of /dp, on the donations screen: 3 to 5 amounts on one line. */
import { Form } from "@remix-run/react";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { centsToInput } from "~/ui/money-input";
import { SUGGESTED_FORM, suggestedSchema } from "../gift-forms";

export function SuggestedAmountsForm({ amounts, reply }: { amounts: number[]; reply: unknown }) {
  const { form, fields } = useContractForm({
    id: SUGGESTED_FORM,
    schema: suggestedSchema,
    reply,
    defaultValue: { amounts: amounts.map(centsToInput).join(" ") },
  });
  return (
    <Form method="post" className="settings-form" {...formProps(form)}>
      <input type="hidden" name="intent" value={SUGGESTED_FORM} />
      <Field
        label="Suggested amounts on the donation page"
        help="3 to 5 amounts, separated by spaces, such as 25 50 100 250."
        meta={fields.amounts}
      >
        {(control) => <input {...control} autoComplete="off" />}
      </Field>
      <div className="settings-form__actions">
        <Button type="submit">Save amounts</Button>
      </div>
    </Form>
  );
}
