import { Form, useActionData } from "@remix-run/react";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { ACKNOWLEDGEMENT_FORM, acknowledgementSchema } from "../acknowledgement-form";

/**
 * A donor's thank-you letter, its subject and message ready to change: sent by email (with the permission and an
 * address), or posted to the print route for the PDF.
 */
export function AcknowledgementLetter({
  donor,
  draft,
  canSend,
  sending,
  printAction,
}: {
  donor: { donor_id: number; email: string | null };
  draft: { subject: string; message: string };
  canSend: boolean;
  sending: boolean;
  printAction: string;
}) {
  const { form, fields } = useContractForm({
    id: ACKNOWLEDGEMENT_FORM,
    schema: acknowledgementSchema,
    reply: useActionData<unknown>(),
    defaultValue: { donor: String(donor.donor_id), subject: draft.subject, message: draft.message },
  });
  return (
    // A document post (reloadDocument), so that the PDF button's answer arrives as a download.
    <Form method="post" reloadDocument {...formProps(form)} className="stack">
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <input type="hidden" name="donor" value={donor.donor_id} />
      <p className="muted">To: {donor.email ?? "no email address on file"}</p>
      <Field label="Subject" required meta={fields.subject}>
        {(control) => <input {...control} />}
      </Field>
      <Field
        label="Message"
        required
        help="The list of gifts with their values and the total follows the message."
        meta={fields.message}
      >
        {(control) => <textarea {...control} rows={12} />}
      </Field>
      {canSend ? null : (
        <p className="muted">
          Sending mail needs the “Send messages” permission; you can download the letter and send it yourself.
        </p>
      )}
      <div className="dialog__actions">
        {/* The PDF is built from the same fields, by the print route, as a download. */}
        <Button type="submit" formAction={printAction} variant="secondary">
          Download PDF
        </Button>
        <Button type="submit" variant="primary" disabled={sending || !donor.email || !canSend}>
          Send by email
        </Button>
      </div>
    </Form>
  );
}
