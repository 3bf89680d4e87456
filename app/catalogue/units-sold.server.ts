/**
 * Units of an item for sale already bought, as a column of a query over auction_item. One expression for every
 * screen that shows what is left (/admin/bids/purchases, /dp, the items for sale list): each wrote its own subquery,
 * and one that named the item's id unqualified compared purchase.auction_item_id with itself, so every item's "left"
 * subtracted the sales of all items.
 */
import { sql } from "drizzle-orm";

export const unitsSold = sql<number>`(select coalesce(sum(sold.quantity), 0) from purchase sold
  where sold.auction_item_id = "auction_item"."auction_item_id")::int`;
