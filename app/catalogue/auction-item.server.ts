/**
 * One auction item (the auction_item table) as its page edits it: every field, its featured image and gallery
 * (auction_item_image), and the inventory it bundles (inventory.auction_item_id; a "package" when it holds
 * several). Every function takes the event and puts it in its WHERE clause: another event's item or inventory is
 * "not found".
 *
 * Amounts left blank are filled in on save: a package's value is the sum of its inventory's values, and the
 * starting bid and increment are proposed from the value with the event's percentages (bid-proposal.ts). Once
 * an item has bids (or sales), its type stays, it is not deleted, and its inventory stays in it: bidders bid on
 * what it is and what it holds.
 */
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { uniqueViolation } from "~/db/errors.server";
import { db, type Transaction } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { imageGallery, type GalleryImage } from "~/images/image-gallery.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { auction_item, bid, event, inventory, purchase } from "~drizzle/schema";
import { type AuctionItemInput } from "./auction-item-schema";
import { DuplicateLotError } from "./auction-items.server";
import { bidProposalSettings, proposeBids, type BidProposalSettings } from "./bid-proposal";
import { checkChoices } from "./catalogue-options.server";
import { refreshItemCounts } from "./item-counts.server";
import { checkItemEdit } from "./item-edit-rules.server";
import { PACKAGE_SUBTYPE } from "./item-rules";

export const auctionItemGallery = imageGallery("auction_item");

const LOT_KEY = "auction_item_event_lot_key";

export type AuctionItemRow = typeof auction_item.$inferSelect;

export type PackagedInventory = { inventory_id: number; title: string; value: number | null };

export type AuctionItemDetails = AuctionItemRow & {
  images: GalleryImage[];
  /** Bids and sales together: either one fixes the item. */
  bid_count: number;
  inventory: PackagedInventory[];
  /** The sum of the values of its inventory (cents); null when it holds none with a value. */
  inventory_sum: number | null;
};

/** A change refused because the item has bids or sales; the message says why. */
export class ItemHasBidsError extends Error {}

/** Inventory that cannot go into the item: another event's, deleted, or already in an auction item. */
export class InventoryUnavailableError extends Error {}

/** The event's percentages for proposed bids (event.meta.bid_proposal). */
export async function eventBidProposal(
  eventId: number,
  tx: Pick<Transaction, "select"> = db,
): Promise<BidProposalSettings> {
  const [row] = await tx.select({ meta: event.meta }).from(event).where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event no longer exists.", { status: 404 });
  return bidProposalSettings(row.meta);
}

/** One item of the event with its images, bids and inventory; null when the event has no such item. */
export async function getAuctionItem(eventId: number, itemId: number): Promise<AuctionItemDetails | null> {
  const [row] = await db
    .select()
    .from(auction_item)
    .where(and(eq(auction_item.auction_item_id, itemId), eq(auction_item.event_id, eventId)));
  if (!row) return null;
  const contents = await inventoryOf(db, eventId, itemId);
  return {
    ...row,
    images: await auctionItemGallery.list(db, itemId),
    bid_count: await bidsAndSales(db, itemId),
    inventory: contents,
    inventory_sum: sumOf(contents),
  };
}

/** The event's inventory not yet in any auction item, to add to one. */
export async function freeInventory(eventId: number): Promise<PackagedInventory[]> {
  return db
    .select({ inventory_id: inventory.inventory_id, title: inventory.title, value: inventory.value })
    .from(inventory)
    .where(and(eq(inventory.event_id, eventId), isNull(inventory.auction_item_id)))
    .orderBy(asc(inventory.display_order), asc(inventory.title), asc(inventory.inventory_id));
}

async function inventoryOf(
  tx: Pick<Transaction, "select">,
  eventId: number,
  itemId: number,
): Promise<PackagedInventory[]> {
  return tx
    .select({ inventory_id: inventory.inventory_id, title: inventory.title, value: inventory.value })
    .from(inventory)
    .where(and(eq(inventory.event_id, eventId), eq(inventory.auction_item_id, itemId)))
    .orderBy(asc(inventory.display_order), asc(inventory.title), asc(inventory.inventory_id));
}

