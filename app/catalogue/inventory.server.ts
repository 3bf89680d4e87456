/**
 * The event's inventory (the inventory table): items procured from donors before they are put up for auction; one
 * or more of them make an auction item (inventory.auction_item_id, decision 004). Every function takes the event
 * and puts it in its WHERE clause, so an id of another event's item is simply not found.
 *
 * An item in an auction item that has bids stays where it is: deleting it, or taking it out of its auction item,
 * would change what bidders bid for. event.inventory_item_count is refreshed in the transaction of every create
 * and delete.
 */
import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { imageGallery, type GalleryImage } from "~/images/image-gallery.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { auction_item, bid, category, donor, inventory, staff } from "~drizzle/schema";
import { checkChoices, donorLabel, staffLabel } from "./catalogue-options.server";
import { refreshItemCounts } from "./item-counts.server";
import type { InventoryInput } from "./inventory-fields";

export const inventoryGallery = imageGallery("inventory");

/** A row of the inventory grid. */
export type InventoryRow = {
  inventory_id: number;
  title: string;
  /** Cents. */
  value: number | null;
  tag: string | null;
  display_order: number;
  donor_id: number | null;
  donor_name: string | null;
  category_id: number | null;
  category_title: string | null;
  staff_id: number | null;
  staff_name: string | null;
  staff_color: string | null;
  auction_item_id: number | null;
  auction_item_lot: number | null;
  auction_item_title: string | null;
  image_count: number;
};

/** Every column of an inventory item, for its page. */
export type InventoryItem = typeof inventory.$inferSelect & {
  auction_item_lot: number | null;
  auction_item_title: string | null;
  images: GalleryImage[];
};

/** Items bidders have bid on, named with their auction item, refused a change that would alter what was bid for. */
export class InventoryHasBidsError extends Error {
  constructor(readonly items: { title: string; lot: number | null; auctionTitle: string; bids: number }[]) {
    super(
      `${items
        .map(
          (item) =>
            `“${item.title}” is in ${auctionItemName(item.lot, item.auctionTitle)}, which has ${item.bids} ${
              item.bids === 1 ? "bid" : "bids"
            }`,
        )
        .join("; ")}. Bidders bid on what an auction item holds, so once it has bids its items stay in it.`,
    );
  }
}

/** "lot 12 “Weekend in Napa”", or the title alone for an auction item without a lot number. */
export function auctionItemName(lot: number | null, title: string): string {
  return lot === null ? `“${title}”` : `lot ${lot} “${title}”`;
}

export async function listInventory(eventId: number): Promise<InventoryRow[]> {
  return db
    .select({
      inventory_id: inventory.inventory_id,
      title: inventory.title,
      value: inventory.value,
      tag: inventory.tag,
      display_order: inventory.display_order,
      donor_id: inventory.donor_id,
      donor_name: sql<string | null>`case when ${donor.donor_id} is null then null else ${donorLabel} end`,
      category_id: inventory.category_id,
      category_title: category.title,
      staff_id: inventory.staff_id,
      staff_name: sql<string | null>`case when ${staff.staff_id} is null then null else ${staffLabel} end`,
      staff_color: staff.grid_row_color,
      auction_item_id: inventory.auction_item_id,
      auction_item_lot: auction_item.lot,
      auction_item_title: auction_item.title,
      // Spelt out: a correlated subquery on the outer row.
      image_count: sql<number>`(select count(*) from inventory_image where inventory_image.inventory_id = inventory.inventory_id)::int`,
    })
    .from(inventory)
    .leftJoin(donor, eq(donor.donor_id, inventory.donor_id))
    .leftJoin(category, eq(category.category_id, inventory.category_id))
    .leftJoin(staff, eq(staff.staff_id, inventory.staff_id))
    .leftJoin(auction_item, eq(auction_item.auction_item_id, inventory.auction_item_id))
    .where(eq(inventory.event_id, eventId))
    .orderBy(asc(inventory.display_order), asc(inventory.title), asc(inventory.inventory_id));
}

/** One item of the event with its images; null when the event has no such item. */
export async function getInventoryItem(eventId: number, inventoryId: number): Promise<InventoryItem | null> {
  const [row] = await db
    .select({ item: inventory, auction_item_lot: auction_item.lot, auction_item_title: auction_item.title })
    .from(inventory)
    .leftJoin(auction_item, eq(auction_item.auction_item_id, inventory.auction_item_id))
    .where(and(eq(inventory.inventory_id, inventoryId), eq(inventory.event_id, eventId)));
  if (!row) return null;
  return {
    ...row.item,
    auction_item_lot: row.auction_item_lot,
    auction_item_title: row.auction_item_title,
    images: await inventoryGallery.list(db, inventoryId),
  };
}

/** The display_order that puts a new item after the event's others (steps of 10 leave room in between). */
export async function nextDisplayOrder(eventId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(inventory.display_order) })
    .from(inventory)
    .where(eq(inventory.event_id, eventId));
  return row.last === null ? 10 : Math.min(999_999, Math.floor(row.last / 10) * 10 + 10);
}

/**
 * Creates an item with its images (URLs the uploader stored), in their order; its id. Throws
 * UnknownChoiceError for a donor, category or staff member that is not the organisation's, and GalleryFullError.
 */
export async function createInventory(
  eventId: number,
  input: InventoryInput,
  imageUrls: string[] = [],
): Promise<number> {
  return db.transaction(async (tx) => {
    await checkChoices(tx, await clientOfEvent(eventId, tx), input);
    const [row] = await tx
      .insert(inventory)
      .values({ ...withSafeDescription(input), event_id: eventId })
      .returning({ inventory_id: inventory.inventory_id });
    await inventoryGallery.add(tx, row.inventory_id, imageUrls);
    await refreshItemCounts(tx, eventId);
    return row.inventory_id;
  });
}

