/**
 * The staff form (the volunteers and employees who procure items) and the fields the grid edits in place, shared
 * by the dialog, the grid and the action. full_name is not among them: the database derives it from the first and
 * last name.
 */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { optionalEmail, optionalHexColour, optionalText } from "~/forms/rules";

const NOT_A_COLOUR = "Enter a colour as # and six hexadecimal digits, such as #dbe9ff, or leave it blank.";

/** A row colour (staff.grid_row_color): # and six hexadecimal digits, stored in lower case; blank for none. */
export const rowColour = optionalHexColour(NOT_A_COLOUR);

export const staffFields = {
  first_name: optionalText(80, "A first name"),
  last_name: optionalText(80, "A last name"),
  email: optionalEmail,
  grid_row_color: rowColour,
  internal_notes: optionalText(2000, "Notes"),
} as const;

export const NEEDS_A_NAME = "Give a first name, a last name, or both.";

export const staffSchema = z.object(staffFields).superRefine((person, context) => {
  if (!person.first_name && !person.last_name)
    context.addIssue({ code: "custom", path: ["first_name"], message: NEEDS_A_NAME });
});

export type StaffInput = z.infer<typeof staffSchema>;

/** The staff list's row dialog, read by its action and its screen. */
export const staffDialog = listDialogForm({ key: "staff", schema: staffSchema, idField: "staff_id" });
