/**
 * The auction item's form as one zod schema, client-safe: the page's form checks with it in the browser and its
 * action parses with it. Posted text in, columns out: amounts are typed in units and stored in cents (decision 003);
 * blank optional fields are stored as null; the description is sanitised by the domain function that saves it. The
 * rules between amounts (buy now above the starting bid, an increment above zero) are checked here and again, on the
 * stored row, by amountProblems, so the grids' inline edits obey them too.
 */
import { z } from "zod";
import { displayOrder, moneyField, optionalChoice, optionalText, pickedId } from "~/forms/rules";
import { richTextField } from "~/rich-text/schema";
import { itemInlineRules } from "./item-fields";
import { PACKAGE_SUBTYPE } from "./item-rules";

/** The form id of the auction item's form. */
export const AUCTION_ITEM_FORM = "auction-item";

/** The auction item page's posts (beside its gallery's and its deletion, DELETE_INTENT). */
export const AUCTION_ITEM_INTENT = {
  save: "save",
  addInventory: "add-inventory",
  removeInventory: "remove-inventory",
  useSum: "use-sum",
} as const;

// A field the form did not send reads as blank (`.default("")`), as the shared rules read it.
export const auctionItemSchema = z
  .object({
    title: itemInlineRules.title.default(""),
    lot: itemInlineRules.lot.default(""),
    type: itemInlineRules.type,
    subtype: optionalChoice([PACKAGE_SUBTYPE], "Choose a single item or a package."),
    excerpt: optionalText(500, "The excerpt"),
    description: richTextField().transform((html) => html || null),
    value: moneyField({ label: "The fair market value" }),
    starting_bid: moneyField({ label: "The starting bid" }),
    increment: moneyField({ label: "The increment" }),
    buy_now: moneyField({ label: "The buy now price" }),
    quantity: itemInlineRules.quantity.default(""),
    in_person_only: z
      .string()
      .default("")
      .transform((value) => value === "on" || value === "true"),
    // Checked against ITEM_STATUSES (and the item's own status) by the action, which knows the item.
    status: z.string().trim().min(1, "Choose a status.").max(40, "Choose a status.").default(""),
    tag: itemInlineRules.tag.default(""),
    display_order: displayOrder,
    xinv_donor_id: pickedId("donor"),
    xinv_category_id: pickedId("category"),
    xinv_staff_id: pickedId("staff member"),
    xinv_disclaimer: optionalText(2000, "The disclaimer"),
    internal_notes: optionalText(5000, "Notes"),
  })
  .superRefine((item, context) => {
    for (const [field, message] of Object.entries(amountProblems(item)))
      context.addIssue({ code: "custom", path: [field], message });
  });

export type AuctionItemInput = z.output<typeof auctionItemSchema>;

type Amounts = {
  type: string;
  starting_bid: number | null;
  increment: number | null;
  buy_now: number | null;
};

/** What is wrong between an item's amounts, by field; empty when nothing is. */
export function amountProblems(item: Amounts): Partial<Record<"starting_bid" | "increment" | "buy_now", string>> {
  const problems: Partial<Record<"starting_bid" | "increment" | "buy_now", string>> = {};
  if (item.increment !== null && item.increment <= 0) problems.increment = "The increment must be more than zero.";
  if (item.type !== "sale" && item.starting_bid !== null && item.starting_bid <= 0) {
    problems.starting_bid =
      "The starting bid must be more than zero (leave it blank to have it proposed from the value).";
  }
  if (item.buy_now !== null && item.buy_now <= 0)
    problems.buy_now = "The buy now price must be more than zero, or blank.";
  else if (
    item.type !== "sale" &&
    item.buy_now !== null &&
    item.starting_bid !== null &&
    item.buy_now <= item.starting_bid
  ) {
    problems.buy_now = "Buy now must be above the starting bid: bidders would otherwise buy it for less than a bid.";
  }
  return problems;
}
