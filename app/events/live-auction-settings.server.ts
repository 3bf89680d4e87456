/** Reading and saving the event's live auction record (traditional_auction) for /admin/setup/live_auction. */
import { eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { publishEventChange } from "~/realtime/data-area-changes.server";
import { event, traditional_auction } from "~drizzle/schema";
import type { LiveAuctionSettings } from "./live-auction-settings";

export async function loadLiveAuctionSettings(eventId: number) {
  const [row] = await db
    .select({
      timeZone: event.timezone,
      enabled: event.is_traditional_auction_enabled,
      record: traditional_auction,
    })
    .from(event)
    .leftJoin(traditional_auction, eq(traditional_auction.traditional_auction_id, event.traditional_auction_id))
    .where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event no longer exists.", { status: 404 });
  return row;
}

/** Saves the record in one transaction with a new data_version; refused when the module never created it. */
export async function saveLiveAuctionSettings(eventId: number, settings: LiveAuctionSettings) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: event.traditional_auction_id })
      .from(event)
      .where(eq(event.event_id, eventId))
      .for("update");
    if (!current) throw new Response("This event no longer exists.", { status: 404 });
    if (current.id === null)
      throw new Refusal("The live auction is not switched on for this event: switch it on under Modules first.");
    await tx
      .update(traditional_auction)
      .set(settings)
      .where(eq(traditional_auction.traditional_auction_id, current.id));
    await tx
      .update(event)
      .set({ data_version: sql`${event.data_version} + 1`, updated_at: new Date() })
      .where(eq(event.event_id, eventId));
    await publishEventChange(tx, eventId);
  });
}
