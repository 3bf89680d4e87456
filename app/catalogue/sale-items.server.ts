/**
 * Items for sale (decision 004): auction items of type "sale" with a fixed price (buy_now) and a stock
 * (quantity). The stock never goes below what is already sold.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { Refusal } from "~/forms/refusal";
import { auction_item, category } from "~drizzle/schema";
import { refreshItemCounts } from "./item-counts.server";
import { unitsSold } from "./units-sold.server";

export type SaleItemInput = {
  title: string;
  buy_now: number;
  quantity: number;
  value: number | null;
  xinv_category_id: number | null;
  excerpt: string | null;
  in_person_only: boolean;
};

export async function listSaleItems(eventId: number) {
  return db
    .select({
      auction_item_id: auction_item.auction_item_id,
      title: auction_item.title,
      buy_now: auction_item.buy_now,
      quantity: auction_item.quantity,
      value: auction_item.value,
      excerpt: auction_item.excerpt,
      in_person_only: auction_item.in_person_only,
      xinv_category_id: auction_item.xinv_category_id,
      category: category.title,
      sold: unitsSold,
      revenue: sql<number>`(select coalesce(sum(amount), 0) from purchase where purchase.auction_item_id = auction_item.auction_item_id)::int`,
    })
    .from(auction_item)
    .leftJoin(category, eq(category.category_id, auction_item.xinv_category_id))
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, "sale")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.title));
}

export type SaleItemRow = Awaited<ReturnType<typeof listSaleItems>>[number];

export class CategoryNotFoundError extends Refusal {
  constructor() {
    super("This category no longer exists. Choose another.", "xinv_category_id");
  }
}

export class StockBelowSoldError extends Refusal {
  constructor(readonly sold: number) {
    super(`${sold} already sold: the quantity cannot be less than that.`, "quantity");
  }
}

export async function createSaleItem(eventId: number, input: SaleItemInput): Promise<number> {
  await checkCategory(eventId, input.xinv_category_id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(auction_item)
      .values({ event_id: eventId, type: "sale", status: "published", ...input })
      .returning({ id: auction_item.auction_item_id });
    await refreshItemCounts(tx, eventId);
    return row.id;
  });
}

/** Saves an item for sale of the event; false when there is no such item. */
export async function updateSaleItem(eventId: number, itemId: number, input: SaleItemInput): Promise<boolean> {
  await checkCategory(eventId, input.xinv_category_id);
  return db.transaction(async (tx) => {
    const mine = and(
      eq(auction_item.auction_item_id, itemId),
      eq(auction_item.event_id, eventId),
      eq(auction_item.type, "sale"),
    );
    // Locked, so that a sale made meanwhile is counted.
    const [found] = await tx
      .select({
        sold: sql<number>`(select coalesce(sum(quantity), 0) from purchase where purchase.auction_item_id = ${itemId})::int`,
      })
      .from(auction_item)
      .where(mine)
      .for("update");
    if (!found) return false;
    if (input.quantity < found.sold) throw new StockBelowSoldError(found.sold);
    await tx.update(auction_item).set(input).where(mine);
    return true;
  });
}

async function checkCategory(eventId: number, categoryId: number | null) {
  if (categoryId === null) return;
  const clientId = await clientOfEvent(eventId);
  const [found] = await db
    .select({ id: category.category_id })
    .from(category)
    .where(and(eq(category.category_id, categoryId), eq(category.client_id, clientId)));
  if (!found) throw new CategoryNotFoundError();
}
