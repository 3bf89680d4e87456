/**
 * The forms of the event's setup screens (/admin/setup/event, company, contact, branding): one zod schema each,
 * turning posted text into the event's columns. Blank optional fields are stored as null.
 */
import { z } from "zod";
import { catalogueFont, describeWeights } from "~/fonts/catalogue";
import { optional, optionalEmail, optionalPhone, webAddress } from "~/forms/rules";
import { richTextSchema } from "~/rich-text/schema.server";
import { slugField, subdomainField, timezoneField, eventTitleField } from "./event-fields";

const maxText = (max: number, what: string) => z.string().max(max, `Keep the ${what} to ${max} characters.`);

/** Wall-clock date and time in the event's zone, as the date-time field posts it; checked by the action. */
const localDateTime = z
  .string()
  .trim()
  .transform((value) => value || null)
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time such as 2027-03-14 19:00.")
      .nullable(),
  );

export const eventDetailsSchema = z.object({
  title: eventTitleField,
  excerpt: optional(maxText(300, "summary")),
  description: richTextSchema(),
  slug: slugField("web address").pipe(
    z.string({ required_error: "Enter a web address." }).min(1, "Enter a web address."),
  ),
  subdomain: subdomainField.transform((value) => value ?? null),
  timezone: timezoneField,
  start_date_time: localDateTime,
  end_date_time: localDateTime,
  share_title: optional(maxText(120, "title for sharing")),
  share_description: optional(maxText(300, "description for sharing")),
});

export const companySchema = z.object({
  company_name: optional(maxText(120, "name")),
  company_about: richTextSchema(),
});

export const contactSchema = z.object({
  address: optional(maxText(300, "address")),
  email: optionalEmail,
  phone: optionalPhone,
  website: webAddress("website"),
  facebook: webAddress("Facebook page", ["facebook.com"]),
  instagram: webAddress("Instagram profile", ["instagram.com"]),
  linkedin: webAddress("LinkedIn page", ["linkedin.com"]),
  twitter: webAddress("X (Twitter) profile", ["x.com", "twitter.com"]),
});

const hexColour = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^#[0-9a-f]{6}$/i, `Enter the ${what} colour as # and six hexadecimal digits, such as #37474f.`)
    .transform((value) => value.toLowerCase());

/** A font of the catalogue (app/fonts/catalogue.ts), stored as the catalogue spells it. */
const fontName = z
  .string()
  .trim()
  .min(1, "Choose a font.")
  .transform((name, ctx) => {
    const font = catalogueFont(name);
    if (font) return font.family;
    const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `Gavel cannot serve “${shown}” to guests. Choose one of the listed fonts.`,
    });
    return z.NEVER;
  });

const fontWeight = z.coerce
  .number({ invalid_type_error: "Choose a weight." })
  .int()
  .refine((weight) => weight >= 100 && weight <= 900 && weight % 100 === 0, "Choose a weight between 100 and 900.");

const TYPE_STYLES = ["heading", "subheading", "body"] as const;
const ALL_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];

export const brandingSchema = z
  .object({
    primary_color: hexColour("primary"),
    secondary_color: hexColour("secondary"),
    accent_color: hexColour("accent"),
    text_color: hexColour("text"),
    heading_font: fontName,
    subheading_font: fontName,
    body_font: fontName,
    heading_weight: fontWeight,
    subheading_weight: fontWeight,
    body_weight: fontWeight,
  })
  // Each weight must be one its font comes in (the form offers only those). This runs even when other fields
  // were refused, so a field here may hold zod's NEVER instead of a value: both are checked before use.
  .superRefine((values, ctx) => {
    for (const style of TYPE_STYLES) {
      const [family, weight] = [values[`${style}_font`] as unknown, values[`${style}_weight`] as unknown];
      const font = typeof family === "string" ? catalogueFont(family) : undefined;
      // A weight that is not a whole hundred from 100 to 900 already has fontWeight's message.
      if (font && typeof weight === "number" && ALL_WEIGHTS.includes(weight) && !font.weights.includes(weight)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [`${style}_weight`],
          message: `${describeWeights(font)} Choose one of those weights.`,
        });
      }
    }
  });

/** The posted values of the named fields, as text, to send back with errors so nothing typed is lost. */
export function postedValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")])) as Record<K, string>;
}

export type FieldErrors = Record<string, string[] | undefined>;
