import { useState, type CSSProperties, type FormEvent } from "react";
import { type FormReply } from "~/forms/form-contract";
import { useContractForm } from "~/forms/use-contract-form";
import { eventAddress } from "~/http/paths";
import { ImageField } from "~/images/ui/image-field";
import { checkboxProps, Field } from "~/ui/field";
import { SettingsWithPreview } from "~/ui/settings-with-preview";
import {
  COMPONENTS_FORM,
  componentsFormDefaults,
  componentsFormSchema,
  componentsFromForm,
  FOOTER_LINK_SLOTS,
} from "../components-form";
import { publicChrome, type ChromeSponsor } from "../public-chrome";
import { AnnouncementBar, ChromeBrand, ChromeFooter, SponsorStrip } from "./public-chrome";
import type { ResolvedPublicComponents } from "~drizzle/schema/settings";

/**
 * The form of the event's shared public components (header, announcement bar, sponsor strip, footer) beside a
 * preview of them in the event's branding, which follows the form as it is edited.
 */
export function ComponentsEditor({
  event,
  branding,
  saved,
  sponsors,
  reply,
}: {
  event: { event_id: number; title: string; logo: string | null };
  branding: CSSProperties;
  saved: ResolvedPublicComponents;
  sponsors: ChromeSponsor[];
  reply: FormReply | undefined;
}) {
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
  const onEvent = (path: string) => eventAddress(path, event.event_id);

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
