import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { eventSettings } from "~/events/event-settings.server";
import { saveSettingsForm } from "~/events/settings-action.server";
import { companySchema } from "~/events/settings-forms.server";
import { ImageField } from "~/images/image-field";
import { RichTextEditor, richTextLinks } from "~/rich-text/rich-text-editor";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { Button } from "~/ui/button";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Company · Setup · Gavel" },
];

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
  return saveSettingsForm({
    request,
    eventId,
    schema: companySchema,
    imageFields: ["company_logo"],
    savedMessage: "Company details saved",
  });
}

export default function CompanyPage() {
  const saved = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.errors;
  const values = actionData?.values ?? saved;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const saving = useNavigation().state === "submitting";
  return (
    <>
      <div className="page-header">
        <h1>Company</h1>
        <p>The organisation holding the event: its name, logo and story appear on the event's public pages.</p>
      </div>
      <Form method="post" encType="multipart/form-data" ref={formRef} className="settings-form" noValidate>
        <Field label="Organisation name" error={errors?.company_name?.[0]}>
          {(control) => (
            <input
              {...control}
              name="company_name"
              autoComplete="organization"
              defaultValue={values.company_name ?? ""}
            />
          )}
        </Field>
        <ImageField
          name="company_logo"
          label="Logo"
          currentUrl={saved.company_logo}
          error={errors?.company_logo?.[0]}
          help="JPEG, PNG, WebP or GIF. A wide logo on a transparent background works best."
          alt="The organisation's logo"
        />
        <RichTextEditor
          name="company_about"
          label="About the organisation"
          help="Who you are and what the money raised will do."
          defaultValue={values.company_about ?? ""}
          error={errors?.company_about?.[0]}
        />
        <div className="settings-form__actions">
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </Button>
        </div>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
