/**
 * The inventory item's form as one zod schema: posted text in, columns out. Blank optional
 * fields are stored as null; the value is typed in units ("1,250.00") and stored in cents (decision 003).
 */
import { z } from "zod";
import { optionalText } from "~/forms/rules";
import { richTextSchema } from "~/rich-text/schema.server";
import { inventoryTag, inventoryTitle, inventoryValue, pickedId } from "./inventory-fields";

const displayOrder = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{1,6}$/.test(value), "Enter a whole number, 0 or more (such as 10).")
  .transform((value) => (value === "" ? 0 : Number(value)));

export const inventorySchema = z.object({
  title: inventoryTitle,
  description: richTextSchema().transform((html) => html || null),
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

export const INVENTORY_FIELDS = Object.keys(inventorySchema.shape) as (keyof InventoryInput)[];

/** What was posted for each field, as typed, to show again beside the messages. */
export function postedInventoryValues(form: FormData): Record<keyof InventoryInput, string> {
  return Object.fromEntries(
    INVENTORY_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as Record<keyof InventoryInput, string>;
}

export type InventoryFormErrors = Partial<Record<keyof InventoryInput | "images" | "form", string[]>>;

/** A posted inventory form: its columns, or the messages by field with what was typed. */
export function readInventoryForm(
  form: FormData,
):
  | { ok: true; input: InventoryInput }
  | { ok: false; errors: InventoryFormErrors; values: Record<keyof InventoryInput, string> } {
  const values = postedInventoryValues(form);
  const parsed = inventorySchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: parsed.error.flatten().fieldErrors as InventoryFormErrors, values };
}
