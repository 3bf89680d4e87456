/**
 * The rules for an event's name, web address (slug), subdomain and time zone, shared by every form that sets them
 * (team sign-up, creating an event, the event settings). Client-safe: pages show the same rules the server applies.
 */
import { z } from "zod";
import { dnsLabel, slugText } from "~/forms/rules";

export const DEFAULT_TIMEZONE = "America/New_York";

/** The events screen's posts (/admin/events): work on an event (also from the home page), a new one, archive one. */
export const EVENTS_INTENT = { select: "select", create: "create", archive: "archive" } as const;

/** The form id of a new event (/admin/events). */
export const NEW_EVENT_FORM = "new-event";

/** The IANA time zones this runtime knows, plus UTC (which Intl leaves out of its list). */
export function timeZones(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone")];
}

/** Lower-case letters, digits and single hyphens: fit for a web address. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** Host names the app or a mail setup may need for itself. */
const RESERVED_SUBDOMAINS = new Set(["www", "app", "api", "admin", "mail", "smtp", "static", "assets"]);

/** A trimmed text where blank means "not given". */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** A slug; blank means "make one from the name" (see withSlugFromTitle). */
export const slugField = (what: string) =>
  optionalText.pipe(
    slugText(60, {
      tooLong: `Keep the ${what} to 60 characters.`,
      notSlug: `Use lower-case letters, digits and single hyphens in the ${what}, such as harbor-lights.`,
    }).optional(),
  );

export const eventTitleField = z
  .string()
  .trim()
  .min(1, "Enter the event's name.")
  .max(120, "Keep the name to 120 characters.");

/**
 * A time zone as an organiser reads it, a city and where it is ("New York (America)", "Indianapolis (America,
 * Indiana)", "UTC"), not its code name; anything not a known zone is given back as it is.
 */
export function timeZoneChoiceLabel(zone: string): string {
  return knownZoneOf().has(zone.toLowerCase()) ? labelOf(zone) : zone;
}

let zonesByChoice: Map<string, string> | null = null;

/** Every zone by its label and by its code name, in lower case. */
function knownZoneOf(): Map<string, string> {
  zonesByChoice ??= new Map(
    timeZones().flatMap((zone) => [
      [zone.toLowerCase(), zone],
      [labelOf(zone).toLowerCase(), zone],
    ]),
  );
  return zonesByChoice;
}

const labelOf = (zone: string) => {
  const parts = zone.replaceAll("_", " ").split("/");
  return parts.length === 1 ? zone : `${parts.at(-1)} (${parts.slice(0, -1).join(", ")})`;
};

/** The zone a typed choice names, by its label or its code name (as pasted from elsewhere); null for neither. */
export function zoneOfChoice(typed: string): string | null {
  return knownZoneOf().get(typed.trim().toLowerCase()) ?? null;
}

export const timezoneField = z
  .string()
  .refine((typed) => zoneOfChoice(typed) !== null, "Choose a time zone from the list.")
  .transform((typed) => zoneOfChoice(typed)!);

/** A subdomain of APP_HOST for the event; blank means none. */
export const subdomainField = optionalText
  .transform((value) => value?.toLowerCase())
  .pipe(
    dnsLabel
      .refine((label) => !RESERVED_SUBDOMAINS.has(label), "This subdomain is reserved. Choose another.")
      .optional(),
  );

/** The slug given, or one made from the name; an issue on `path` when neither has letters or digits. */
export function slugOrFromTitle(
  slug: string | undefined,
  title: string,
  context: z.RefinementCtx,
  path: string,
  what: string,
): string {
  const result = slug ?? slugify(title);
  if (!result) context.addIssue({ code: "custom", path: [path], message: `Enter a ${what} with letters or digits.` });
  return result;
}

/** The fields of a new event (/admin/events). */
export const newEventSchema = z
  .object({
    title: eventTitleField,
    slug: slugField("web address"),
    subdomain: subdomainField,
    timezone: timezoneField,
  })
  .transform((form, context) => ({
    ...form,
    slug: slugOrFromTitle(form.slug, form.title, context, "slug", "web address"),
  }));

export type NewEvent = z.infer<typeof newEventSchema>;