function sumOf(items: PackagedInventory[]): number | null {
  const values = items.map((item) => item.value).filter((value): value is number => value !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
}

async function bidsAndSales(tx: Pick<Transaction, "select">, itemId: number): Promise<number> {
  const [[bids], [sales]] = [
    await tx.select({ n: count() }).from(bid).where(eq(bid.auction_item_id, itemId)),
    await tx.select({ n: count() }).from(purchase).where(eq(purchase.auction_item_id, itemId)),
  ];
  return bids.n + sales.n;
}

/**
 * Finds an item of the event and locks it for the rest of the transaction; throws a 404 response when the event
 * has no such item.
 */
export async function lockAuctionItem(tx: Transaction, eventId: number, itemId: number): Promise<AuctionItemRow> {
  const [row] = await tx
    .select()
    .from(auction_item)
    .where(and(eq(auction_item.auction_item_id, itemId), eq(auction_item.event_id, eventId)))
    .for("update");
  if (!row) throw new Response("This event has no such auction item.", { status: 404 });
  return row;
}

/**
 * Amounts left blank, filled in: the value from the inventory's sum, then the starting bid and increment proposed
 * from the value (not for items for sale, which have a price and no bids).
 */
export function completeAmounts<
  T extends { type: string; value: number | null; starting_bid: number | null; increment: number | null },
>(item: T, inventorySum: number | null, settings: BidProposalSettings): T {
  const value = item.value ?? inventorySum;
  if (item.type === "sale") return { ...item, value };
  const proposal = proposeBids(value, settings);
  return {
    ...item,
    value,
    starting_bid: item.starting_bid ?? proposal.starting_bid,
    increment: item.increment ?? proposal.increment,
  };
}

/** The item with its description (the editor's HTML, as posted) sanitised, as every stored description is. */
function withSafeDescription(input: AuctionItemInput): AuctionItemInput {
  return { ...input, description: sanitizeRichText(input.description ?? "") || null };
}

function choicesOf(input: Pick<AuctionItemInput, "xinv_donor_id" | "xinv_category_id" | "xinv_staff_id">) {
  return { donor_id: input.xinv_donor_id, category_id: input.xinv_category_id, staff_id: input.xinv_staff_id };
}

/** Turns the unique lot index's violation into DuplicateLotError. */
async function guardLot<T>(lot: number | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (lot !== null && uniqueViolation(error) === LOT_KEY) throw new DuplicateLotError(lot);
    throw error;
  }
}

/**
 * Creates an item with its featured image and first gallery images; its id. Throws UnknownChoiceError,
 * DuplicateLotError and GalleryFullError.
 */
export async function createAuctionItem(
  eventId: number,
  input: AuctionItemInput,
  { featuredImage = null, imageUrls = [] }: { featuredImage?: string | null; imageUrls?: string[] } = {},
): Promise<number> {
  return guardLot(input.lot, () =>
    db.transaction(async (tx) => {
      await checkChoices(tx, await clientOfEvent(eventId, tx), choicesOf(input));
      const values = completeAmounts(withSafeDescription(input), null, await eventBidProposal(eventId, tx));
      const [row] = await tx
        .insert(auction_item)
        .values({ ...values, featured_image: featuredImage, event_id: eventId })
        .returning({ auction_item_id: auction_item.auction_item_id });
      await auctionItemGallery.add(tx, row.auction_item_id, imageUrls);
      await refreshItemCounts(tx, eventId);
      return row.auction_item_id;
    }),
  );
}

/**
 * Saves every field of an item of the event (featured image: the URL to keep). Throws a 404 response for no such
 * item, a Refusal for an edit that its bids forbid (checkItemEdit), UnknownChoiceError and DuplicateLotError.
 */
export async function updateAuctionItem(
  eventId: number,
  itemId: number,
  input: AuctionItemInput,
  featuredImage: (current: string | null) => string | null,
): Promise<void> {
  await guardLot(input.lot, () =>
    db.transaction(async (tx) => {
      const current = await lockAuctionItem(tx, eventId, itemId);
      await checkChoices(tx, await clientOfEvent(eventId, tx), choicesOf(input));
      const values = completeAmounts(
        withSafeDescription(input),
        sumOf(await inventoryOf(tx, eventId, itemId)),
        await eventBidProposal(eventId, tx),
      );
      await checkItemEdit(tx, current, values);
      await tx
        .update(auction_item)
        .set({ ...values, featured_image: featuredImage(current.featured_image) })
        .where(and(eq(auction_item.auction_item_id, itemId), eq(auction_item.event_id, eventId)));
      if (current.type !== input.type) await refreshItemCounts(tx, eventId);
    }),
  );
}

