import { z } from "zod";
import { RICH_TEXT_MAX_LENGTH, RICH_TEXT_TOO_LONG } from "./limits";
import { sanitizeRichText } from "./sanitize.server";

/**
 * A zod schema for a rich-text field in an action: a string of at most RICH_TEXT_MAX_LENGTH characters, returned
 * sanitised (so what is saved is what sanitizeRichText allows), and, when `required` gives a message, refused
 * when nothing readable is left ("<p></p>" from an empty editor counts as empty).
 */
export function richTextSchema({ required }: { required?: string } = {}) {
  const clean = z.string().max(RICH_TEXT_MAX_LENGTH, RICH_TEXT_TOO_LONG).transform(sanitizeRichText);
  return required ? clean.refine((html) => html !== "", required) : clean;
}
