/** The category form and the fields the grid edits in place, shared by the dialog, the grid and the action. */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { optionalText, requiredText } from "~/forms/rules";

export const categoryFields = {
  title: requiredText(80, "Give the category a name.", "A category name can be at most 80 characters."),
  internal_notes: optionalText(2000, "Notes"),
} as const;

export const categorySchema = z.object(categoryFields);

/** The categories list's row dialog, read by its action and its screen. */
export const categoryDialog = listDialogForm({ key: "category", schema: categorySchema });
