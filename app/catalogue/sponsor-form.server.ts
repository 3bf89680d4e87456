/**
 * The sponsor form (spec §3 sponsor) and the fields the grid edits in place, with one rule each. The logo is not
 * among them: it is an upload (readFormWithImages), chosen in the form's ImageField.
 */
import { z } from "zod";
import { webAddress } from "~/events/settings-forms.server";
import { optionalText, yesNo } from "./form-rules.server";
import { SPONSOR_LEVELS } from "./sponsor-levels";

export const sponsorTitle = z
  .string()
  .trim()
  .min(1, "Give the sponsor's name.")
  .max(120, "A sponsor's name can be at most 120 characters.");

export const sponsorLevel = z
  .string()
  .trim()
  .transform((value) => value || null)
  .refine(
    (value) => value === null || (SPONSOR_LEVELS as readonly string[]).includes(value),
    `Choose one of the levels: ${SPONSOR_LEVELS.join(", ")}, or none.`,
  );

export const sponsorFields = {
  title: sponsorTitle,
  level: sponsorLevel,
  website: webAddress("website"),
  is_active: yesNo,
  internal_notes: optionalText(2000, "Notes"),
} as const;

export const SPONSOR_FIELD_NAMES = Object.keys(sponsorFields) as (keyof typeof sponsorFields)[];

export const sponsorSchema = z.object(sponsorFields);

export type SponsorInput = z.infer<typeof sponsorSchema> & { logo?: string | null };

/** The fields of a sponsor the grid edits in place. `shown` and `display_order` are the event's link. */
export const sponsorInlineFields = sponsorFields;

/** "Shown at this event" and its order there, as the grid edits them. */
export const shownRule = yesNo;
export const displayOrderRule = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, "Enter a whole number from 0 to 9999.")
  .transform(Number);
