/**
 * What the page designer's silent-auction preview needs beyond the tree: the event's items on the board as the
 * gallery shows them, whether the auctions are live or still in testing (the organiser designs before opening).
 */
import { db } from "~/db.server";
import { brandColoursAndFonts } from "~/ui/branding";
import { loadEventAuctionRules } from "./auction-rules.server";
import { loadBoard } from "./board.server";
import type { AuctionPreviewData } from "./ui/auction-page-preview";
import type { event } from "~drizzle/schema";

export async function loadAuctionPreview(row: typeof event.$inferSelect): Promise<AuctionPreviewData> {
  const rules = await loadEventAuctionRules(db, row.event_id);
  const board = rules ? await loadBoard(db, rules) : [];
  return {
    eventId: row.event_id,
    eventTitle: row.title,
    excerpt: row.excerpt,
    branding: brandColoursAndFonts(row),
    currency: row.currency,
    cards: board.map(({ live: _live, type: _type, categoryId: _categoryId, increment: _increment, ...card }) => card),
    live: board.map((item) => item.live),
    categories: [...new Set(board.map((card) => card.category).filter((name): name is string => Boolean(name)))].sort(),
    serverNow: Date.now(),
  };
}
