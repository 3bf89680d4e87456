/**
 * The event's auction items as the catalogue screens list and edit them (the auction_item table). Every query is
 * bound to the event: an id of another event's item is "not found".
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { uniqueViolation } from "~/db/errors.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { auction_item, bid, category, donor, event, purchase } from "~drizzle/schema";
import { refreshItemCounts } from "./item-counts.server";
import { checkItemEdit } from "./item-edit-rules.server";
import { type InlineItemField } from "./item-fields";

export type ItemSheetRow = Awaited<ReturnType<typeof listItemSheet>>["items"][number];

/** Every item of the event with all its fields, its category and donor by name, and its bid count. */
export async function listItemSheet(eventId: number) {
  const [settings] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
  const items = await db
    .select({
      auction_item_id: auction_item.auction_item_id,
      lot: auction_item.lot,
      title: auction_item.title,
      type: auction_item.type,
      subtype: auction_item.subtype,
      status: auction_item.status,
      value: auction_item.value,
      starting_bid: auction_item.starting_bid,
      increment: auction_item.increment,
      buy_now: auction_item.buy_now,
      quantity: auction_item.quantity,
      in_person_only: auction_item.in_person_only,
      tag: auction_item.tag,
      display_order: auction_item.display_order,
      excerpt: auction_item.excerpt,
      category: category.title,
      donor: sql<
        string | null
      >`coalesce(nullif(trim(concat_ws(' ', ${donor.first_name}, ${donor.last_name})), ''), ${donor.title}, ${donor.email})`,
      xinv_disclaimer: auction_item.xinv_disclaimer,
      internal_notes: auction_item.internal_notes,
      // Kept by the bidding engine: retracted bids do not count.
      bid_count: auction_item.bid_count,
    })
    .from(auction_item)
    .leftJoin(category, eq(category.category_id, auction_item.xinv_category_id))
    .leftJoin(donor, eq(donor.donor_id, auction_item.xinv_donor_id))
    .where(eq(auction_item.event_id, eventId))
    .orderBy(asc(auction_item.lot), asc(auction_item.title));
  return { currency: settings?.currency ?? "USD", items };
}

export class DuplicateLotError extends Error {
  constructor(readonly lot: number) {
    super(`Lot ${lot} is already used by another item of this event.`);
  }
}

/**
 * Saves one field of an item of the event (the raw data sheet, the packages grids); false when there is no such
 * item. Throws a Refusal on the field for an edit the item's amounts or bids forbid (checkItemEdit).
 */
export async function updateItemField(
  eventId: number,
  itemId: number,
  field: InlineItemField,
  value: unknown,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const mine = and(eq(auction_item.auction_item_id, itemId), eq(auction_item.event_id, eventId));
      const [current] = await tx.select().from(auction_item).where(mine).for("update");
      if (!current) return false;
      await checkItemEdit(tx, current, { [field]: value });
      await tx
        .update(auction_item)
        .set({ [field]: value })
        .where(mine);
      if (field === "type") await refreshItemCounts(tx, eventId);
      return true;
    });
  } catch (error) {
    if (uniqueViolation(error) === "auction_item_event_lot_key") throw new DuplicateLotError(value as number);
    throw error;
  }
}

export class ItemsWithBidsError extends Refusal {
  constructor(readonly titles: string[]) {
    super(
      `${titles.map((title) => `“${title}”`).join(", ")} ${titles.length === 1 ? "has" : "have"} bids or sales. ` +
        "An item with bids or sales is never deleted: withdraw it instead, so that its history stays.",
    );
  }
}

/** Deletes items of the event that have no bids and no sales, all or none; the number deleted. */
export async function deleteItems(eventId: number, itemIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const mine = and(eq(auction_item.event_id, eventId), inArray(auction_item.auction_item_id, itemIds));
    const rows = await tx
      .select({ id: auction_item.auction_item_id, title: auction_item.title })
      .from(auction_item)
      .where(mine)
      .for("update");
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    const withBids = [
      ...(await tx.selectDistinct({ id: bid.auction_item_id }).from(bid).where(inArray(bid.auction_item_id, ids))),
      ...(await tx
        .selectDistinct({ id: purchase.auction_item_id })
        .from(purchase)
        .where(inArray(purchase.auction_item_id, ids))),
    ];
    if (withBids.length > 0) {
      const used = new Set(withBids.map((row) => row.id));
      throw new ItemsWithBidsError(rows.filter((row) => used.has(row.id)).map((row) => row.title));
    }
    await tx.delete(auction_item).where(inArray(auction_item.auction_item_id, ids));
    await refreshItemCounts(tx, eventId);
    return rows.length;
  });
}
