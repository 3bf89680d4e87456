import { loadEventAuctionRules, type EventAuctionRules } from "~/bidding/auction-rules.server";
import { eventTopic } from "~/bidding/bid-messages.server";
import { loadBidderContext } from "~/bidding/bidder-page.server";
import { loadBoard } from "~/bidding/board.server";
import { connection, db } from "~/db.server";
import { freshRead } from "~/realtime/fresh-read.server";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /inroombid/stream?id=: the event's auction board as server-sent events: a snapshot of every item's live state,
 * then each change (app/realtime/live-stream.server.ts). Public like the gallery, with the same visibility rules.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { rules, event } = await loadBidderContext(request);
  const eventId = event.event_id;
  const silent = Boolean(rules.auctions.silent);
  const virtual = Boolean(rules.auctions.virtual);
  // When one of the event's auctions is hidden from this visitor (in testing), only the items of the snapshot pass.
  const partial = !silent || !virtual;
  let visible = new Set<number>();
  // Phones whose streams open together (the room back on the Wi-Fi) share the board's reads: one per auction view.
  const boardKey = `board:${eventId}:${silent ? "s" : ""}${virtual ? "v" : ""}`;
  // The first snapshot uses the rules just read; a later one (after the bus lost messages) reads them again. An open
  // stream keeps neither the rules nor the event's row: thousands are open at once (decision 044).
  let rulesOfFirstSnapshot: EventAuctionRules | null = rules;
  const readBoard = async (first: EventAuctionRules | null) => {
    const rulesNow = first ?? (await loadEventAuctionRules(db, eventId));
    if (!rulesNow) return [];
    if (!silent) delete rulesNow.auctions.silent;
    if (!virtual) delete rulesNow.auctions.virtual;
    return (await loadBoard(db, rulesNow)).map((item) => item.live);
  };
  return liveStream(request, {
    connection,
    topic: eventTopic(eventId),
    snapshot: async () => {
      const first = rulesOfFirstSnapshot;
      rulesOfFirstSnapshot = null;
      const items = await freshRead(boardKey, () => readBoard(first));
      // Kept only when some items are hidden: the other streams pass every item on.
      if (partial) visible = new Set(items.map((item) => item.id));
      return items;
    },
    // Item states only: notices name bidders and are for the messaging capability.
    project: (message) =>
      message.type === "item" && (!partial || visible.has((message.data as { id: number }).id)) ? message.data : null,
  });
}
