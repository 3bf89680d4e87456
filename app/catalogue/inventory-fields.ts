/**
 * The rules of an inventory item's fields and its form's schema, client-safe: the grid's edits in place, the item's
 * form in the browser and the actions check a value with the same rule. Blank optional fields are stored as null;
 * the value is typed in units ("1,250.00") and stored in cents (decision 003).
 */
import { z } from "zod";
import { displayOrder, moneyField, optionalText, pickedId, requiredText } from "~/forms/rules";
import { richTextField } from "~/rich-text/schema";

export const inventoryTitle = requiredText(200, "Give the item a title.", "A title can be at most 200 characters.");

export const inventoryTag = optionalText(40, "A tag");

export const inventoryValue = moneyField({ label: "The value" });

/** The form id of an inventory item's form (its own page, and the new item's). */
export const INVENTORY_FORM = "inventory-item";

/** The inventory item's form; the description is sanitised by the domain function that saves it. */
export const inventorySchema = z.object({
  title: inventoryTitle,
  description: richTextField().transform((html) => html || null),
  tag: inventoryTag,
  value: inventoryValue,
  donor_id: pickedId("donor"),
  category_id: pickedId("category"),
  staff_id: pickedId("staff member"),
  disclaimer: optionalText(2000, "The disclaimer"),
  internal_notes: optionalText(5000, "Notes"),
  display_order: displayOrder,
});

export type InventoryInput = z.output<typeof inventorySchema>;

/** The grid's editable columns (by column id), with their rule and the column each one writes. */
/** The inventory item pages' posts: the new item's form creates, the saved item's saves. */
export const INVENTORY_INTENT = { create: "create", save: "save" } as const;

/** The inventory grid's own actions on the selected items (beside deleting them). */
export const INVENTORY_BULK_INTENT = { changeCategory: "change-category", unassign: "unassign" } as const;

export const inventoryInlineFields = {
  title: { column: "title", rule: inventoryTitle },
  value: { column: "value", rule: inventoryValue },
  tag: { column: "tag", rule: inventoryTag },
  category: { column: "category_id", rule: pickedId("category") },
} as const;

/** The bulk "Change category" choice that takes items out of every category. */
export const NO_CATEGORY = "none";
