/**
 * One row of an item import read into the item's columns: only the cells the row fills (a blank cell says
 * nothing, so an update by lot keeps what the item has), each checked on its own; a bad cell's message starts with
 * the file's own name for its column.
 */
import { readMoney } from "~/forms/rules";
import { readItemType, readYesNo, type ItemType } from "./item-rules";
import type { ImportField } from "./item-import-columns";

/** The item's columns a row may set; absent when its cell is blank. */
export type RowFields = Partial<{
  title: string;
  type: ItemType;
  subtype: string;
  excerpt: string;
  description: string;
  value: number;
  starting_bid: number;
  increment: number;
  buy_now: number;
  quantity: number;
  in_person_only: boolean;
  status: string;
  tag: string;
  display_order: number;
  xinv_category_id: number;
  xinv_donor_id: number;
  xinv_disclaimer: string;
  internal_notes: string;
}>;

export type RowLookups = { categories: Map<string, number>; donors: Map<string, number> };

export type ReadRow = { fields: RowFields; lot: number | null; messages: string[] };

/**
 * Reads a row's cells (by field, trimmed); `columnOf` names a field's column as the file calls it, for messages.
 */
export function readImportRow(
  cells: Partial<Record<ImportField, string>>,
  columnOf: (field: ImportField) => string,
  lookups: RowLookups,
): ReadRow {
  const messages: string[] = [];
  const fields: RowFields = {};
  const cell = (field: ImportField) => cells[field] ?? "";

  const text = (field: ImportField, max: number) => {
    const value = cell(field);
    if (value.length > max) messages.push(`${columnOf(field)} is longer than ${max} characters.`);
    return value === "" ? undefined : value;
  };
  const money = (field: ImportField) => {
    const reading = readMoney(cell(field));
    if ("error" in reading) {
      messages.push(
        `${columnOf(field)}: ${reading.error === "Amounts cannot be negative." ? "cannot be negative" : `“${cell(field)}” is not an amount`}.`,
      );
      return undefined;
    }
    return reading.cents ?? undefined;
  };
  const wholeNumber = (field: ImportField, min: number) => {
    const value = cell(field);
    if (value === "") return undefined;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > 1_000_000) {
      messages.push(`${columnOf(field)} must be a whole number${min > 0 ? ` of at least ${min}` : ""}: “${value}”.`);
      return undefined;
    }
    return Number(value);
  };

  const title = cell("title");
  if (title.length > 200) messages.push(`${columnOf("title")} is longer than 200 characters.`);
  else if (title !== "") fields.title = title;

  const typeText = cell("type");
  if (typeText !== "") {
    const type = readItemType(typeText);
    if (type === null) messages.push(`${columnOf("type")} “${typeText}” is not one of silent, live, virtual or sale.`);
    else fields.type = type;
  }

  const lot = wholeNumber("lot", 1) ?? null;
  fields.value = money("value");
  fields.starting_bid = money("starting_bid");
  fields.increment = money("increment");
  fields.buy_now = money("buy_now");
  fields.quantity = wholeNumber("quantity", 1);
  fields.display_order = wholeNumber("display_order", 0);

  if (cell("in_person_only") !== "") {
    const inPerson = readYesNo(cell("in_person_only"));
    if (inPerson === undefined)
      messages.push(`${columnOf("in_person_only")} must be yes or no: “${cell("in_person_only")}”.`);
    else fields.in_person_only = inPerson;
  }

  const categoryName = cell("category");
  if (categoryName) {
    fields.xinv_category_id = lookups.categories.get(categoryName.toLowerCase());
    if (fields.xinv_category_id === undefined)
      messages.push(`Category “${categoryName}” does not exist. Create it first, or correct the name.`);
  }
  const donorName = cell("donor");
  if (donorName) {
    fields.xinv_donor_id = lookups.donors.get(donorName.toLowerCase());
    if (fields.xinv_donor_id === undefined)
      messages.push(`Donor “${donorName}” is not in your donors. Add them first, or use their email.`);
  }

  fields.subtype = text("subtype", 40);
  fields.excerpt = text("excerpt", 500);
  // Plain text from a sheet becomes paragraphs; the HTML of the editor is kept out of imports on purpose.
  fields.description = cell("description") ? paragraphs(cell("description")) : undefined;
  fields.status = text("status", 40);
  fields.tag = text("tag", 100);
  fields.xinv_disclaimer = text("disclaimer", 2000);
  fields.internal_notes = text("internal_notes", 5000);

  for (const key of Object.keys(fields) as (keyof RowFields)[]) if (fields[key] === undefined) delete fields[key];
  return { fields, lot, messages };
}

function paragraphs(value: string): string {
  const escape = (text: string) =>
    text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escape(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}
