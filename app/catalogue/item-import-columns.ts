/**
 * The columns the item import reads (docs/imports.md): a file's column names, as exported by the raw data sheet,
 * typed by people, or laid out by the item templates of other platforms, to the item's fields. A name is matched
 * trimmed, lower-cased, with its spaces as underscores ("Fair Market Value" is fair_market_value).
 */

/** The item's fields a file may fill, by the names people read them under. */
export const IMPORT_FIELD_LABELS = {
  lot: "lot",
  title: "title",
  type: "type",
  subtype: "subtype",
  excerpt: "excerpt",
  description: "description",
  value: "value",
  starting_bid: "starting bid",
  increment: "increment",
  buy_now: "buy now",
  quantity: "quantity",
  in_person_only: "in person only",
  status: "status",
  tag: "tag",
  display_order: "display order",
  category: "category",
  donor: "donor",
  disclaimer: "disclaimer",
  internal_notes: "internal notes",
} as const;

export type ImportField = keyof typeof IMPORT_FIELD_LABELS;

/** Gavel's own names: the raw data sheet's export and what people type. */
const GAVEL_NAMES: Record<string, ImportField> = {
  lot: "lot",
  lot_number: "lot",
  "lot_#": "lot",
  title: "title",
  name: "title",
  item: "title",
  type: "type",
  subtype: "subtype",
  excerpt: "excerpt",
  summary: "excerpt",
  description: "description",
  value: "value",
  fair_market_value: "value",
  fmv: "value",
  "value_($)": "value",
  starting_bid: "starting_bid",
  increment: "increment",
  bid_increment: "increment",
  buy_now: "buy_now",
  buy_now_price: "buy_now",
  quantity: "quantity",
  in_person_only: "in_person_only",
  status: "status",
  tag: "tag",
  display_order: "display_order",
  category: "category",
  donor: "donor",
  donor_email: "donor",
  disclaimer: "disclaimer",
  internal_notes: "internal_notes",
  notes: "internal_notes",
};

/**
 * The BiddingForGood (FrontStream) item import template: its published field list names Lot Number, Quantity,
 * Item Name, Item Description, Special Note (shown to bidders, as our disclaimer is) and Private Note (for the
 * auction's staff only), Category; the names of its money and donor columns are those the issue lists, spelled as
 * such templates spell them (docs/imports.md says which were confirmed).
 */
const OTHER_PLATFORM_NAMES: Record<string, ImportField> = {
  item_number: "lot",
  "item_#": "lot",
  "lot_no.": "lot",
  item_name: "title",
  item_title: "title",
  item_description: "description",
  long_description: "description",
  short_description: "excerpt",
  special_note: "disclaimer",
  special_notes: "disclaimer",
  private_note: "internal_notes",
  private_notes: "internal_notes",
  item_value: "value",
  retail_value: "value",
  estimated_value: "value",
  "fair_market_value_($)": "value",
  starting_bid_amount: "starting_bid",
  opening_bid: "starting_bid",
  minimum_bid: "starting_bid",
  min_bid: "starting_bid",
  "starting_bid_($)": "starting_bid",
  minimum_bid_increment: "increment",
  "bid_increment_($)": "increment",
  raise: "increment",
  buy_it_now: "buy_now",
  buy_it_now_price: "buy_now",
  "buy_now_price_($)": "buy_now",
  item_quantity: "quantity",
  qty: "quantity",
  category_name: "category",
  item_category: "category",
  donor_name: "donor",
  donated_by: "donor",
  donor_display_name: "donor",
  item_type: "type",
  auction_type: "type",
};

const HEADER_ALIASES: Record<string, ImportField> = { ...GAVEL_NAMES, ...OTHER_PLATFORM_NAMES };

/** A column's name as the aliases are keyed. */
export function normaliseHeader(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, "_");
}

/** The field a (normalised) column name fills; undefined when it is not one the import reads. */
export function fieldOfColumn(column: string): ImportField | undefined {
  return Object.hasOwn(HEADER_ALIASES, column) ? HEADER_ALIASES[column] : undefined;
}

export function isImportField(value: string): value is ImportField {
  return Object.hasOwn(IMPORT_FIELD_LABELS, value);
}

/**
 * The organiser's own matching of columns (normalised name) to fields, null for "not imported": it overrides the
 * names above for the columns it lists.
 */
export type ColumnMap = Record<string, ImportField | null>;

/** The field a column fills under a map of the organiser's choices; null when none. */
export function fieldUnder(map: ColumnMap, column: string): ImportField | null {
  return Object.hasOwn(map, column) ? map[column] : (fieldOfColumn(column) ?? null);
}

/** A map as posted back in a hidden field (JSON); its entries that are not column → field are dropped. */
export function readColumnMap(json: string): ColumnMap {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  const map: ColumnMap = {};
  for (const [column, field] of Object.entries(parsed)) {
    if (field === null || (typeof field === "string" && isImportField(field))) map[column] = field;
  }
  return map;
}
