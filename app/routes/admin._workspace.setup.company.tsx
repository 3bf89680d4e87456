import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { eventSettings, saveCompany } from "~/events/event-settings.server";
import { COMPANY_FORM, companySchema } from "~/events/setup-forms";
import { parseForm, replyFor } from "~/forms/form-contract";
import { answerForm } from "~/forms/reply.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { backWithToast } from "~/http/toast.server";
import { ImageField } from "~/images/ui/image-field";
import { imageChange, imageFieldErrors, readFormWithImages } from "~/images/upload.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { RichTextEditor, richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

export const meta = titleMeta("Company · Setup · Gavel");

export const links: LinksFunction = () => richTextLinks();

/** /admin/setup/company: the organisation behind the event, as the event's pages present it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const row = await eventSettings(eventId);
  return {
    company_name: row.company_name,
    company_about: sanitizeRichText(row.company_about ?? ""),
    company_logo: row.company_logo,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const { form, imageErrors } = await readFormWithImages(request, ["company_logo"]);
  const submission = parseForm(form, companySchema);
  const saveCompanyForm = async (company: z.output<typeof companySchema>) => {
    await saveCompany(eventId, company, imageChange(form, "company_logo"));
    return backWithToast(request, "Company details saved");
  };
  return answerForm(COMPANY_FORM, submission, saveCompanyForm, imageFieldErrors(imageErrors));
}

export default function CompanyPage() {
  const saved = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({
    id: COMPANY_FORM,
    schema: companySchema,
    reply,
    defaultValue: { company_name: saved.company_name ?? "", company_about: saved.company_about },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, COMPANY_FORM));
  const saving = useNavigation().state === "submitting";
  const about = fields.company_about.initialValue;
  return (
    <>
      <div className="page-header">
        <h1>Company</h1>
        <p>The organisation holding the event: its name, logo and story appear on the event's public pages.</p>
      </div>
      <Form method="post" encType="multipart/form-data" ref={formRef} className="settings-form" {...formProps(form)}>
        <Field label="Organisation name" meta={fields.company_name}>
          {(control) => <input {...control} autoComplete="organization" />}
        </Field>
        <ImageField
          name="company_logo"
          label="Logo"
          currentUrl={saved.company_logo}
          error={form.allErrors.company_logo?.[0]}
          help="JPEG, PNG, WebP or GIF. A wide logo on a transparent background works best."
          alt="The organisation's logo"
        />
        <RichTextEditor
          name={fields.company_about.name}
          label="About the organisation"
          help="Who you are and what the money raised will do."
          defaultValue={typeof about === "string" ? about : ""}
          error={fields.company_about.errors?.[0]}
        />
        <SaveActions saving={saving} />
      </Form>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
