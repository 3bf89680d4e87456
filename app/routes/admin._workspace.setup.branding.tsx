import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { eventSettings, saveEventSettings } from "~/events/event-settings.server";
import { saveSettingsForm } from "~/events/settings-action.server";
import { brandingSchema } from "~/events/settings-forms.server";
import { catalogueFont, fallbackStack, FONT_CATALOGUE, nearestWeight } from "~/fonts/catalogue";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { ImageField } from "~/images/image-field";
import { ResponsiveImage } from "~/images/responsive-image";
import { brandingStyle, contrastWarnings, type EventBranding } from "~/ui/branding";
import { Button } from "~/ui/button";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction<typeof loader> = ({ error, data }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Branding · Setup · Gavel" },
  // Every catalogue font, so the preview (and the font list, where the browser styles options) shows the real faces.
  ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
];

const COLOURS = [
  ["primary_color", "Primary", "Buttons, links and the page header."],
  ["secondary_color", "Secondary", "Section bands and highlights."],
  ["accent_color", "Accent", "Badges and small touches."],
  ["text_color", "Text", "Body text on the white page."],
] as const;

const TYPE_STYLES = [
  ["heading", "Headings"],
  ["subheading", "Subheadings"],
  ["body", "Body text"],
] as const;

const WEIGHT_NAMES: Record<number, string> = {
  100: "Thin",
  200: "Extra light",
  300: "Light",
  400: "Regular",
  500: "Medium",
  600: "Semibold",
  700: "Bold",
  800: "Extra bold",
  900: "Black",
};
/** The weights the form can store, for a font that is not in the catalogue. */
const ALL_WEIGHTS = Object.keys(WEIGHT_NAMES).map(Number);
const FONT_GROUPS = [
  ["Sans serif", FONT_CATALOGUE.filter((font) => font.source === "web" && font.category === "sans-serif")],
  ["Serif", FONT_CATALOGUE.filter((font) => font.source === "web" && font.category === "serif")],
  ["Installed on most computers (no download)", FONT_CATALOGUE.filter((font) => font.source === "system")],
] as const;

type BrandingValues = Record<keyof typeof DEFAULT_EVENT_STYLE, string>;

/** /admin/setup/branding: the event's colours, fonts and logo, applied to all its public pages (can_design). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const row = await eventSettings(eventId);
  const values = Object.fromEntries(
    Object.keys(DEFAULT_EVENT_STYLE).map((name) => [name, String(row[name as keyof typeof DEFAULT_EVENT_STYLE])]),
  ) as BrandingValues;
  return { title: row.title, logo: row.logo, values, fontStylesheet: CATALOGUE_FONT_CSS_HREF };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  // The reset button posts a plain form; the branding form posts multipart (it carries the logo).
  const isPlainForm = request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded");
  if (isPlainForm && (await request.clone().formData()).get("intent") === "reset") {
    await saveEventSettings(eventId, { ...DEFAULT_EVENT_STYLE });
    const url = new URL(request.url);
    return redirectWithToast(url.pathname + url.search, { title: "Colours and fonts reset to the defaults" });
  }
  return saveSettingsForm({
    request,
    eventId,
    schema: brandingSchema,
    imageFields: ["logo"],
    savedMessage: "Branding saved",
  });
}

export default function BrandingPage() {
  const { values } = useLoaderData<typeof loader>();
  // Saved or reset values start the form afresh; a refused post keeps what was typed.
  return <BrandingEditor key={JSON.stringify(values)} />;
}

function BrandingEditor() {
  const { title, logo, values: saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.errors;
  const posted = actionData?.values as BrandingValues | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const saving = useNavigation().state === "submitting";
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
      <div className="settings-layout">
        <Form
          method="post"
          encType="multipart/form-data"
          ref={formRef}
          className="settings-form"
          noValidate
          onChange={readForm}
          onInput={readForm}
        >
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
                  error={errors?.[name]?.[0]}
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
          <div className="settings-form__actions">
            <Button type="submit" variant="primary" disabled={saving}>
              {saving ? "Saving…" : "Save branding"}
            </Button>
          </div>
        </Form>
        <aside className="stack" aria-labelledby="branding-preview-heading">
          <h2 id="branding-preview-heading" className="section-heading">
            Preview
          </h2>
          <div
            className="brand-preview brand-preview--page"
            style={brandingStyle(branding)}
            data-testid="branding-preview"
          >
            {logo ? (
              <ResponsiveImage image={logo} alt={`Logo of ${title}`} className="brand-preview__logo" sizes="12rem" />
            ) : null}
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
            <div className="contrast-warning" role="status">
              <strong>Some text may be hard to read.</strong>
              <ul>
                {warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="muted" role="status">
              All text in these colours meets the WCAG AA contrast level.
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="reset" />
            <Button type="submit" variant="ghost" size="sm">
              Reset colours and fonts to the defaults
            </Button>
          </Form>
        </aside>
      </div>
    </>
  );
}

/**
 * A type style's font and weight. The font is one of the catalogue; the weight one that font comes in, so
 * choosing another font moves the weight to the nearest it has. A font saved before the catalogue existed (or
 * a weight its font lacks) stays selected as an extra option, marked as needing a change, until the form is saved.
 */
