/** The form of an item for sale (a fixed price while stock lasts), shared by the dialog and the action. */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { amountAboveZero, countFromOne, moneyField, pickedId, requiredText, yesNo } from "~/forms/rules";

export const saleItemSchema = z.object({
  title: requiredText(200, "Give the item a name.", "Keep the name to 200 characters."),
  buy_now: amountAboveZero("The price", "The price must be more than zero.")
    // A required amount is never null once it passes.
    .transform((cents) => cents as number),
  quantity: countFromOne("How many are for sale: a whole number of at least 1.").default(""),
  value: moneyField(),
  xinv_category_id: pickedId("category"),
  excerpt: z
    .string()
    .trim()
    .max(500, "Keep the description to 500 characters.")
    .default("")
    .transform((value) => value || null),
  in_person_only: yesNo,
});

/** The items-for-sale list's row dialog, read by its action and its screen. */
export const saleItemDialog = listDialogForm({ key: "sale", schema: saleItemSchema });
