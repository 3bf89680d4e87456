/**
 * The table form of the seating screen (adding a table, or renaming and resizing one), shared by its dialogs and
 * the action. Client-safe.
 */
import { z } from "zod";
import { requiredText } from "~/forms/rules";

export const MAX_TABLE_CAPACITY = 200;

export const tableSchema = z.object({
  name: requiredText(40, "Give the table a name or number.", "Keep the name to 40 characters."),
  capacity: z.coerce
    .number({ invalid_type_error: "Give the number of seats." })
    .int("Give a whole number of seats.")
    .min(1, "A table has at least 1 seat.")
    .max(MAX_TABLE_CAPACITY, `A table has at most ${MAX_TABLE_CAPACITY} seats.`),
});

export type TableInput = z.infer<typeof tableSchema>;

/** The form id of a move (a party dragged or sent to a table): its refusal is shown above the plan. */
export const MOVE_FORM = "seating-move";
