import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { eventSettings, resetBranding, saveEventSetup } from "~/events/event-settings.server";
import { BRANDING_FORM, BRANDING_INTENT, brandingSchema } from "~/events/setup-forms";
import { COLOURS, ColourField, FontFields, TYPE_STYLES } from "~/events/ui/branding-fields";
import { catalogueFont, nearestWeight } from "~/fonts/catalogue";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { replyFor } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { useContractForm } from "~/forms/use-contract-form";
import { ImageField } from "~/images/ui/image-field";
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { imageChange, imageFieldErrors, readFormWithImages } from "~/images/upload.server";
import { brandingOverrides } from "~/pages-designer/branding-overrides.server";
import { BrandingOverridesList } from "~/pages-designer/ui/branding-overrides-list";
import { brandingStyle, contrastWarnings, type EventBranding } from "~/ui/branding";
import { Button } from "~/ui/button";
import { ContrastWarning } from "~/ui/contrast-warning";
import { errorTitle } from "~/ui/error-page";
import { SettingsWithPreview } from "~/ui/settings-with-preview";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction<typeof loader> = ({ error, data }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Branding · Setup · Gavel" },
  // Every catalogue font, so the preview (and the font list, where the browser styles options) shows the real faces.
  ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
];

type BrandingValues = Record<keyof typeof DEFAULT_EVENT_STYLE, string>;

/** /admin/setup/branding: the event's colours, fonts and logo, applied to all its public pages (can_design). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const row = await eventSettings(eventId);
  const values = Object.fromEntries(
    Object.keys(DEFAULT_EVENT_STYLE).map((name) => [name, String(row[name as keyof typeof DEFAULT_EVENT_STYLE])]),
  ) as BrandingValues;
  return {
    title: row.title,
    logo: row.logo,
    values,
    overrides: await brandingOverrides(eventId),
    fontStylesheet: CATALOGUE_FONT_CSS_HREF,
  };
}

/** Save the branding (with its logo), or reset the colours and fonts to the defaults. */
export async function action({ request }: ActionFunctionArgs) {
  let imageErrors: Record<string, string> = {};
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_design"),
    // The reset button posts a plain form; the branding form posts multipart (it carries the logo).
    readForm: async (request) => {
      const read = await readFormWithImages(request, ["logo"]);
      imageErrors = read.imageErrors;
      return read.form;
    },
    intents: (intent) => ({
      [BRANDING_INTENT.save]: intent({
        formId: BRANDING_FORM,
        schema: brandingSchema,
        otherErrors: () => imageFieldErrors(imageErrors),
        run: async ({ eventId, form }, branding) => {
          await saveEventSetup(eventId, { ...branding, ...imageChange(form, "logo") });
          return "Branding saved";
        },
      }),
      [BRANDING_INTENT.reset]: intent({
        formId: BRANDING_FORM,
        schema: z.object({}),
        run: async ({ eventId }) => {
          await resetBranding(eventId);
          return "Colours and fonts reset to the defaults";
        },
      }),
    }),
  });
}

export default function BrandingPage() {
  const { values } = useLoaderData<typeof loader>();
  // Saved or reset values start the form afresh; a refused post keeps what was typed.
  return <BrandingEditor key={JSON.stringify(values)} />;
}

function BrandingEditor() {
  const { title, logo, values: saved, overrides } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({ id: BRANDING_FORM, schema: brandingSchema, reply, defaultValue: saved });
  const posted = replyFor(reply, BRANDING_FORM)?.initialValue as BrandingValues | undefined;
  const errors = form.allErrors;
  // The preview follows the form as it is edited; before JavaScript, it shows what is saved.
  const [live, setLive] = useState<BrandingValues>(posted ?? saved);
  const readForm = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      Object.keys(DEFAULT_EVENT_STYLE).map((name) => [name, String(data.get(name) ?? "")]),
    ) as BrandingValues;
    // A weight select is about to follow a newly chosen font (FontFields); the preview follows it now.
    for (const [style] of TYPE_STYLES) {
      const font = catalogueFont(values[`${style}_font`]);
      const weight = Number(values[`${style}_weight`]);
      if (font && !font.weights.includes(weight)) values[`${style}_weight`] = String(nearestWeight(font, weight));
    }
    setLive(values);
  };
  const branding = live as EventBranding;
  const warnings = contrastWarnings(branding);

  return (
    <>
      <div className="page-header">
        <h1>Branding</h1>
        <p>The colours, fonts and logo of the event's public pages: landing page, registration, bidding and screens.</p>
      </div>
      <BrandingOverridesList overrides={overrides} />
      <SettingsWithPreview
        form={form}
        reply={reply}
        onEdit={readForm}
        saveLabel="Save branding"
        preview={
          <>
            <div
              className="brand-preview brand-preview--page"
              style={brandingStyle(branding)}
              data-testid="branding-preview"
            >
              {/* The logo on the header colour, as the pages show it: a white wordmark is lost on a white preview. */}
              <div className="brand-preview__header">
                {logo ? (
                  <ResponsiveImage
                    image={logo}
                    alt={`Logo of ${title}`}
                    className="brand-preview__logo"
                    sizes="12rem"
                  />
                ) : null}
                <span className="brand-preview__header-title">{title}</span>
              </div>
              <h3 className="brand-preview__heading">{title}</h3>
              <p className="brand-preview__subheading">An evening of giving</p>
              <p>Bid on the weekend in the mountains before 9:30 pm. Every dollar goes to the programmes.</p>
              <div className="cluster">
                <span className="button button--primary button--md">Register</span>
                <span className="brand-preview__band">Silent auction</span>
                <span className="brand-preview__chip">Lot 12</span>
              </div>
            </div>
            {warnings.length > 0 ? (
              <ContrastWarning warnings={warnings} />
            ) : (
              <p className="muted" role="status">
                All text in these colours meets the WCAG AA contrast level.
              </p>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value={BRANDING_INTENT.reset} />
              <Button type="submit" variant="ghost" size="sm">
                Reset colours and fonts to the defaults
              </Button>
            </Form>
          </>
        }
      >
        <input type="hidden" name="intent" value={BRANDING_INTENT.save} />
        <fieldset className="stack">
          <legend>Colours</legend>
          <div className="field-grid">
            {COLOURS.map(([name, label, help]) => (
              <ColourField
                key={name}
                name={name}
                label={label}
                help={help}
                value={live[name]}
                error={fields[name].errors?.[0]}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="stack">
          <legend>Type</legend>
          {TYPE_STYLES.map(([style, label]) => (
            <FontFields
              key={style}
              style={style}
              label={label}
              savedFont={saved[`${style}_font`]}
              initial={{ font: (posted ?? saved)[`${style}_font`], weight: (posted ?? saved)[`${style}_weight`] }}
              errors={{ font: errors?.[`${style}_font`]?.[0], weight: errors?.[`${style}_weight`]?.[0] }}
            />
          ))}
        </fieldset>
        <ImageField
          name="logo"
          label="Event logo"
          currentUrl={logo}
          error={errors?.logo?.[0]}
          help="Shown at the top of the event's pages. PNG or WebP with a transparent background works best."
          alt={`Logo of ${title}`}
        />
      </SettingsWithPreview>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
