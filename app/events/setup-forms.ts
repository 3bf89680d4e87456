/**
 * The forms of the event's setup screens (/admin/setup/event, company, contact, branding): one zod schema each,
 * turning posted text into the event's columns, shared by the page (Conform checks it in the browser) and the
 * action (parseForm). Blank optional fields are stored as null. Client-safe: rich text is sanitised by the domain
 * function that saves it (event-settings.server.ts), a taken slug or subdomain is refused there too.
 */
import { z } from "zod";
import { catalogueFont, describeWeights } from "~/fonts/catalogue";
import {
  fontWeight,
  hexColour,
  localDateTimeText,
  optional,
  optionalEmail,
  optionalPhone,
  webAddress,
} from "~/forms/rules";
import { richTextField } from "~/rich-text/schema";
import { zonedInputToUtc } from "~/ui/zoned-time";
import { slugField, subdomainField, timezoneField, eventTitleField } from "./event-fields";

export const EVENT_FORM = "event";
export const COMPANY_FORM = "company";
export const CONTACT_FORM = "contact";
export const BRANDING_FORM = "branding";
/** The branding screen's posts: the form saved (multipart: it carries the logo), colours and fonts reset. */
export const BRANDING_INTENT = { save: "save", reset: "reset" } as const;

const maxText = (max: number, what: string) => z.string().max(max, `Keep the ${what} to ${max} characters.`);

/** Wall-clock date and time in the event's zone, as the date-time field posts it; checked by the action. */
const localDateTime = z
  .string()
  .trim()
  .transform((value) => value || null)
  .pipe(localDateTimeText.nullable());

const NO_SUCH_TIME = "This time does not exist in the event's time zone (the clocks change then).";

/**
 * The event's details. Its times are wall-clock times in the zone being saved with them; once every field reads,
 * they become instants, and the share title and description go to the event's meta.
 */
export const eventDetailsSchema = z
  .object({
    title: eventTitleField,
    excerpt: optional(maxText(300, "summary")),
    description: richTextField(),
    slug: slugField("web address").pipe(
      z.string({ required_error: "Enter a web address." }).min(1, "Enter a web address."),
    ),
    subdomain: subdomainField.transform((value) => value ?? null),
    timezone: timezoneField,
    start_date_time: localDateTime,
    end_date_time: localDateTime,
    share_title: optional(maxText(120, "title for sharing")),
    share_description: optional(maxText(300, "description for sharing")),
  })
  .transform(({ start_date_time, end_date_time, ...details }, context) => {
    const starts = start_date_time ? zonedInputToUtc(start_date_time, details.timezone) : null;
    const ends = end_date_time ? zonedInputToUtc(end_date_time, details.timezone) : null;
    const refuse = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
    if (start_date_time && !starts) refuse("start_date_time", NO_SUCH_TIME);
    if (end_date_time && !ends) refuse("end_date_time", NO_SUCH_TIME);
    if (ends && !starts && !start_date_time) refuse("start_date_time", "Enter when the event starts, too.");
    if (starts && ends && ends <= starts) refuse("end_date_time", "The end must be after the start.");
    return { ...details, start_date_time: starts, end_date_time: ends };
  });

export type EventDetails = z.output<typeof eventDetailsSchema>;

export const companySchema = z.object({
  company_name: optional(maxText(120, "name")),
  company_about: richTextField(),
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
