import { liveTopic } from "~/bidding/bid-messages.server";
import { currentLiveLot } from "~/bidding/live-lots.server";
import { publicLiveEvent, roomAfter } from "~/bidding/live-room.server";
import { connection, db } from "~/db.server";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /livec/stream?id=: the room's live lot for the projector (public, as /livec): a snapshot, then the whole room
 * again after every clerk entry or bid on a live lot.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { event_id: eventId } = await publicLiveEvent(request);
  return liveStream(request, {
    connection,
    topic: liveTopic(eventId),
    snapshot: () => currentLiveLot(db, eventId),
    project: (message) => roomAfter(db, eventId, message),
  });
}
