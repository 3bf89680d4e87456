/**
 * The counts the event row keeps (event.inventory_item_count, live_item_count, silent_item_count), for
 * the menus and summaries that read them without counting. Every change that adds, removes or retypes auction
 * items or inventory calls this in the same transaction, so the counts never drift.
 */
import { and, count, eq } from "drizzle-orm";
import { auction_item, event, inventory } from "~drizzle/schema";
import type { Transaction } from "~/db.server";

export async function refreshItemCounts(tx: Transaction, eventId: number): Promise<void> {
  const [[stock], [live], [silent]] = [
    await tx.select({ n: count() }).from(inventory).where(eq(inventory.event_id, eventId)),
    await tx
      .select({ n: count() })
      .from(auction_item)
      .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, "live"))),
    await tx
      .select({ n: count() })
      .from(auction_item)
      .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, "silent"))),
  ];
  await tx
    .update(event)
    .set({ inventory_item_count: stock.n, live_item_count: live.n, silent_item_count: silent.n })
    .where(eq(event.event_id, eventId));
}
