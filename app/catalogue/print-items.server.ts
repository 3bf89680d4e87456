/** The items and event details the printed bid sheets and item cards show (./print.server.ts). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { richTextToPlainText } from "~/rich-text/sanitize.server";
import { auction_item, category, donor, event } from "~drizzle/schema";
import { donorLabel } from "./catalogue-options.server";
import { itemBidPath } from "./item-links";
import type { ItemType } from "./item-rules";
import type { PrintEvent, PrintItem } from "./print.server";

export async function printEvent(eventId: number): Promise<PrintEvent> {
  const [row] = await db
    .select({ title: event.title, currency: event.currency, company_name: event.company_name })
    .from(event)
    .where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event no longer exists.", { status: 404 });
  return row;
}

/** The event's items of a type (or the ones named), by lot then title. */
export async function printItems(
  eventId: number,
  origin: string,
  { type, ids }: { type?: ItemType; ids?: number[] },
): Promise<PrintItem[]> {
  const rows = await db
    .select({
      auction_item_id: auction_item.auction_item_id,
      lot: auction_item.lot,
      title: auction_item.title,
      excerpt: auction_item.excerpt,
      description: auction_item.description,
      value: auction_item.value,
      starting_bid: auction_item.starting_bid,
      increment: auction_item.increment,
      buy_now: auction_item.buy_now,
      donor: sql<string | null>`case when ${donor.donor_id} is null then null else ${donorLabel} end`,
      category: category.title,
    })
    .from(auction_item)
    .leftJoin(donor, eq(donor.donor_id, auction_item.xinv_donor_id))
    .leftJoin(category, eq(category.category_id, auction_item.xinv_category_id))
    .where(
      and(
        eq(auction_item.event_id, eventId),
        type ? eq(auction_item.type, type) : undefined,
        ids?.length ? inArray(auction_item.auction_item_id, ids) : undefined,
      ),
    )
    .orderBy(sql`${auction_item.lot} asc nulls last`, asc(auction_item.title));
  return rows.map((row) => ({
    ...row,
    description: richTextToPlainText(row.description ?? ""),
    bidUrl: origin + itemBidPath(eventId, row.auction_item_id),
  }));
}
