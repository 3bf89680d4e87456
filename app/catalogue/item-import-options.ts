/** The item import's options as its forms post them: the check's checkbox, then the import's hidden field. */
import type { ImportOptions } from "./item-import.server";

/** The field of "Number the items without a lot" (auto numbering). */
export const NUMBER_LOTS_FIELD = "number_lots";

export function readImportOptions(form: FormData): ImportOptions {
  return { numberLots: form.get(NUMBER_LOTS_FIELD) === "yes" };
}

/** The options as hidden fields of the import's form, so it imports what was checked. */
export function importOptionFields(options: ImportOptions): Record<string, string> {
  return options.numberLots ? { [NUMBER_LOTS_FIELD]: "yes" } : {};
}
