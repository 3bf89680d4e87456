import { useActionData, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { shownSponsors } from "~/catalogue/sponsors.server";
import { eventSettings } from "~/events/event-settings.server";
import { parseForm } from "~/forms/form-contract";
import { answerForm } from "~/forms/reply.server";
import { useContractForm } from "~/forms/use-contract-form";
import { backWithToast } from "~/http/toast.server";
import { ImageField } from "~/images/ui/image-field";
import { imageChange, imageFieldErrors, readFormWithImages } from "~/images/upload.server";
import {
  COMPONENTS_FORM,
  componentsFormDefaults,
  componentsFormSchema,
  componentsFromForm,
  componentsTree,
  FOOTER_LINK_SLOTS,
  type ComponentsFormValues,
} from "~/public-components/components-form";
import { publicChrome } from "~/public-components/public-chrome";
import { loadPublicComponents, savePublicComponents } from "~/public-components/public-components.server";
import { AnnouncementBar, ChromeBrand, ChromeFooter, SponsorStrip } from "~/public-components/ui/public-chrome";
import labHref from "~/styles/lab.css";
import landingHref from "~/styles/landing.css";
import publicChromeHref from "~/styles/public-chrome.css";
import { brandingStyle } from "~/ui/branding";
import { titleMeta } from "~/ui/error-page";
import { checkboxProps, Field } from "~/ui/field";
import { SettingsWithPreview } from "~/ui/settings-with-preview";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Components · Setup · Gavel");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: landingHref },
  { rel: "stylesheet", href: publicChromeHref },
  { rel: "stylesheet", href: labHref },
];

