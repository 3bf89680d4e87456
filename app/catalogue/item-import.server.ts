/**
 * The item import of /admin/auction_items/rawdata (docs/imports.md). A file is first checked (a dry run): every row
 * is read and validated against the event's categories, donors and lots, and each bad row is listed with why. A
 * row whose lot is already an item of the event updates that item with the cells it fills; rows without a lot may
 * be numbered after the highest lot. Nothing is imported until the organiser imports the clean rows (or fixes the
 * file and checks again); the import checks them again in its transaction, so a lot taken in between is still
 * refused and a bid placed in between still keeps its item's starting bid.
 */
import { and, count, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { db, type Transaction } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { Refusal } from "~/forms/refusal";
import { fullName } from "~/ui/format";
import { auction_item, bid, category, donor, event, purchase } from "~drizzle/schema";
import { amountProblems } from "./auction-item-schema";
import { bidProposalSettings, proposeBids } from "./bid-proposal";
import { refreshItemCounts } from "./item-counts.server";
import { checkItemEdit } from "./item-edit-rules.server";
import { fieldUnder, IMPORT_FIELD_LABELS, normaliseHeader, type ImportField } from "./item-import-columns";
import { readImportRow, type RowFields } from "./item-import-rows";
import type { ImportOptions } from "./item-import-options";
import type { ItemType } from "./item-rules";

/** The largest file accepted, and the most rows: far above a gala's catalogue. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

export type ImportItem = {
  line: number;
  title: string;
  lot: number | null;
  /** The lot was given by the import (auto numbering), not by the file. */
  numbered: boolean;
  type: ItemType;
  subtype: string | null;
  excerpt: string | null;
  description: string | null;
  value: number | null;
  starting_bid: number | null;
  increment: number | null;
  buy_now: number | null;
  quantity: number;
  in_person_only: boolean;
  status: string;
  tag: string | null;
  display_order: number;
  xinv_category_id: number | null;
  xinv_donor_id: number | null;
  xinv_disclaimer: string | null;
  internal_notes: string | null;
};

/** A row whose lot is an item of the event: what it changes there (nothing when the item already matches). */
export type ImportUpdate = {
  line: number;
  lot: number;
  title: string;
  itemId: number;
  set: RowFields;
  /** The fields changed, as people name them ("value", "starting bid"). */
  changed: string[];
  /** What the row asks that the item keeps, and why. */
  notes: string[];
};

export type ImportProblem = { line: number; title: string; messages: string[] };

/** A column of the file, with the field it fills and how it was matched, and its first cells to recognise it by. */
export type ImportColumn = {
  /** As the file names it. */
  name: string;
  /** Normalised, as choices are kept. */
  column: string;
  field: ImportField | null;
  matchedBy: "name" | "choice" | "none";
  samples: string[];
};

export type ImportCheck = {
  /** A problem with the file as a whole (not text, no rows, too many rows); then nothing else. */
  fileError?: string;
  /** No column is the title: the organiser is asked to match the columns (`columns`); no row is read. */
  missingTitle?: string;
  columns: ImportColumn[];
  ready: ImportItem[];
  updates: ImportUpdate[];
  problems: ImportProblem[];
  /** Columns of the file that are not item fields, ignored. */
  ignoredColumns: string[];
};

