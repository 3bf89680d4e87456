/**
 * The live and silent packages lists (/admin/auction_items/live_packages and /silent_packages): every auction item
 * of one type, packages and single items, with inline edits, bulk changes and lot numbering. Both routes declare an
 * admin list (app/admin-list/) with these calls and their type. Every query is bound to the event and the type: an
 * id of another event's item, or of an item of another type, is not found. A rule of the product that forbids what
 * was asked is a `Refusal`.
 *
 * Numbering lots: the type's items are numbered in catalogue order (display_order, then title, then id), the
 * order the catalogue and the auctioneer follow, whatever the grid happens to be sorted by. The numbers start
 * after the highest lot of the event's other items, or at the number the organiser gives when none of the numbers
 * needed is taken by another type's item. Lots are unique per event, so the type's lots are first set to negative
 * placeholders and then to their numbers, in one transaction.
 */
import { and, asc, eq, inArray, isNotNull, max, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { eventCurrency } from "~/events/event-currency.server";
import { Refusal } from "~/forms/refusal";
import { formatMoney } from "~/ui/format";
import { auction_item, bid, category } from "~drizzle/schema";
import { inventoryCountSql } from "./auction-item.server";
import { deleteItems, DuplicateLotError, updateItemField } from "./auction-items.server";
import { eventBidProposal } from "./bid-proposal.server";
import { catalogueOptions, checkChoices, UnknownChoiceError } from "./catalogue-options.server";
import type { ItemStatus } from "./item-rules";
import type { PackageInlineField, PackageType } from "./packages";

export type { PackageType } from "./packages";

/** The largest lot the item page accepts (itemInlineRules.lot: up to six digits). */
const MAX_LOT = 999_999;

export async function listPackages(eventId: number, type: PackageType) {
  return db
    .select({
      auction_item_id: auction_item.auction_item_id,
      lot: auction_item.lot,
      title: auction_item.title,
      subtype: auction_item.subtype,
      value: auction_item.value,
      starting_bid: auction_item.starting_bid,
      increment: auction_item.increment,
      buy_now: auction_item.buy_now,
      status: auction_item.status,
      display_order: auction_item.display_order,
      category_id: auction_item.xinv_category_id,
      category_title: category.title,
      inventory_count: inventoryCountSql,
      bid_count: sql<number>`(select count(*) from ${bid} where ${bid.auction_item_id} = ${auction_item.auction_item_id})::int`,
    })
    .from(auction_item)
    .leftJoin(category, eq(category.category_id, auction_item.xinv_category_id))
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, type)))
    .orderBy(
      asc(auction_item.lot),
      asc(auction_item.display_order),
      asc(auction_item.title),
      asc(auction_item.auction_item_id),
    );
}

/** The lot numbers clash with another type's item (or run past the largest lot). */
export class LotNumberingError extends Refusal {}

/** Numbers the type's items from `start` (default: after the other types' highest lot); how many were numbered. */
export async function numberLots(
  eventId: number,
  type: PackageType,
  start?: number,
): Promise<{ count: number; first: number }> {
  return db.transaction(async (tx) => {
    // Every item of the event, locked: nobody changes a lot between the check and the renumbering.
    await tx
      .select({ id: auction_item.auction_item_id })
      .from(auction_item)
      .where(eq(auction_item.event_id, eventId))
      .for("update");
    const items = await tx
      .select({ id: auction_item.auction_item_id })
      .from(auction_item)
      .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, type)))
      .orderBy(asc(auction_item.display_order), asc(auction_item.title), asc(auction_item.auction_item_id));
    const othersLots = and(
      eq(auction_item.event_id, eventId),
      ne(auction_item.type, type),
      isNotNull(auction_item.lot),
    );
    const [{ highest }] = await tx
      .select({ highest: max(auction_item.lot) })
      .from(auction_item)
      .where(othersLots);
    const first = start ?? (highest ?? 0) + 1;
    if (items.length === 0) return { count: 0, first };
    const last = first + items.length - 1;
    if (last > MAX_LOT)
      throw new LotNumberingError(`The numbers would run past ${MAX_LOT}. Start from a smaller number.`);
    const clashes = await tx
      .select({ lot: auction_item.lot, title: auction_item.title, type: auction_item.type })
      .from(auction_item)
      .where(and(othersLots, sql`${auction_item.lot} between ${first} and ${last}`))
      .orderBy(asc(auction_item.lot));
    if (clashes.length > 0) {
      const named = clashes
        .slice(0, 3)
        .map((row) => `lot ${row.lot} is “${row.title}” (${row.type})`)
        .join(", ");
      throw new LotNumberingError(
        `Nothing was renumbered: lots ${first} to ${last} are needed, but ${named}${clashes.length > 3 ? ", and more" : ""}. ` +
          `Leave the start blank to begin after lot ${highest ?? 0}, or choose another start.`,
      );
    }
    // Lots are unique per event: negative placeholders first, so no two items hold the same lot in between.
    await tx
      .update(auction_item)
      .set({ lot: sql`-${auction_item.auction_item_id}` })
      .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, type)));
    for (const [index, item] of items.entries()) {
      await tx
        .update(auction_item)
        .set({ lot: first + index })
        .where(eq(auction_item.auction_item_id, item.id));
    }
    return { count: items.length, first };
  });
}

