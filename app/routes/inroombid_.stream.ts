import { loadBidderContext } from "~/bidding/bidder-page.server";
import { loadBoard } from "~/bidding/board.server";
import { eventTopic } from "~/bidding/place-bid.server";
import { connection, db } from "~/db.server";
import { freshRead } from "~/realtime/fresh-read.server";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /inroombid/stream?id=: the event's auction board as server-sent events: a snapshot of every item's live state,
 * then each change (app/realtime/live-stream.server.ts). Public like the gallery, with the same visibility rules.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // An open stream keeps what its snapshot needs (the rules), not the page's whole context (the event's row).
  const { rules, event } = await loadBidderContext(request);
  // When one of the event's auctions is hidden from this visitor (in testing), only the items of the snapshot pass.
  const partial = !rules.auctions.silent || !rules.auctions.virtual;
  let visible = new Set<number>();
  // Phones whose streams open together (the room back on the Wi-Fi) share the board's reads: one per auction view.
  const boardKey = `board:${event.event_id}:${rules.auctions.silent ? "s" : ""}${rules.auctions.virtual ? "v" : ""}`;
  return liveStream(request, {
    connection,
    topic: eventTopic(event.event_id),
    snapshot: async () => {
      const items = await freshRead(boardKey, async () => (await loadBoard(db, rules)).map((item) => item.live));
      // Kept only when some items are hidden: the other streams pass every item on.
      if (partial) visible = new Set(items.map((item) => item.id));
      return items;
    },
    // Item states only: notices name bidders and are for the messaging capability.
    project: (message) =>
      message.type === "item" && (!partial || visible.has((message.data as { id: number }).id)) ? message.data : null,
  });
}
