/**
 * The auction item's form as one zod schema: posted text in, columns out. Amounts are typed
 * in units and stored in cents (decision 003); blank optional fields are stored as null. The rules between amounts
 * (buy now above the starting bid, an increment above zero) are checked here and again, on the stored row, by
 * amountProblems, so the grids' inline edits obey them too.
 */
import { z } from "zod";
import { richTextSchema } from "~/rich-text/schema.server";
import { moneyField } from "~/ui/money-input";
import { pickedId } from "./inventory-fields";
import { itemInlineRules } from "./item-fields";
import { PACKAGE_SUBTYPE } from "./item-rules";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .transform((value) => value || null);

const displayOrder = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{1,6}$/.test(value), "Enter a whole number, 0 or more (such as 10).")
  .transform((value) => (value === "" ? 0 : Number(value)));

/** Text fields of the form, as posted (the featured image comes as a file, read apart). */
export const AUCTION_ITEM_FIELDS = [
  "title",
  "lot",
  "type",
  "subtype",
  "excerpt",
  "description",
  "value",
  "starting_bid",
  "increment",
  "buy_now",
  "quantity",
  "in_person_only",
  "status",
  "tag",
  "display_order",
  "xinv_donor_id",
  "xinv_category_id",
  "xinv_staff_id",
  "xinv_disclaimer",
  "internal_notes",
] as const;

export type AuctionItemField = (typeof AUCTION_ITEM_FIELDS)[number];
export type AuctionItemFormValues = Record<AuctionItemField, string>;
export type AuctionItemFormErrors = Partial<Record<AuctionItemField | "featured_image" | "images" | "form", string[]>>;

export const auctionItemSchema = z.object({
  title: itemInlineRules.title,
  lot: itemInlineRules.lot,
  type: itemInlineRules.type,
  subtype: z
    .string()
    .refine((value) => value === "" || value === PACKAGE_SUBTYPE, "Choose a single item or a package.")
    .transform((value) => (value === "" ? null : value)),
  excerpt: optionalText(500, "The excerpt"),
  description: richTextSchema().transform((html) => html || null),
  value: moneyField({ label: "The fair market value" }),
  starting_bid: moneyField({ label: "The starting bid" }),
  increment: moneyField({ label: "The increment" }),
  buy_now: moneyField({ label: "The buy now price" }),
  quantity: itemInlineRules.quantity,
  in_person_only: z.string().transform((value) => value === "on" || value === "true"),
  // Checked against ITEM_STATUSES (and the item's own status) by the caller, which knows the item.
  status: z.string().trim().min(1, "Choose a status.").max(40, "Choose a status."),
  tag: itemInlineRules.tag,
  display_order: displayOrder,
  xinv_donor_id: pickedId("donor"),
  xinv_category_id: pickedId("category"),
  xinv_staff_id: pickedId("staff member"),
  xinv_disclaimer: optionalText(2000, "The disclaimer"),
  internal_notes: optionalText(5000, "Notes"),
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

/** What was posted for each field, as typed, to show again beside the messages. */
export function postedAuctionItemValues(form: FormData): AuctionItemFormValues {
  return Object.fromEntries(
    AUCTION_ITEM_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as AuctionItemFormValues;
}

/** A posted item form: its columns, or the messages by field with what was typed. */
export function readAuctionItemForm(
  form: FormData,
): { ok: true; input: AuctionItemInput } | { ok: false; errors: AuctionItemFormErrors; values: AuctionItemFormValues } {
  const values = postedAuctionItemValues(form);
  const parsed = auctionItemSchema.safeParse(values);
  if (!parsed.success)
    return { ok: false, errors: parsed.error.flatten().fieldErrors as AuctionItemFormErrors, values };
  const problems = amountProblems(parsed.data);
  if (Object.keys(problems).length > 0) {
    return {
      ok: false,
      errors: Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
      values,
    };
  }
  return { ok: true, input: parsed.data };
}