/** The event's items of the type among `ids`. */
async function itemsOfType(eventId: number, type: PackageType, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: auction_item.auction_item_id })
    .from(auction_item)
    .where(
      and(eq(auction_item.event_id, eventId), eq(auction_item.type, type), inArray(auction_item.auction_item_id, ids)),
    );
  return rows.map((row) => row.id);
}

/** What a packages screen shows: the type's items with their amounts written out, the categories, the proposals. */
export async function packagesScreen(eventId: number, type: PackageType) {
  const [rows, options, currency, bidProposal] = [
    await listPackages(eventId, type),
    await catalogueOptions(eventId),
    await eventCurrency(eventId),
    await eventBidProposal(eventId),
  ];
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, currency));
  return {
    type,
    items: rows.map((row) => ({
      ...row,
      value_label: money(row.value),
      starting_bid_label: money(row.starting_bid),
      increment_label: money(row.increment),
      buy_now_label: money(row.buy_now),
    })),
    categories: options.categories,
    bidProposal,
  };
}

/**
 * Saves one field the grid edits of an item of the type; false when there is no such item. Refused when the
 * amounts would no longer fit together, or the lot is taken.
 */
export async function updatePackageField(
  eventId: number,
  type: PackageType,
  id: number,
  field: PackageInlineField,
  value: unknown,
): Promise<boolean> {
  const [current] = await db
    .select({ id: auction_item.auction_item_id })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, type), eq(auction_item.auction_item_id, id)));
  if (!current) return false;
  try {
    return await updateItemField(eventId, id, field, value as never);
  } catch (error) {
    if (!(error instanceof DuplicateLotError)) throw error;
    throw new Refusal(`Lot ${error.lot} is already taken by another item of this event.`, field);
  }
}

/** Puts the type's items among `ids` in a category of the organisation ("" for none); how many moved. */
export async function moveToCategory(eventId: number, type: PackageType, ids: number[], categoryId: number | null) {
  try {
    await checkChoices(db, await clientOfEvent(eventId), { category_id: categoryId });
  } catch (error) {
    if (!(error instanceof UnknownChoiceError)) throw error;
    throw new Refusal(error.message);
  }
  return setOnItems(eventId, type, ids, { xinv_category_id: categoryId });
}

/** Sets the status of the type's items among `ids`; how many changed. */
export async function setPackagesStatus(eventId: number, type: PackageType, ids: number[], status: ItemStatus) {
  return setOnItems(eventId, type, ids, { status });
}

/** Deletes the type's items among `ids` (refused, whole, when one has bids or sales); how many were deleted. */
export async function deletePackages(eventId: number, type: PackageType, ids: number[]) {
  return deleteItems(eventId, await itemsOfType(eventId, type, ids));
}

async function setOnItems(
  eventId: number,
  type: PackageType,
  ids: number[],
  changes: Partial<typeof auction_item.$inferInsert>,
): Promise<number> {
  const mine = await itemsOfType(eventId, type, ids);
  if (mine.length > 0) {
    await db
      .update(auction_item)
      .set(changes)
      .where(and(eq(auction_item.event_id, eventId), inArray(auction_item.auction_item_id, mine)));
  }
  return mine.length;
}
