/** The item import's options as its forms post them: the check's checkbox and column choices, then hidden fields. */
import { readColumnMap, type ColumnMap } from "./item-import-columns";
/** The field of "Number the items without a lot" (auto numbering). */
export const NUMBER_LOTS_FIELD = "number_lots";
/** The hidden field carrying the column choices the file was checked with, to the import. */
export const COLUMN_MAP_FIELD = "column_map";

/** The form field of a column's choice in the mapping step (its normalised name). */
export const choiceField = (column: string) => `field:${column}`;

export type ImportOptions = {
  /** Rows without a lot get the lots after the highest of the event and the file, in the file's order. */
  numberLots: boolean;
  /** The organiser's matching of the file's columns to fields, over the names the import knows. */
  columnMap: ColumnMap;
};

export function readImportOptions(form: FormData): ImportOptions {
  return {
    numberLots: form.get(NUMBER_LOTS_FIELD) === "yes",
    columnMap: readColumnMap(String(form.get(COLUMN_MAP_FIELD) ?? "{}")),
  };
}

/** The options as hidden fields of a form that posts the file again, so it is read as it was checked. */
export function importOptionFields(options: ImportOptions): Record<string, string> {
  return {
    ...(options.numberLots ? { [NUMBER_LOTS_FIELD]: "yes" } : {}),
    ...(Object.keys(options.columnMap).length > 0 ? { [COLUMN_MAP_FIELD]: JSON.stringify(options.columnMap) } : {}),
  };
}