function FontFields({
  style,
  label,
  savedFont,
  initial,
  errors,
}: {
  style: string;
  label: string;
  savedFont: string;
  initial: { font: string; weight: string };
  errors: { font?: string; weight?: string };
}) {
  const [family, setFamily] = useState(initial.font);
  const [weight, setWeight] = useState(Number(initial.weight) || DEFAULT_EVENT_STYLE.body_weight);
  const font = catalogueFont(family);
  const legacyFont = [savedFont, initial.font].find((name) => name.trim() && !catalogueFont(name));
  const weights = font?.weights ?? ALL_WEIGHTS;
  const chooseFont = (next: string) => {
    setFamily(next);
    const nextFont = catalogueFont(next);
    if (nextFont && !nextFont.weights.includes(weight)) setWeight(nearestWeight(nextFont, weight));
  };
  return (
    <div className="field-grid">
      <Field
        label={`${label}: font`}
        error={errors.font}
        help={
          !font && legacyFont && !errors.font ? (
            <>
              <strong>Choose another font.</strong> Gavel cannot serve “{legacyFont}”, so guests see it only if it is
              installed on their device.
            </>
          ) : undefined
        }
      >
        {(control) => (
          <select
            {...control}
            name={`${style}_font`}
            value={font?.family ?? family}
            onChange={(event) => chooseFont(event.target.value)}
          >
            {legacyFont ? <option value={legacyFont}>{legacyFont} (not available)</option> : null}
            {FONT_GROUPS.map(([group, fonts]) => (
              <optgroup key={group} label={group}>
                {fonts.map((option) => (
                  <option
                    key={option.family}
                    value={option.family}
                    style={{ fontFamily: `"${option.family}", ${fallbackStack(option.category)}` }}
                  >
                    {option.family}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      <Field label={`${label}: weight`} error={errors.weight}>
        {(control) => (
          <select
            {...control}
            name={`${style}_weight`}
            value={weight}
            onChange={(event) => setWeight(Number(event.target.value))}
          >
            {weights.includes(weight) ? null : (
              <option value={weight}>
                {weight} (not in {font?.family ?? "this font"})
              </option>
            )}
            {weights.map((option) => (
              <option key={option} value={option}>
                {WEIGHT_NAMES[option]} ({option})
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

/** A colour as a picker and as text (for pasting a brand's hex code), kept in step. */
function ColourField({
  name,
  label,
  help,
  value,
  error,
}: {
  name: string;
  label: string;
  help: string;
  value: string;
  error?: string;
}) {
  const [text, setText] = useState(value);
  const valid = /^#[0-9a-f]{6}$/i.test(text);
  return (
    <Field label={label} help={help} error={error}>
      {(control) => (
        <div className="colour-input">
          <input
            type="color"
            aria-label={`${label} colour picker`}
            value={valid ? text.toLowerCase() : "#000000"}
            onChange={(event) => setText(event.target.value)}
          />
          <input
            {...control}
            name={name}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        </div>
      )}
    </Field>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
