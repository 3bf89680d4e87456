/** Small zod rules the catalogue's forms share (donors, sponsors, staff). */
import { z } from "zod";

/** Text that may be left blank (stored as null), trimmed, at most `max` characters. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .transform((value) => value || null);

/**
 * A yes/no choice as forms post it: "yes" or "no" from the grid's select, a checkbox's "yes" (or "on") when
 * ticked and "no" when the form says it was not.
 */
export const yesNo = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ["yes", "no", "on"].includes(value), "Choose Yes or No.")
  .transform((value) => value !== "no");

/** What a form posted for the named fields, as text; a checkbox that is absent from the post reads "no". */
export function postedFields<K extends string>(form: FormData, names: readonly K[], checkboxes: readonly K[] = []) {
  return Object.fromEntries(
    names.map((name) => [
      name,
      checkboxes.includes(name) ? (form.has(name) ? "yes" : "no") : String(form.get(name) ?? ""),
    ]),
  ) as Record<K, string>;
}
