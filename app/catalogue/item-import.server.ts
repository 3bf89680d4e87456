/**
 * The CSV import of /admin/auction_items/rawdata. A file is first checked (a dry run): every row is read and
 * validated against the event's categories, donors and lots, and each bad row is listed with why. Nothing is
 * imported until the organiser imports the clean rows (or fixes the file and checks again); the import checks
 * them again in its transaction, so a lot taken in between is still refused.
 */
import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { db, type Transaction } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { readMoney } from "~/forms/rules";
import { auction_item, category, donor, event } from "~drizzle/schema";
import { bidProposalSettings, proposeBids } from "./bid-proposal";
import { refreshItemCounts } from "./item-counts.server";
import { readItemType, readYesNo, type ItemType } from "./item-rules";

/** The largest file accepted, and the most rows: far above a gala's catalogue. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

/** Column names as exported by the grid or typed by people, to the item's fields. */
const HEADER_ALIASES: Record<string, string> = {
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

export type ImportItem = {
  line: number;
  title: string;
  lot: number | null;
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

export type ImportProblem = { line: number; title: string; messages: string[] };

export type ImportCheck = {
  /** A problem with the file as a whole (not a CSV, no title column, too many rows); then nothing else. */
  fileError?: string;
  ready: ImportItem[];
  problems: ImportProblem[];
  /** Columns of the file that are not item fields, ignored. */
  ignoredColumns: string[];
};

export async function checkItemImport(
  eventId: number,
  csv: string,
  tx: Pick<Transaction, "select"> = db,
): Promise<ImportCheck> {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim().toLowerCase().replace(/\s+/g, "_"),
  });
  const columns = parsed.meta.fields ?? [];
  const empty = { ready: [], problems: [], ignoredColumns: [] };
  // PostgreSQL refuses NUL in text; a form's text fields are refused with it (readPostedForm), a file's cells here.
  if (csv.includes("\0"))
    return {
      ...empty,
      fileError:
        "The file holds a NUL character, which cannot be saved: it is not a CSV file of text. Save it again as CSV.",
    };
  if (!columns.some((column) => HEADER_ALIASES[column] === "title")) {
    return {
      ...empty,
      fileError:
        "The file has no Title column. The first line must name the columns, such as Lot, Title, Value, Category.",
    };
  }
  if (parsed.data.length === 0) return { ...empty, fileError: "The file has no rows under its header line." };
  if (parsed.data.length > MAX_IMPORT_ROWS) {
    return {
      ...empty,
      fileError: `The file has ${parsed.data.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`,
    };
  }

  const context = await importContext(eventId, tx);
  const lotsInFile = new Map<number, number>();
  const ready: ImportItem[] = [];
  const problems: ImportProblem[] = [];

  parsed.data.forEach((raw, index) => {
    // Line numbers as a spreadsheet shows them: the header is line 1.
    const line = index + 2;
    const cells: Record<string, string> = {};
    for (const [column, value] of Object.entries(raw)) {
      const field = HEADER_ALIASES[column];
      if (field && typeof value === "string") cells[field] = value.trim();
    }
    const { item, lot, messages } = readRow(cells, line, context);
    if (lot !== null) {
      const firstLine = lotsInFile.get(lot);
      if (firstLine !== undefined) messages.push(`Lot ${lot} is also on line ${firstLine}.`);
      else lotsInFile.set(lot, line);
      if (context.lotsTaken.has(lot)) messages.push(`Lot ${lot} is already used by another item of this event.`);
    }
    if (item && messages.length === 0) ready.push(item);
    else problems.push({ line, title: cells.title || "(no title)", messages });
  });

  return {
    ready,
    problems,
    ignoredColumns: columns.filter((column) => column !== "" && !HEADER_ALIASES[column]),
  };
}

/** Imports the clean rows of a file, checked again inside the transaction; the number imported. */
export async function importItems(eventId: number, csv: string): Promise<{ imported: number; check: ImportCheck }> {
  return db.transaction(async (tx) => {
    // One import at a time per event, so that two imports cannot both take the same lot.
    await tx.select({ event_id: event.event_id }).from(event).where(eq(event.event_id, eventId)).for("update");
    const check = await checkItemImport(eventId, csv, tx);
    if (check.fileError || check.ready.length === 0) return { imported: 0, check };
    for (let start = 0; start < check.ready.length; start += 500) {
      await tx
        .insert(auction_item)
        .values(
          check.ready.slice(start, start + 500).map(({ line: _line, ...item }) => ({ event_id: eventId, ...item })),
        );
    }
    await refreshItemCounts(tx, eventId);
    return { imported: check.ready.length, check };
  });
}

type ImportContext = {
  categories: Map<string, number>;
  donors: Map<string, number>;
  lotsTaken: Set<number>;
  proposal: ReturnType<typeof bidProposalSettings>;
};

