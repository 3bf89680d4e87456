import { Form, useActionData } from "@remix-run/react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { PAYMENTS_INTENT, refundFormId, refundSchema } from "../checkout-forms";

/** A payment's refund, whole or part, with a reason; open by itself when its last try was refused. */
export function RefundForm({
  paymentId,
  left,
  submissionKey,
}: {
  paymentId: number;
  left: string;
  submissionKey: string;
}) {
  const actionData = useActionData<unknown>();
  const id = refundFormId(paymentId);
  const { form, fields } = useContractForm({ id, schema: refundSchema, reply: actionData });
  const refused = replyFor(actionData, id);
  return (
    <details open={Boolean(refused)}>
      <summary>Refund…</summary>
      <Form method="post" {...formProps(form)} className="checkout-way">
        {refused?.error?.[""]?.[0] ? <p className="field-error">{refused.error[""][0]}</p> : null}
        <input type="hidden" name="intent" value={PAYMENTS_INTENT.refund} />
        <input type="hidden" name="payment" value={paymentId} />
        <input type="hidden" name="submission" value={submissionKey} />
        <Field label="Amount" meta={fields.amount} help={`Leave empty to refund all ${left} left.`}>
          {(control) => <input {...control} inputMode="decimal" />}
        </Field>
        <Field label="Reason" meta={fields.reason}>
          {(control) => <input {...control} />}
        </Field>
        <Button type="submit" size="sm" variant="danger">
          Refund
        </Button>
      </Form>
    </details>
  );
}
