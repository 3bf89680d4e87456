/** Data areas about what is given and sold: auction items, inventory, their images, donors, sponsors, categories. */
import { asc, count, eq, isNull } from "drizzle-orm";
import { sponsorLevelRankSql } from "~/catalogue/sponsors.server";
import { db } from "~/db.server";
import {
  auction_item,
  auction_item_image,
  category,
  donor,
  event,
  event_sponsor,
  inventory,
  inventory_image,
  sponsor,
} from "~drizzle/schema";
import { countWhere, tally } from "./aggregates.server";

/** "auction items": how many, by type (silent, live, virtual, sale). */
export async function auctionItemsArea(eventId: number) {
  const rows = await db
    .select({ key: auction_item.type, n: count() })
    .from(auction_item)
    .where(eq(auction_item.event_id, eventId))
    .groupBy(auction_item.type);
  const byType = tally(rows);
  return { count: rows.reduce((sum, row) => sum + row.n, 0), byType };
}

/** "inventory items": procured items, and how many are not yet in an auction item. */
export async function inventoryItemsArea(eventId: number) {
  const [row] = await db
    .select({ count: count(), unassigned: countWhere(isNull(inventory.auction_item_id)) })
    .from(inventory)
    .where(eq(inventory.event_id, eventId));
  return row;
}

/** "categories": the client's item categories, for pickers and filters. */
export async function categoriesArea(eventId: number) {
  return db
    .select({ category_id: category.category_id, title: category.title })
    .from(category)
    .innerJoin(event, eq(event.client_id, category.client_id))
    .where(eq(event.event_id, eventId))
    .orderBy(asc(category.title));
}

/** "donors": how many of the client's donors are active (the list itself can run to hundreds). */
export async function donorsArea(eventId: number) {
  const [row] = await db
    .select({ count: count(), active: countWhere(eq(donor.is_active, true)) })
    .from(donor)
    .innerJoin(event, eq(event.client_id, donor.client_id))
    .where(eq(event.event_id, eventId));
  return row;
}

/** "sponsors": the sponsors shown at the event, by level (app/catalogue/sponsor-levels.ts), then in their order. */
export async function sponsorsArea(eventId: number) {
  return db
    .select({ sponsor_id: sponsor.sponsor_id, title: sponsor.title, level: sponsor.level })
    .from(event_sponsor)
    .innerJoin(sponsor, eq(sponsor.sponsor_id, event_sponsor.sponsor_id))
    .where(eq(event_sponsor.event_id, eventId))
    .orderBy(sponsorLevelRankSql(sponsor.level), asc(event_sponsor.display_order), asc(sponsor.title));
}

/** "auction item images": every image of the event's items, in display order. */
export async function auctionItemImagesArea(eventId: number) {
  return db
    .select({
      auction_item_image_id: auction_item_image.auction_item_image_id,
      auction_item_id: auction_item_image.auction_item_id,
      url: auction_item_image.url,
    })
    .from(auction_item_image)
    .innerJoin(auction_item, eq(auction_item.auction_item_id, auction_item_image.auction_item_id))
    .where(eq(auction_item.event_id, eventId))
    .orderBy(asc(auction_item_image.auction_item_id), asc(auction_item_image.display_order));
}

/** "inventory images": every image of the event's inventory, in display order. */
export async function inventoryImagesArea(eventId: number) {
  return db
    .select({
      inventory_image_id: inventory_image.inventory_image_id,
      inventory_id: inventory_image.inventory_id,
      url: inventory_image.url,
    })
    .from(inventory_image)
    .innerJoin(inventory, eq(inventory.inventory_id, inventory_image.inventory_id))
    .where(eq(inventory.event_id, eventId))
    .orderBy(asc(inventory_image.inventory_id), asc(inventory_image.display_order));
}
