/** Items won in the silent and virtual auctions, and lots hammered in the live auction: one line per unit won. */
import { and, eq, inArray } from "drizzle-orm";
import { auction_item, winner } from "~drizzle/schema";
import { deductiblePart, type Executor, type InvoiceLineSource, type SourceLine } from "./line-source";

const KIND_LABEL: Record<string, string> = {
  silent: "Silent auction",
  virtual: "Online auction",
  live: "Live auction",
};

async function wins(db: Executor, eventId: number, live: boolean, usrIds?: readonly number[]): Promise<SourceLine[]> {
  const rows = await db
    .select({
      winnerId: winner.winner_id,
      usrId: winner.usr_id,
      amount: winner.amount,
      unit: winner.unit,
      itemId: auction_item.auction_item_id,
      title: auction_item.title,
      lot: auction_item.lot,
      type: auction_item.type,
      quantity: auction_item.quantity,
      value: auction_item.value,
    })
    .from(winner)
    .innerJoin(auction_item, eq(auction_item.auction_item_id, winner.auction_item_id))
    .where(
      and(
        eq(winner.event_id, eventId),
        live ? eq(auction_item.type, "live") : inArray(auction_item.type, ["silent", "virtual"]),
        usrIds ? inArray(winner.usr_id, [...usrIds]) : undefined,
      ),
    );
  return rows.map((row) => ({
    usrId: row.usrId,
    // The amount is part of the key: a hammer price corrected afterwards (live-lots correctLot) reverses the old
    // line and adds the new one, so the invoice shows the correction instead of silently changing.
    key: `winner:${row.winnerId}:${row.amount}`,
    description: [
      KIND_LABEL[row.type] ?? "Auction",
      row.lot !== null ? `lot ${row.lot}` : null,
      `${row.title}${row.quantity > 1 ? ` (unit ${row.unit})` : ""}`,
    ]
      .filter(Boolean)
      .join(" · "),
    amount: row.amount,
    fairMarketValue: row.value ?? 0,
    deductible: deductiblePart(row.amount, row.value),
    auctionItemId: row.itemId,
  }));
}

export const silentAndVirtualWins: InvoiceLineSource = {
  name: "auction",
  lines: (db, eventId, usrIds) => wins(db, eventId, false, usrIds),
};

/** Live lots as hammered by the clerk (app/bidding/live-lots.server.ts writes the winner rows; an undo removes them). */
export const liveLotsHammered: InvoiceLineSource = {
  name: "live",
  lines: (db, eventId, usrIds) => wins(db, eventId, true, usrIds),
};
