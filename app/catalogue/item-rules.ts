/**
 * What an auction item's type and status may be (decision 004), with the words people use for them. Client-safe:
 * grids, pickers and the CSV import share them.
 */

export const ITEM_TYPES = ["silent", "live", "virtual", "sale"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  silent: "Silent auction",
  live: "Live auction",
  virtual: "Virtual auction",
  sale: "Item for sale",
};

/** The subtype of a lot that bundles inventory items (a package). */
export const PACKAGE_SUBTYPE = "package";

export function isItemType(value: string): value is ItemType {
  return (ITEM_TYPES as readonly string[]).includes(value);
}

/** Reads a type as a spreadsheet may spell it: "Silent", "live auction", "for sale". */
export function readItemType(value: string): ItemType | null {
  const word = value
    .trim()
    .toLowerCase()
    .replace(/\s+auction$/, "")
    .replace(/^(item )?for /, "");
  if (word === "") return null;
  if (isItemType(word)) return word;
  return word === "buy" || word === "store" ? "sale" : null;
}

/** Yes/no as spreadsheets spell it; undefined when it is neither. */
export function readYesNo(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if (["yes", "y", "true", "1", "x"].includes(word)) return true;
  if (["no", "n", "false", "0", ""].includes(word)) return false;
  return undefined;
}

/**
 * The statuses an organiser sets on an auction item (decision 004): "draft" while it is being prepared (not shown
 * to guests), "published" once guests may see and bid on it, "withdrawn" when it is taken out of the auction
 * (kept, with its bids, rather than deleted). The bidding engine may set others later (such as "closed"); an item
 * keeps such a status until the organiser picks one of these.
 */
export const ITEM_STATUSES = ["draft", "published", "withdrawn"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  draft: "Draft (not shown to guests)",
  published: "Published",
  withdrawn: "Withdrawn",
};