export async function checkItemImport(
  eventId: number,
  csv: string,
  options: ImportOptions,
  tx: Pick<Transaction, "select"> = db,
): Promise<ImportCheck> {
  const fileNames = new Map<string, string>();
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    // Blank lines are skipped below, not here, so that each row keeps its line number.
    skipEmptyLines: false,
    transformHeader: (header) => {
      const column = normaliseHeader(header);
      fileNames.set(column, header.trim());
      return column;
    },
  });
  const columns = (parsed.meta.fields ?? []).filter((column) => column !== "");
  const fieldOf = (column: string) => fieldUnder(options.columnMap, column);
  const rows = parsed.data
    // Line numbers as a spreadsheet shows them: the header is line 1.
    .map((raw, index) => ({ raw, line: index + 2 }))
    .filter(({ raw }) => Object.values(raw).some((value) => typeof value === "string" && value.trim() !== ""));
  const empty = { ready: [], updates: [], problems: [], ignoredColumns: [], columns: [] };
  // PostgreSQL refuses NUL in text; a form's text fields are refused with it (readPostedForm), a file's cells here.
  if (csv.includes("\0"))
    return {
      ...empty,
      fileError:
        "The file holds a NUL character, which cannot be saved: it is not a CSV file of text. Save it again as CSV.",
    };
  if (columns.length === 0) return { ...empty, fileError: "The file is empty: its first line must name the columns." };
  if (rows.length === 0) return { ...empty, fileError: "The file has no rows under its header line." };
  if (rows.length > MAX_IMPORT_ROWS) {
    return {
      ...empty,
      fileError: `The file has ${rows.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`,
    };
  }
  const fileColumns: ImportColumn[] = columns.map((column) => ({
    name: fileNames.get(column) ?? column,
    column,
    field: fieldOf(column),
    matchedBy: Object.hasOwn(options.columnMap, column) ? "choice" : fieldOf(column) ? "name" : "none",
    samples: rows
      .map(({ raw }) => (typeof raw[column] === "string" ? raw[column].trim() : ""))
      .filter(Boolean)
      .slice(0, 3),
  }));
  if (!fileColumns.some((column) => column.field === "title")) {
    return {
      ...empty,
      columns: fileColumns,
      missingTitle: "No column of the file is the title. Choose below which column is what, then check it again.",
    };
  }

  // A message names a field's column as the file does ("Fair Market Value: “abc” is not an amount.").
  const columnOfField = new Map<ImportField, string>();
  for (const { field, name } of fileColumns) if (field) columnOfField.set(field, name);
  const columnOf = (field: ImportField) => columnOfField.get(field) ?? IMPORT_FIELD_LABELS[field];

  const context = await importContext(eventId, tx);
  const lotsInFile = new Map<number, number>();
  const ready: ImportItem[] = [];
  const updates: ImportUpdate[] = [];
  const problems: ImportProblem[] = [];

  for (const { raw, line } of rows) {
    const cells: Partial<Record<ImportField, string>> = {};
    for (const [column, value] of Object.entries(raw)) {
      const field = fieldOf(column);
      if (field && typeof value === "string") cells[field] = value.trim();
    }
    const { fields, lot, messages } = readImportRow(cells, columnOf, context);
    if (lot !== null) {
      const firstLine = lotsInFile.get(lot);
      if (firstLine !== undefined) messages.push(`Lot ${lot} is also on line ${firstLine}.`);
      else lotsInFile.set(lot, line);
    }
    const current = lot === null ? undefined : context.items.get(lot);
    if (current) {
      const update = await readUpdate(tx, current, fields, context.placed.get(current.auction_item_id) ?? 0, messages);
      if (messages.length === 0) updates.push({ line, lot: lot!, ...update });
      else problems.push({ line, title: fields.title ?? current.title, messages });
      continue;
    }
    const item = newItem(line, lot, fields, context, messages);
    if (messages.length === 0) ready.push(item);
    else problems.push({ line, title: cells.title || "(no title)", messages });
  }

  if (options.numberLots) {
    let next = Math.max(0, ...context.items.keys(), ...lotsInFile.keys());
    for (const item of ready) if (item.lot === null) Object.assign(item, { lot: ++next, numbered: true });
  }
  return {
    ready,
    updates,
    problems,
    ignoredColumns: fileColumns.filter((column) => column.field === null).map((column) => column.name),
    columns: fileColumns,
  };
}

/** The file's columns, as it names them and normalised: what the mapping step offers a choice for. */
export function fileColumns(csv: string): { name: string; column: string }[] {
  const [header] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { preview: 1 }).data;
  return (header ?? [])
    .map((name) => ({ name: name.trim(), column: normaliseHeader(name) }))
    .filter(({ column }) => column !== "");
}

