import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { eventSettings, saveEventSetup } from "~/events/event-settings.server";
import { CONTACT_FORM, contactSchema } from "~/events/setup-forms";
import { parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { backWithToast } from "~/http/toast.server";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Contact · Setup · Gavel");

const CONTACT_FIELDS = [
  "address",
  "email",
  "phone",
  "website",
  "facebook",
  "instagram",
  "linkedin",
  "twitter",
] as const;

/** /admin/setup/contact: how guests reach the organisers, shown on the event's public pages. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const row = await eventSettings(eventId);
  return Object.fromEntries(CONTACT_FIELDS.map((name) => [name, row[name] ?? ""])) as Record<
    (typeof CONTACT_FIELDS)[number],
    string
  >;
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const submission = parseForm(await readPostedForm(request), contactSchema);
  return answerForm(CONTACT_FORM, submission, async (contact) => {
    await saveEventSetup(eventId, contact);
    return backWithToast(request, "Contact details saved");
  });
}

export default function ContactPage() {
  const saved = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({ id: CONTACT_FORM, schema: contactSchema, reply, defaultValue: saved });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, CONTACT_FORM));
  const saving = useNavigation().state === "submitting";
  const text = (
    name: (typeof CONTACT_FIELDS)[number],
    label: string,
    props: { type?: string; autoComplete?: string; placeholder?: string } = {},
  ) => (
    <Field label={label} meta={fields[name]}>
      {(control) => <input {...control} {...props} />}
    </Field>
  );
  return (
    <>
      <div className="page-header">
        <h1>Contact</h1>
        <p>How guests reach you. Everything here is optional and shown on the event's public pages.</p>
      </div>
      <Form method="post" ref={formRef} className="settings-form" {...formProps(form)}>
        <Field label="Address" meta={fields.address} help="The venue, or where to write to you.">
          {(control) => <textarea {...control} rows={3} autoComplete="street-address" />}
        </Field>
        <div className="field-grid">
          {text("email", "Email", { type: "email", autoComplete: "email", placeholder: "info@example.org" })}
          {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        </div>
        {text("website", "Website", { type: "url", placeholder: "https://example.org" })}
        <fieldset className="stack">
          <legend>Social media</legend>
          <div className="field-grid">
            {text("facebook", "Facebook", { type: "url", placeholder: "https://facebook.com/yourpage" })}
            {text("instagram", "Instagram", { type: "url", placeholder: "https://instagram.com/yourname" })}
            {text("linkedin", "LinkedIn", { type: "url", placeholder: "https://linkedin.com/company/yourname" })}
            {text("twitter", "X (Twitter)", { type: "url", placeholder: "https://x.com/yourname" })}
          </div>
        </fieldset>
        <SaveActions saving={saving} />
      </Form>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
