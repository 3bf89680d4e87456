import { ImageField } from "~/images/ui/image-field";
import { checkboxProps, Field } from "~/ui/field";
import { InternalNotesField } from "~/ui/record-fields";
import { SelectOptions } from "~/ui/select-options";
import { SPONSOR_LEVELS } from "../sponsor-levels";
import type { sponsorSchema } from "../sponsor-form";
import type { SponsorRow } from "../sponsors.server";
import type { Fieldset } from "~/ui/form-dialog";

/** How levels rank sponsors, for the level field and the page's intro. */
export const SPONSOR_LEVEL_HELP =
  `Levels rank sponsors wherever they are listed, from ${SPONSOR_LEVELS[0]} at the top down to ` +
  `${SPONSOR_LEVELS[SPONSOR_LEVELS.length - 1]}; sponsors without a level come last.`;

/** The level picker's options, "No level" first. */
export const SPONSOR_LEVEL_OPTIONS = [
  { value: "", label: "No level" },
  ...SPONSOR_LEVELS.map((level) => ({ value: level, label: level })),
];

/** A saved sponsor as the form posts it. */
export function sponsorValues(sponsor: SponsorRow) {
  return {
    title: sponsor.title,
    level: sponsor.level ?? "",
    website: sponsor.website ?? "",
    is_active: sponsor.is_active ? "yes" : "no",
    internal_notes: sponsor.internal_notes ?? "",
  };
}

/** The sponsor's fields; `sponsor` when editing one. */
export function SponsorFields({
  fields,
  sponsor,
}: {
  fields: Fieldset<typeof sponsorSchema>;
  sponsor: SponsorRow | undefined;
}) {
  const pending = typeof fields.logo_pending.initialValue === "string" ? fields.logo_pending.initialValue : null;
  return (
    <>
      <Field label="Name" required meta={fields.title}>
        {(control) => <input {...control} required autoComplete="off" />}
      </Field>
      <Field label="Level" help={SPONSOR_LEVEL_HELP} meta={fields.level}>
        {(control) => (
          <select {...control}>
            <SelectOptions options={SPONSOR_LEVEL_OPTIONS} />
          </select>
        )}
      </Field>
      {pending ? <input type="hidden" name={fields.logo_pending.name} value={pending} /> : null}
      <ImageField
        name="logo"
        label="Logo"
        currentUrl={pending ?? sponsor?.logo ?? null}
        error={fields.logo.errors?.[0]}
        help="JPEG, PNG, WebP or GIF. A wide logo on a transparent background works best."
        alt={pending ? "The logo chosen, not saved yet" : "The sponsor's logo"}
      />
      <Field label="Website" help="Their logo links here on the event's pages." meta={fields.website}>
        {(control) => <input {...control} inputMode="url" autoComplete="off" placeholder="example.com" />}
      </Field>
      {sponsor ? null : (
        <label className="checkbox">
          <input type="checkbox" {...checkboxProps(fields.show_here)} />
          Show at this event
        </label>
      )}
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_active)} />
        Active: a current sponsor (inactive ones stay on the events that showed them)
      </label>
      <InternalNotesField meta={fields.internal_notes} />
    </>
  );
}