/** Imports the clean rows of a file, checked again inside the transaction: the items made and updated. */
export async function importItems(
  eventId: number,
  csv: string,
  options: ImportOptions,
): Promise<{ imported: number; updated: number; check: ImportCheck }> {
  return db.transaction(async (tx) => {
    // One import at a time per event, so that two imports cannot both take the same lot; and the event's items
    // locked as an edit locks its item, so that a bid placed meanwhile waits or comes before the check.
    await tx.select({ event_id: event.event_id }).from(event).where(eq(event.event_id, eventId)).for("update");
    await tx
      .select({ id: auction_item.auction_item_id })
      .from(auction_item)
      .where(and(eq(auction_item.event_id, eventId), sql`${auction_item.lot} is not null`))
      .for("update");
    const check = await checkItemImport(eventId, csv, options, tx);
    if (check.fileError || check.missingTitle) return { imported: 0, updated: 0, check };
    for (let start = 0; start < check.ready.length; start += 500) {
      await tx
        .insert(auction_item)
        .values(
          check.ready
            .slice(start, start + 500)
            .map(({ line: _line, numbered: _numbered, ...item }) => ({ event_id: eventId, ...item })),
        );
    }
    const changing = check.updates.filter((update) => update.changed.length > 0);
    for (const update of changing) {
      await tx
        .update(auction_item)
        .set(update.set)
        .where(and(eq(auction_item.auction_item_id, update.itemId), eq(auction_item.event_id, eventId)));
    }
    await refreshItemCounts(tx, eventId);
    return { imported: check.ready.length, updated: changing.length, check };
  });
}

type ItemRow = typeof auction_item.$inferSelect;

type ImportContext = {
  categories: Map<string, number>;
  donors: Map<string, number>;
  /** The event's items that have a lot, by lot. */
  items: Map<number, ItemRow>;
  /** Bids and sales per item of the event. */
  placed: Map<number, number>;
  proposal: ReturnType<typeof bidProposalSettings>;
};

async function importContext(eventId: number, tx: Pick<Transaction, "select">): Promise<ImportContext> {
  const clientId = await clientOfEvent(eventId, tx);
  const ofEvent = eq(auction_item.event_id, eventId);
  const [categories, donors, items, bids, sales, [settings]] = [
    await tx
      .select({ id: category.category_id, title: category.title })
      .from(category)
      .where(eq(category.client_id, clientId)),
    await tx
      .select({
        id: donor.donor_id,
        email: donor.email,
        first_name: donor.first_name,
        last_name: donor.last_name,
        title: donor.title,
      })
      .from(donor)
      .where(eq(donor.client_id, clientId)),
    await tx
      .select()
      .from(auction_item)
      .where(and(ofEvent, sql`${auction_item.lot} is not null`)),
    await tx
      .select({ id: bid.auction_item_id, n: count() })
      .from(bid)
      .innerJoin(auction_item, eq(auction_item.auction_item_id, bid.auction_item_id))
      .where(ofEvent)
      .groupBy(bid.auction_item_id),
    await tx
      .select({ id: purchase.auction_item_id, n: count() })
      .from(purchase)
      .innerJoin(auction_item, eq(auction_item.auction_item_id, purchase.auction_item_id))
      .where(ofEvent)
      .groupBy(purchase.auction_item_id),
    await tx.select({ meta: event.meta }).from(event).where(eq(event.event_id, eventId)),
  ];
  const donorKeys = new Map<string, number>();
  for (const row of donors) {
    const names = [row.email, fullName(row.first_name, row.last_name), row.title];
    for (const name of names) if (name) donorKeys.set(name.trim().toLowerCase(), row.id);
  }
  const placed = new Map<number, number>();
  for (const row of [...bids, ...sales]) if (row.id !== null) placed.set(row.id, (placed.get(row.id) ?? 0) + row.n);
  return {
    categories: new Map(categories.map((row) => [row.title.trim().toLowerCase(), row.id])),
    donors: donorKeys,
    items: new Map(items.map((row) => [row.lot!, row])),
    placed,
    proposal: bidProposalSettings(settings?.meta),
  };
}

