/** The paddle raise form, shared by the dialog and the action: its giving levels are typed one per line. */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { moneyField, optionalTextSaying, requiredText, yesNo } from "~/forms/rules";
import { linesField, readLevels } from "./lines";

export const paddleRaiseSchema = z.object({
  title: requiredText(
    120,
    "Give the paddle raise a name, such as “Fund a Classroom”.",
    "Keep the name to 120 characters.",
  ),
  description: optionalTextSaying(1000, "Keep the description to 1,000 characters."),
  goal: moneyField(),
  is_active: yesNo,
  levels: linesField(readLevels, "Give at least one level, such as “1000 Books for a year”."),
});

/** The paddle raises list's row dialog, read by its action and its screen. */
export const paddleRaiseDialog = listDialogForm({ key: "raise", schema: paddleRaiseSchema });
