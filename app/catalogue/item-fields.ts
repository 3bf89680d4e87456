import { z } from "zod";
import { countFromOne, moneyField, optionalLot } from "~/forms/rules";
/**
 * The rules of an auction item's fields that are edited in place (the sheet, the packages grid) and in the item's
 * form, client-safe so the grid checks a value with the same rule the action does.
 */
import { ITEM_TYPES } from "./item-rules";

/** The fields the sheet edits in place, each with its rule (the item page uses the same ones). */
export const itemInlineRules = {
  title: z.string().trim().min(1, "Give the item a title.").max(200, "A title can be at most 200 characters."),
  lot: optionalLot,
  value: moneyField(),
  starting_bid: moneyField(),
  increment: moneyField(),
  buy_now: moneyField(),
  quantity: countFromOne("Quantity is a whole number of at least 1."),
  tag: z
    .string()
    .trim()
    .max(100, "A tag can be at most 100 characters.")
    .transform((value) => value || null),
  type: z.enum(ITEM_TYPES, { message: "Choose silent, live, virtual or sale." }),
} as const;

export type InlineItemField = keyof typeof itemInlineRules;