/** A new item from a row: defaults for the blank cells, bids proposed from the value, amounts that agree. */
function newItem(
  line: number,
  lot: number | null,
  fields: RowFields,
  context: ImportContext,
  messages: string[],
): ImportItem {
  if (fields.title === undefined && !messages.some((message) => message.includes("longer than 200")))
    messages.unshift("The title is missing.");
  const type = fields.type ?? "silent";
  const proposed = proposeBids(fields.value ?? null, context.proposal);
  const item: ImportItem = {
    line,
    title: fields.title ?? "",
    lot,
    numbered: false,
    type,
    subtype: fields.subtype ?? null,
    excerpt: fields.excerpt ?? null,
    description: fields.description ?? null,
    value: fields.value ?? null,
    starting_bid: fields.starting_bid ?? (type === "sale" ? null : proposed.starting_bid),
    increment: fields.increment ?? (type === "sale" ? null : proposed.increment),
    buy_now: fields.buy_now ?? null,
    quantity: fields.quantity ?? 1,
    in_person_only: fields.in_person_only ?? false,
    status: fields.status ?? "draft",
    tag: fields.tag ?? null,
    display_order: fields.display_order ?? 0,
    xinv_category_id: fields.xinv_category_id ?? null,
    xinv_donor_id: fields.xinv_donor_id ?? null,
    xinv_disclaimer: fields.xinv_disclaimer ?? null,
    internal_notes: fields.internal_notes ?? null,
  };
  if (messages.length === 0) messages.push(...saleAndAmountProblems(item));
  return item;
}

/** What a row changes on the item of its lot, under the rules of an edit (item-edit-rules.server.ts). */
async function readUpdate(
  tx: Pick<Transaction, "select">,
  current: ItemRow,
  fields: RowFields,
  placed: number,
  messages: string[],
): Promise<Omit<ImportUpdate, "line" | "lot">> {
  const set: RowFields = {};
  for (const [key, value] of Object.entries(fields) as [keyof RowFields, RowFields[keyof RowFields]][]) {
    if (value !== current[key]) Object.assign(set, { [key]: value });
  }
  const notes: string[] = [];
  const after = { ...current, ...set };
  // The bids were placed above the starting bid they saw: an edit may not move it, so the import keeps it and
  // still brings the row's other cells (its description, its value) in.
  if (placed > 0 && "starting_bid" in set && after.type !== "sale" && current.starting_bid !== null) {
    delete set.starting_bid;
    notes.push(
      `The starting bid stays as it is: this item has ${placed} ${placed === 1 ? "bid or sale" : "bids or sales"}.`,
    );
  }
  if (messages.length === 0) {
    messages.push(...saleAndAmountProblems({ ...current, ...set }));
    if (messages.length === 0 && Object.keys(set).length > 0) {
      try {
        await checkItemEdit(tx, current, set);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        messages.push(error.message);
      }
    }
  }
  // In the order of the item's fields, whatever the file's order of columns.
  const order = Object.keys(IMPORT_FIELD_LABELS);
  const changed = (Object.keys(set) as (keyof RowFields)[])
    .map(fieldOfKey)
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((field) => IMPORT_FIELD_LABELS[field]);
  return { title: fields.title ?? current.title, itemId: current.auction_item_id, set, changed, notes };
}

function saleAndAmountProblems(item: Pick<ItemRow, "type" | "starting_bid" | "increment" | "buy_now">): string[] {
  const problems: string[] = Object.values(amountProblems(item));
  if (item.type === "sale" && item.buy_now === null) problems.unshift("An item for sale needs its price in Buy now.");
  return problems;
}

/** The import field an item column is read from. */
function fieldOfKey(key: keyof RowFields): ImportField {
  const columns: Partial<Record<keyof RowFields, ImportField>> = {
    xinv_category_id: "category",
    xinv_donor_id: "donor",
    xinv_disclaimer: "disclaimer",
  };
  return columns[key] ?? (key as ImportField);
}
