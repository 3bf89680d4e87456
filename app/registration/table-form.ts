/**
 * The table form of the seating screen (adding a table, or renaming and resizing one), shared by its dialogs and
 * the action. Client-safe.
 */
import { z } from "zod";
import { countWithin, requiredText, rowId, rowIdList } from "~/forms/rules";

export const MAX_TABLE_CAPACITY = 200;

export const tableSchema = z.object({
  name: requiredText(40, "Give the table a name or number.", "Keep the name to 40 characters."),
  capacity: countWithin(1, MAX_TABLE_CAPACITY, {
    missing: "Give the number of seats.",
    notWhole: "Give a whole number of seats.",
    tooFew: "A table has at least 1 seat.",
    tooMany: `A table has at most ${MAX_TABLE_CAPACITY} seats.`,
  }),
});

export type TableInput = z.infer<typeof tableSchema>;

/** The form id of a move (a party dragged or sent to a table): its refusal is shown above the plan. */
export const MOVE_FORM = "seating-move";

/** The seating screen's posts: a party moved, a table added, changed or deleted. */
export const SEATING_INTENT = {
  move: "move",
  createTable: "create-table",
  updateTable: "update-table",
  deleteTable: "delete-table",
} as const;

/**
 * A move: `guest` repeated for the guests shown together, `only` to take just one of them, `to` a table's id or
 * "unseated".
 */
export const moveSchema = z.object({
  guest: rowIdList.pipe(z.array(rowId).min(1).max(1000)),
  only: z.union([z.literal(""), rowId]).optional(),
  to: z.union([z.literal("unseated"), rowId]),
});

/** A table named by the dialog or the delete button; one whose id is not one is a table already gone. */
export const tableIdSchema = z.object({ table: rowId.optional().catch(undefined) });

/** The id of the delete button's form (its intent is SEATING_INTENT.deleteTable). */
export const DELETE_TABLE = SEATING_INTENT.deleteTable;
