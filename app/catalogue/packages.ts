/**
 * The forms of the live and silent packages lists, client-safe: the fields the grid edits in place, the bulk
 * actions' choices, and lot numbering's one field.
 */
import { z } from "zod";
import { optionalLotSaying, pickedId } from "~/forms/rules";
import { itemInlineRules } from "./item-fields";
import { ITEM_STATUSES } from "./item-rules";

export type PackageType = "live" | "silent";

/** The columns the grid edits, with the rule of each (the item page's). */
export const packageInlineRules = {
  lot: itemInlineRules.lot,
  title: itemInlineRules.title,
  value: itemInlineRules.value,
  starting_bid: itemInlineRules.starting_bid,
  increment: itemInlineRules.increment,
};
export type PackageInlineField = keyof typeof packageInlineRules;

/** "Change category": a category of the list, or "none". */
export const categoryChoice = z
  .string({ required_error: "Choose the category to put the selected items in." })
  .min(1, "Choose the category to put the selected items in.")
  .transform((choice) => (choice === "none" ? "" : choice))
  .pipe(pickedId("category"));

/** "Change status". */
export const statusChoice = z.enum(ITEM_STATUSES, { message: "Choose draft, published or withdrawn." });

/** The packages lists' own posts: the ticked items' category or status changed, the bid proposal saved. */
export const PACKAGES_INTENT = {
  changeCategory: "change-category",
  changeStatus: "change-status",
  bidProposal: "bid-proposal",
} as const;

/** The form id of lot numbering. */
export const NUMBER_LOTS_FORM = "number-lots";

/** Where lot numbering starts: a whole number from 1, or blank (after the event's other lots). */
export const numberLotsSchema = z.object({
  start: optionalLotSaying("Start from a whole number of at least 1, such as 101.")
    .default("")
    .transform((start) => start ?? undefined),
});
