import { z } from "zod";
import { sanitizeRichText } from "./sanitize.server";

/** Far more than any description needs; bounds the work of sanitising a post. */
export const RICH_TEXT_MAX_LENGTH = 100_000;

/**
 * A zod schema for a rich-text field in an action: a string of at most RICH_TEXT_MAX_LENGTH characters, returned
 * sanitised (so what is saved is what sanitizeRichText allows), and, when `required` gives a message, refused
 * when nothing readable is left ("<p></p>" from an empty editor counts as empty).
 */
export function richTextSchema({ required }: { required?: string } = {}) {
  const clean = z
    .string()
    .max(RICH_TEXT_MAX_LENGTH, "This text is too long. Shorten it, or remove pasted formatting.")
    .transform(sanitizeRichText);
  return required ? clean.refine((html) => html !== "", required) : clean;
}
