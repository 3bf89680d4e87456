import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import {
  deleteItems,
  DuplicateLotError,
  ItemsWithBidsError,
  listItemSheet,
  updateItemField,
} from "~/catalogue/auction-items.server";
import { itemInlineRules } from "~/catalogue/item-fields";
import { readColumnChoices, saveColumnChoices, savedColumnMap } from "~/catalogue/item-import-choices.server";
import { readImportOptions } from "~/catalogue/item-import-options";
import { checkItemImport, fileColumns, importItems, MAX_IMPORT_BYTES } from "~/catalogue/item-import.server";
import { IMPORT_FORM, RawDataPage, type ImportReport } from "~/catalogue/ui/raw-data-sheet";
import { IMPORT_INTENT } from "~/forms/import-steps";
import { intentAction } from "~/forms/intent-action.server";
import { readFormWithFile } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm } from "~/forms/reply.server";
import { readSpreadsheetFile } from "~/forms/spreadsheet-file.server";
import { bulkIntent, inlineEditIntent } from "~/grid/grid-intents.server";
import { INLINE_EDIT_INTENT } from "~/grid/grid-types";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("Raw data · Auction items · Gavel");

/** /admin/auction_items/rawdata: every item with all its fields in one sheet; CSV import (checked first) and export. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return listItemSheet(eventId);
}

/** The item import's three steps (check, match columns, import), and the sheet's edits in place and deletes. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => ({
      eventId: (await requireEventPermission(request, "can_edit_auction_items")).eventId,
    }),
    readForm: async (request) =>
      (await readFormWithFile(request, MAX_IMPORT_BYTES)) ??
      refuseFile(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`),
    intents: (intent) => ({
      [IMPORT_INTENT.check]: intent({
        formId: IMPORT_FORM,
        schema: z.object({}),
        run: async ({ eventId, form }) => {
          const file = form.get("file");
          if (!(file instanceof File) || file.size === 0) return refuseFile("Choose a CSV or Excel file to check.");
          const sheet = await readSpreadsheetFile(file);
          if ("error" in sheet) return refuseFile(sheet.error);
          // The organisation's choices for columns it matched by hand before.
          const options = { ...readImportOptions(form), columnMap: await savedColumnMap(eventId) };
          const importCheck = await checkItemImport(eventId, sheet.csv, options);
          if (importCheck.fileError) return refuseFile(importCheck.fileError);
          return data<ImportReport>({ importCheck, csv: sheet.csv, fileName: file.name, options });
        },
      }),
      [IMPORT_INTENT.map]: intent({
        formId: IMPORT_FORM,
        schema: z.object({}),
        // The organiser's matching of the file's columns: kept for the organisation's next file, then checked with.
        run: async ({ eventId, form }) => {
          const csv = String(form.get("csv") ?? "");
          const fileName = String(form.get("file_name") ?? "");
          const choices = readColumnChoices(form, fileColumns(csv));
          const options = readImportOptions(form);
          if ("error" in choices) {
            const importCheck = await checkItemImport(eventId, csv, options);
            return data<ImportReport>(
              { importCheck, csv, fileName, options, mappingError: choices.error },
              { status: 400 },
            );
          }
          await saveColumnChoices(eventId, choices.map);
          const checked = { ...options, columnMap: choices.map };
          const importCheck = await checkItemImport(eventId, csv, checked);
          if (importCheck.fileError) return refuseFile(importCheck.fileError);
          return data<ImportReport>({ importCheck, csv, fileName, options: checked });
        },
      }),
      [IMPORT_INTENT.import]: intent({
        formId: IMPORT_FORM,
        schema: z.object({}),
        run: async ({ eventId, form }) => {
          const csv = String(form.get("csv") ?? "");
          const options = readImportOptions(form);
          const { imported, updated, check } = await importItems(eventId, csv, options);
          if (check.fileError) return refuseFile(check.fileError);
          if (imported + updated === 0) {
            return data<ImportReport>(
              { importCheck: check, csv, fileName: String(form.get("file_name") ?? ""), options },
              { status: 400 },
            );
          }
          const skipped = check.problems.length;
          return {
            title: importedTitle(imported, updated),
            description: skipped
              ? `${skipped} ${skipped === 1 ? "row was" : "rows were"} left out. Fix them and import them on their own.`
              : undefined,
          };
        },
      }),
      [INLINE_EDIT_INTENT]: inlineEditIntent(intent, {
        rules: itemInlineRules,
        save: async ({ eventId }, id, field, value) => {
          try {
            return await updateItemField(eventId, id, field as keyof typeof itemInlineRules, value as never);
          } catch (error) {
            if (error instanceof DuplicateLotError) throw new Refusal(error.message);
            throw error;
          }
        },
        gone: "This item no longer exists. Reload the page.",
      }),
      delete: bulkIntent(intent, "delete", {
        select: "Select the items to delete first.",
        act: async ({ eventId, ids }) => {
          try {
            const deleted = await deleteItems(eventId, ids);
            return deleted === 1 ? "Item deleted" : `${deleted} items deleted`;
          } catch (error) {
            if (error instanceof ItemsWithBidsError) throw new Refusal(error.message);
            throw error;
          }
        },
      }),
    }),
  });
}

function importedTitle(imported: number, updated: number): string {
  const made = imported > 0 ? `${imported} ${imported === 1 ? "item" : "items"} imported` : "";
  const changed = updated > 0 ? `${updated} ${updated === 1 ? "item" : "items"} updated` : "";
  return [made, changed].filter(Boolean).join(", ");
}

/** A file that cannot be imported at all (not chosen, too large, not an item sheet): its message, on the file field. */
function refuseFile(message: string) {
  return refuseForm(IMPORT_FORM, message, "file");
}

export default function RawDataRoute() {
  return <RawDataPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
