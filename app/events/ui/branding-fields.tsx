/**
 * The fields of /admin/setup/branding: a colour as a picker and as text, and a type style's font and weight from
 * the font catalogue (app/fonts/catalogue.ts).
 */
import { useState } from "react";
import { catalogueFont, fallbackStack, FONT_CATALOGUE, nearestWeight } from "~/fonts/catalogue";
import { Field } from "~/ui/field";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";

export const COLOURS = [
  ["primary_color", "Primary", "Buttons, links and the page header."],
  ["secondary_color", "Secondary", "Section bands and highlights."],
  ["accent_color", "Accent", "Badges and small touches."],
  ["text_color", "Text", "Body text on the white page."],
] as const;

export const TYPE_STYLES = [
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

/**
 * A type style's font and weight. The font is one of the catalogue; the weight one that font comes in, so
 * choosing another font moves the weight to the nearest it has. A font saved before the catalogue existed (or
 * a weight its font lacks) stays selected as an extra option, marked as needing a change, until the form is saved.
 */
export function FontFields({
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
export function ColourField({
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