async function refuseWhenBidOn(tx: Transaction, item: AuctionItemRow, what: string) {
  const bids = await bidsAndSales(tx, item.auction_item_id);
  if (bids > 0) {
    throw new ItemHasBidsError(
      `${what} “${item.title}” has ${bids} ${bids === 1 ? "bid" : "bids"}: bidders bid on what it holds, so its inventory stays as it is.`,
    );
  }
}

/**
 * Puts the event's inventory `ids` (not yet in an auction item) into the item, all or none; how many. With two or
 * more inventory items it becomes a package; a blank value becomes their sum, and blank bids are proposed from it.
 * Throws InventoryUnavailableError and ItemHasBidsError.
 */
export async function addInventoryToItem(eventId: number, itemId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const item = await lockAuctionItem(tx, eventId, itemId);
    await refuseWhenBidOn(tx, item, "Nothing was added:");
    const wanted = [...new Set(ids)];
    const rows = await tx
      .select({
        inventory_id: inventory.inventory_id,
        title: inventory.title,
        auction_item_id: inventory.auction_item_id,
      })
      .from(inventory)
      .where(and(eq(inventory.event_id, eventId), inArray(inventory.inventory_id, wanted)))
      .for("update");
    if (rows.length < wanted.length) {
      throw new InventoryUnavailableError(
        "Nothing was added: one of the chosen inventory items no longer exists. Reload the page.",
      );
    }
    const taken = rows.filter((row) => row.auction_item_id !== null);
    if (taken.length > 0) {
      throw new InventoryUnavailableError(
        `Nothing was added: ${taken.map((row) => `“${row.title}”`).join(", ")} ${
          taken.length === 1 ? "is" : "are"
        } already in an auction item. Take ${taken.length === 1 ? "it" : "them"} out of it first (on the inventory screen).`,
      );
    }
    await tx
      .update(inventory)
      .set({ auction_item_id: itemId })
      .where(and(eq(inventory.event_id, eventId), inArray(inventory.inventory_id, wanted)));
    const contents = await inventoryOf(tx, eventId, itemId);
    const amounts = completeAmounts(item, sumOf(contents), await eventBidProposal(eventId, tx));
    await tx
      .update(auction_item)
      .set({
        value: amounts.value,
        starting_bid: amounts.starting_bid,
        increment: amounts.increment,
        subtype: contents.length >= 2 ? PACKAGE_SUBTYPE : item.subtype,
      })
      .where(eq(auction_item.auction_item_id, itemId));
    return wanted.length;
  });
}

/** Takes the event's inventory `ids` out of the item (they stay in the inventory); how many. Throws ItemHasBidsError. */
export async function removeInventoryFromItem(eventId: number, itemId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const item = await lockAuctionItem(tx, eventId, itemId);
    await refuseWhenBidOn(tx, item, "Nothing was taken out:");
    const removed = await tx
      .update(inventory)
      .set({ auction_item_id: null })
      .where(
        and(
          eq(inventory.event_id, eventId),
          eq(inventory.auction_item_id, itemId),
          inArray(inventory.inventory_id, ids),
        ),
      )
      .returning({ inventory_id: inventory.inventory_id });
    return removed.length;
  });
}

/** Sets the item's value to the sum of its inventory's values; the sum, or null (no change) when there is none. */
export async function applyInventorySum(eventId: number, itemId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockAuctionItem(tx, eventId, itemId);
    const sum = sumOf(await inventoryOf(tx, eventId, itemId));
    if (sum !== null) await tx.update(auction_item).set({ value: sum }).where(eq(auction_item.auction_item_id, itemId));
    return sum;
  });
}

/** An SQL count of an item's inventory, for lists. */
export const inventoryCountSql = sql<number>`(select count(*) from inventory where inventory.auction_item_id = auction_item.auction_item_id)::int`;
