/** What the item import answers about a file it could read (the dry run), and the id of its form. */
import type { ImportOptions } from "./item-import-options";
import type { ImportCheck } from "./item-import.server";

/**
 * The import's form id in the contract: a file it cannot read at all is refused in the contract's shape, with the
 * message on its `file` field.
 */
export const IMPORT_FORM = "import";

/** What the import answers about a file it could read: the check of each row, with the file to import from. */
export type ImportReport = {
  importCheck: ImportCheck;
  csv: string;
  fileName: string;
  options: ImportOptions;
  /** The column choices were refused (a field chosen twice): nothing kept, the choices asked again. */
  mappingError?: string;
};
