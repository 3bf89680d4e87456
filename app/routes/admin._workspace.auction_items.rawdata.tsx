import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
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
import { readFormWithFile } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm } from "~/forms/reply.server";
import { readSpreadsheetFile } from "~/forms/spreadsheet-file.server";
import {
  inlineEditSaved,
  readInlineEdit,
  readSelectedIds,
  refuseBulk,
  refuseInlineEdit,
} from "~/grid/grid-forms.server";
import { redirectWithToast } from "~/http/toast.server";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("Raw data · Auction items · Gavel");

/** /admin/auction_items/rawdata: every item with all its fields in one sheet; CSV import (checked first) and export. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return listItemSheet(eventId);
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const form = await readFormWithFile(request, MAX_IMPORT_BYTES);
  if (!form) return refuseFile(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);

  switch (form.get("intent")) {
    case "check": {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return refuseFile("Choose a CSV or Excel file to check.");
      const sheet = await readSpreadsheetFile(file);
      if ("error" in sheet) return refuseFile(sheet.error);
      // The organisation's choices for columns it matched by hand before.
      const options = { ...readImportOptions(form), columnMap: await savedColumnMap(eventId) };
      const importCheck = await checkItemImport(eventId, sheet.csv, options);
      if (importCheck.fileError) return refuseFile(importCheck.fileError);
      return data<ImportReport>({ importCheck, csv: sheet.csv, fileName: file.name, options });
    }

    case "map": {
      // The organiser's matching of the file's columns: kept for the organisation's next file, then checked with.
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
    }

    case "import": {
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
      return redirectWithToast(here, {
        title: importedTitle(imported, updated),
        description: skipped
          ? `${skipped} ${skipped === 1 ? "row was" : "rows were"} left out. Fix them and import them on their own.`
          : undefined,
      });
    }

    case "inline-edit": {
      const edit = readInlineEdit(form, itemInlineRules);
      if (!edit) throw new Response("This edit is not one the grid makes.", { status: 400 });
      const field = edit.field;
      const parsed = itemInlineRules[field].safeParse(edit.value);
      if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
      try {
        const found = await updateItemField(eventId, edit.id, field, parsed.data);
        if (!found) return refuseInlineEdit(edit, "This item no longer exists. Reload the page.");
      } catch (error) {
        if (!(error instanceof DuplicateLotError || error instanceof Refusal)) throw error;
        return refuseInlineEdit(edit, error.message);
      }
      return inlineEditSaved();
    }

    case "delete": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the items to delete first.");
      try {
        const deleted = await deleteItems(eventId, ids);
        return redirectWithToast(here, { title: deleted === 1 ? "Item deleted" : `${deleted} items deleted` });
      } catch (error) {
        if (!(error instanceof ItemsWithBidsError)) throw error;
        return refuseBulk(`Nothing was deleted. ${error.message}`);
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
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