async function importContext(eventId: number, tx: Pick<Transaction, "select">): Promise<ImportContext> {
  const clientId = await clientOfEvent(eventId, tx);
  const [categories, donors, lots, [settings]] = [
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
      .select({ lot: auction_item.lot })
      .from(auction_item)
      .where(and(eq(auction_item.event_id, eventId), sql`${auction_item.lot} is not null`)),
    await tx.select({ meta: event.meta }).from(event).where(eq(event.event_id, eventId)),
  ];
  const donorKeys = new Map<string, number>();
  for (const row of donors) {
    const names = [row.email, [row.first_name, row.last_name].filter(Boolean).join(" "), row.title];
    for (const name of names) if (name) donorKeys.set(name.trim().toLowerCase(), row.id);
  }
  return {
    categories: new Map(categories.map((row) => [row.title.trim().toLowerCase(), row.id])),
    donors: donorKeys,
    lotsTaken: new Set(lots.map((row) => row.lot!)),
    proposal: bidProposalSettings(settings?.meta),
  };
}

function readRow(
  cells: Record<string, string>,
  line: number,
  context: ImportContext,
): { item: ImportItem | null; lot: number | null; messages: string[] } {
  const messages: string[] = [];
  const text = (field: string, max: number, label: string) => {
    const value = cells[field] ?? "";
    if (value.length > max) messages.push(`${label} is longer than ${max} characters.`);
    return value === "" ? null : value;
  };
  const money = (field: string, label: string) => {
    const reading = readMoney(cells[field] ?? "");
    if ("error" in reading) {
      messages.push(
        `${label}: ${reading.error === "Amounts cannot be negative." ? "cannot be negative" : `“${cells[field]}” is not an amount`}.`,
      );
      return null;
    }
    return reading.cents;
  };
  const wholeNumber = (field: string, label: string, min: number) => {
    const value = cells[field] ?? "";
    if (value === "") return null;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > 1_000_000) {
      messages.push(`${label} must be a whole number${min > 0 ? ` of at least ${min}` : ""}: “${value}”.`);
      return null;
    }
    return Number(value);
  };

  const title = cells.title ?? "";
  if (title === "") messages.push("The title is missing.");
  else if (title.length > 200) messages.push("The title is longer than 200 characters.");

  const typeText = cells.type ?? "";
  const type = typeText === "" ? "silent" : readItemType(typeText);
  if (type === null) messages.push(`Type “${typeText}” is not one of silent, live, virtual or sale.`);

  const lot = wholeNumber("lot", "Lot", 1);
  const value = money("value", "Value");
  let startingBid = money("starting_bid", "Starting bid");
  let increment = money("increment", "Increment");
  const buyNow = money("buy_now", "Buy now");
  const quantity = wholeNumber("quantity", "Quantity", 1) ?? 1;
  const displayOrder = wholeNumber("display_order", "Display order", 0) ?? 0;

  const inPerson = readYesNo(cells.in_person_only ?? "");
  if (inPerson === undefined) messages.push(`In person only must be yes or no: “${cells.in_person_only}”.`);

  let categoryId: number | null = null;
  if (cells.category) {
    categoryId = context.categories.get(cells.category.toLowerCase()) ?? null;
    if (categoryId === null)
      messages.push(`Category “${cells.category}” does not exist. Create it first, or correct the name.`);
  }
  let donorId: number | null = null;
  if (cells.donor) {
    donorId = context.donors.get(cells.donor.toLowerCase()) ?? null;
    if (donorId === null)
      messages.push(`Donor “${cells.donor}” is not in your donors. Add them first, or use their email.`);
  }

  const proposed = proposeBids(value, context.proposal);
  if (type !== "sale") {
    startingBid ??= proposed.starting_bid;
    increment ??= proposed.increment;
  }
  if (type === "sale" && buyNow === null) messages.push("An item for sale needs its price in Buy now.");

  const item: ImportItem = {
    line,
    title,
    lot,
    type: type ?? "silent",
    subtype: text("subtype", 40, "Subtype"),
    excerpt: text("excerpt", 500, "Excerpt"),
    // Plain text from a sheet becomes paragraphs; the HTML of the editor is kept out of imports on purpose.
    description: cells.description ? paragraphs(cells.description) : null,
    value,
    starting_bid: startingBid,
    increment,
    buy_now: buyNow,
    quantity,
    in_person_only: inPerson ?? false,
    status: text("status", 40, "Status") ?? "draft",
    tag: text("tag", 100, "Tag"),
    display_order: displayOrder,
    xinv_category_id: categoryId,
    xinv_donor_id: donorId,
    xinv_disclaimer: text("disclaimer", 2000, "Disclaimer"),
    internal_notes: text("internal_notes", 5000, "Internal notes"),
  };
  return { item: messages.length === 0 ? item : null, lot, messages };
}

function paragraphs(value: string): string {
  const escape = (text: string) =>
    text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escape(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}
