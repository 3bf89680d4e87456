import { db, connection } from "~/db.server";
import { findPublicEvent } from "~/events/public-event.server";
import { raffleDeskMarker } from "~/raffles/raffle-screens.server";
import { raffleTopic } from "~/raffles/topic";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /raffle/stream?id=: tells guests' /raffle pages that tickets were sold or a prize drawn (public: only that something
 * changed; the page loads the tickets sold and the guest's own numbers again).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const event = await findPublicEvent(request);
  return liveStream(request, {
    connection,
    topic: raffleTopic(event.event_id),
    snapshot: () => raffleDeskMarker(db, event.event_id),
    // Guests learn only that something changed, never who bought what.
    project: () => ({ changed: true }),
  });
}