/**
 * /admin/setup/components: the header, announcement bar, sponsor strip and footer that the event's landing page,
 * registration and bidding pages share, edited once here (can_design).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const [row, saved, sponsors] = await Promise.all([
    eventSettings(eventId),
    loadPublicComponents(eventId),
    shownSponsors(eventId),
  ]);
  return {
    event: { event_id: row.event_id, title: row.title, logo: row.logo },
    branding: brandingStyle(row),
    saved,
    sponsors: sponsors.map(({ level: _level, ...sponsor }) => sponsor),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const { form, imageErrors } = await readFormWithImages(request, ["header_logo"]);
  const submission = parseForm(form, componentsFormSchema);
  const save = async (values: ComponentsFormValues) => {
    const logoChange = imageChange(form, "header_logo");
    const logo =
      "header_logo" in logoChange ? (logoChange.header_logo ?? "") : (await loadPublicComponents(eventId)).header.logo;
    await savePublicComponents(eventId, componentsTree(componentsFromForm(values, logo)));
    return backWithToast(request, "Components saved");
  };
  return answerForm(COMPONENTS_FORM, submission, save, imageFieldErrors(imageErrors));
}

export default function ComponentsSetupPage() {
  const { saved } = useLoaderData<typeof loader>();
  // A saved form starts afresh; a refused post keeps what was typed.
  return <ComponentsEditor key={JSON.stringify(saved)} />;
}

function ComponentsEditor() {
  const { event, branding, saved, sponsors } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const defaults = componentsFormDefaults(saved);
  const { form, fields } = useContractForm({
    id: COMPONENTS_FORM,
    schema: componentsFormSchema,
    reply,
    defaultValue: defaults,
  });
  const field = (name: string) => (fields as unknown as Record<string, (typeof fields)["header_name"]>)[name];
  // The preview follows the form as it is edited (what reads so far); before JavaScript, it shows what is saved.
  const [previewed, setPreviewed] = useState(saved);
  const readForm = (change: FormEvent<HTMLFormElement>) => {
    const parsed = componentsFormSchema.safeParse(Object.fromEntries(new FormData(change.currentTarget)));
    if (parsed.success) setPreviewed(componentsFromForm(parsed.data, saved.header.logo));
  };
  const chrome = publicChrome(previewed, event, sponsors);
  const onEvent = (path: string) => `${path}?id=${event.event_id}`;

  return (
    <>
      <div className="page-header">
        <h1>Components</h1>
        <p>
          The header, announcement bar, sponsor strip and footer of the event's public pages. Edit them once here: the
          landing page, registration and the bidding pages all show them.
        </p>
      </div>
      <SettingsWithPreview
        form={form}
        reply={reply}
        onEdit={readForm}
        saveLabel="Save components"
        previewAs="section"
        preview={
          <>
            <div className="landing components-preview__page" style={branding} data-testid="components-preview">
              <AnnouncementBar chrome={chrome} />
              <div className="landing__bar">
                <ChromeBrand brand={chrome.brand} />
              </div>
              <p className="components-preview__content">The page's own content</p>
              <SponsorStrip chrome={chrome} />
              <ChromeFooter chrome={chrome} />
            </div>
            <p>
              See them on the <a href={onEvent("/event")}>landing page</a>,{" "}
              <a href={onEvent("/register")}>registration</a> and the <a href={onEvent("/inroombid")}>bidding pages</a>{" "}
              (each shows once it is switched on, or to people who may preview it).
            </p>
          </>
        }
      >
        <fieldset className="stack">
          <legend>Header</legend>
          <ImageField
            name="header_logo"
            label="Logo"
            currentUrl={saved.header.logo || null}
            error={form.allErrors.header_logo?.[0]}
            help="Leave it empty to use the event's logo from Setup → Branding."
            alt="The header's logo"
          />
          <Field
            label="Name"
            meta={fields.header_name}
            help={`Leave it empty to use the event's title, “${event.title}”.`}
          >
            {(control) => <input {...control} />}
          </Field>
          <label className="checkbox">
            <input type="checkbox" {...checkboxProps(fields.header_show_name)} />
            Show the name beside the logo
          </label>
        </fieldset>
        <fieldset className="stack">
          <legend>Announcement bar</legend>
          <label className="checkbox">
            <input type="checkbox" {...checkboxProps(fields.announcement_on)} />
            Show the announcement bar
          </label>
          <Field
            label="Announcement"
            meta={fields.announcement_text}
            help="One short line, above the header of every page."
          >
            {(control) => <input {...control} />}
          </Field>
          <div className="field-grid">
            <Field label="Link words (optional)" meta={fields.announcement_link_label}>
              {(control) => <input {...control} />}
            </Field>
            <Field label="Link address (optional)" meta={fields.announcement_link_href}>
              {(control) => <input {...control} inputMode="url" />}
            </Field>
          </div>
        </fieldset>
        <fieldset className="stack">
          <legend>Sponsor strip</legend>
          <label className="checkbox">
            <input type="checkbox" {...checkboxProps(fields.sponsors_on)} />
            Show the sponsors' logos above the footer
          </label>
          <Field
            label="Strip title"
            meta={fields.sponsors_title}
            help={
              sponsors.length > 0
                ? `${sponsors.length} sponsor${sponsors.length === 1 ? "" : "s"} shown at this event (Auction items → Sponsors).`
                : "No sponsors are shown at this event yet (Auction items → Sponsors): the strip stays hidden until there are."
            }
          >
            {(control) => <input {...control} />}
          </Field>
        </fieldset>
        <fieldset className="stack">
          <legend>Footer</legend>
          <Field label="Footer text" meta={fields.footer_text} help="Such as the charity's registration number.">
            {(control) => <textarea {...control} rows={3} />}
          </Field>
          {Array.from({ length: FOOTER_LINK_SLOTS }, (_, index) => index + 1).map((slot) => (
            <div className="field-grid" key={slot}>
              <Field label={`Link ${slot}: words`} meta={field(`footer_link_label_${slot}`)}>
                {(control) => <input {...control} />}
              </Field>
              <Field label={`Link ${slot}: address`} meta={field(`footer_link_href_${slot}`)}>
                {(control) => <input {...control} inputMode="url" />}
              </Field>
            </div>
          ))}
        </fieldset>
      </SettingsWithPreview>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