/** The change with its description (the editor's HTML, as posted) sanitised, as every stored description is. */
function withSafeDescription<Change extends Partial<InventoryInput>>(change: Change): Change {
  if (change.description === undefined) return change;
  return { ...change, description: sanitizeRichText(change.description ?? "") || null };
}

/** Changes an item of the event; false when there is no such item. Throws UnknownChoiceError. */
export async function updateInventory(
  eventId: number,
  inventoryId: number,
  change: Partial<InventoryInput>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await checkChoices(tx, await clientOfEvent(eventId, tx), change);
    const updated = await tx
      .update(inventory)
      .set(withSafeDescription(change))
      .where(and(eq(inventory.inventory_id, inventoryId), eq(inventory.event_id, eventId)))
      .returning({ inventory_id: inventory.inventory_id });
    return updated.length === 1;
  });
}

/**
 * Finds an item of the event and locks it for the rest of the transaction (its images change one at a time);
 * throws a 404 response when the event has no such item.
 */
export async function lockInventory(tx: Transaction, eventId: number, inventoryId: number): Promise<number> {
  const [row] = await tx
    .select({ inventory_id: inventory.inventory_id })
    .from(inventory)
    .where(and(eq(inventory.inventory_id, inventoryId), eq(inventory.event_id, eventId)))
    .for("update");
  if (!row) throw new Response("This inventory item does not exist (any more).", { status: 404 });
  return row.inventory_id;
}

/** Puts the event's items `ids` in a category (null: none); how many were changed. Throws UnknownChoiceError. */
export async function setInventoryCategory(eventId: number, ids: number[], categoryId: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    await checkChoices(tx, await clientOfEvent(eventId, tx), { category_id: categoryId });
    const updated = await tx
      .update(inventory)
      .set({ category_id: categoryId })
      .where(and(eq(inventory.event_id, eventId), inArray(inventory.inventory_id, ids)))
      .returning({ inventory_id: inventory.inventory_id });
    return updated.length;
  });
}

/**
 * Deletes the event's items `ids` with their images, all or none; how many. Throws InventoryHasBidsError when one
 * is in an auction item that has bids.
 */
export async function deleteInventory(eventId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockedItems(tx, eventId, ids);
    if (rows.length === 0) return 0;
    await refuseWhenBidOn(tx, rows);
    await tx.delete(inventory).where(
      and(
        eq(inventory.event_id, eventId),
        inArray(
          inventory.inventory_id,
          rows.map((row) => row.inventory_id),
        ),
      ),
    );
    await refreshItemCounts(tx, eventId);
    return rows.length;
  });
}

/**
 * Takes the event's items `ids` out of their auction items, all or none; how many were in one. Throws
 * InventoryHasBidsError when one is in an auction item that has bids.
 */
export async function unassignInventory(eventId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = (await lockedItems(tx, eventId, ids)).filter((row) => row.auction_item_id !== null);
    if (rows.length === 0) return 0;
    await refuseWhenBidOn(tx, rows);
    await tx
      .update(inventory)
      .set({ auction_item_id: null })
      .where(
        and(
          eq(inventory.event_id, eventId),
          inArray(
            inventory.inventory_id,
            rows.map((row) => row.inventory_id),
          ),
        ),
      );
    return rows.length;
  });
}

type LockedItem = { inventory_id: number; title: string; auction_item_id: number | null };

/** The event's items among `ids`, locked so that no one changes them between the checks and the change. */
async function lockedItems(tx: Transaction, eventId: number, ids: number[]): Promise<LockedItem[]> {
  return tx
    .select({
      inventory_id: inventory.inventory_id,
      title: inventory.title,
      auction_item_id: inventory.auction_item_id,
    })
    .from(inventory)
    .where(and(eq(inventory.event_id, eventId), inArray(inventory.inventory_id, ids)))
    .orderBy(asc(inventory.title))
    .for("update");
}

/** Throws InventoryHasBidsError naming each item whose auction item has bids. */
async function refuseWhenBidOn(tx: Transaction, rows: LockedItem[]): Promise<void> {
  const auctionItemIds = [...new Set(rows.map((row) => row.auction_item_id).filter((id): id is number => id !== null))];
  if (auctionItemIds.length === 0) return;
  // The auction items are locked too, so a bid placed meanwhile (the bidding engine locks its item) waits for us.
  const lots = await tx
    .select({ auction_item_id: auction_item.auction_item_id, lot: auction_item.lot, title: auction_item.title })
    .from(auction_item)
    .where(inArray(auction_item.auction_item_id, auctionItemIds))
    .for("update");
  const bids = await tx
    .select({ auction_item_id: bid.auction_item_id, n: count() })
    .from(bid)
    .where(inArray(bid.auction_item_id, auctionItemIds))
    .groupBy(bid.auction_item_id);
  const bidCount = new Map(bids.map((row) => [row.auction_item_id, row.n]));
  const lotOf = new Map(lots.map((row) => [row.auction_item_id, row]));
  const blocked = rows
    .filter((row) => row.auction_item_id !== null && (bidCount.get(row.auction_item_id) ?? 0) > 0)
    .map((row) => {
      const lot = lotOf.get(row.auction_item_id!)!;
      return { title: row.title, lot: lot.lot, auctionTitle: lot.title, bids: bidCount.get(row.auction_item_id!)! };
    });
  if (blocked.length > 0) throw new InventoryHasBidsError(blocked);
}
