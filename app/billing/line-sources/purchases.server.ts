/** Items for sale bought at the event (/admin/bids/purchases): one line per purchase. */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { auction_item, purchase } from "~drizzle/schema";
import { deductiblePart, type InvoiceLineSource } from "./line-source";

export const itemsForSalePurchases: InvoiceLineSource = {
  name: "purchase",
  async lines(db, eventId, usrIds) {
    const rows = await db
      .select({
        id: purchase.purchase_id,
        usrId: purchase.usr_id,
        quantity: purchase.quantity,
        amount: purchase.amount,
        itemId: auction_item.auction_item_id,
        title: auction_item.title,
        value: auction_item.value,
      })
      .from(purchase)
      .innerJoin(auction_item, eq(auction_item.auction_item_id, purchase.auction_item_id))
      .where(
        and(
          eq(purchase.event_id, eventId),
          isNotNull(purchase.usr_id),
          usrIds ? inArray(purchase.usr_id, [...usrIds]) : undefined,
        ),
      );
    return rows.map((row) => {
      const value = row.value === null ? null : row.value * row.quantity;
      return {
        usrId: row.usrId!,
        key: `purchase:${row.id}`,
        description: `Item for sale · ${row.title}${row.quantity > 1 ? ` × ${row.quantity}` : ""}`,
        amount: row.amount,
        fairMarketValue: value ?? 0,
        deductible: deductiblePart(row.amount, value),
        auctionItemId: row.itemId,
      };
    });
  },
};
