/**
 * The rules of an inventory item's fields that the grid edits in place and the item's form shares, client-safe so
 * the grid checks a value with the same rule the action does.
 */
import { z } from "zod";
import { optionalText } from "~/forms/rules";
import { moneyField } from "~/ui/money-input";

export const inventoryTitle = z
  .string()
  .trim()
  .min(1, "Give the item a title.")
  .max(200, "A title can be at most 200 characters.");

export const inventoryTag = optionalText(40, "A tag");

export const inventoryValue = moneyField({ label: "The value" });

/** The id of a donor, category or staff member picked from a list; blank for none. */
export const pickedId = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || /^[1-9]\d{0,9}$/.test(value), `Choose a ${what} from the list.`)
    .transform((value) => (value === "" ? null : Number(value)))
    .refine((id) => id === null || id <= 2_147_483_647, `Choose a ${what} from the list.`);

/** The grid's editable columns (by column id), with their rule and the column each one writes. */
export const inventoryInlineFields = {
  title: { column: "title", rule: inventoryTitle },
  value: { column: "value", rule: inventoryValue },
  tag: { column: "tag", rule: inventoryTag },
  category: { column: "category_id", rule: pickedId("category") },
} as const;
