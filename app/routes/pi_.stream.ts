import { db, connection } from "~/db.server";
import { findPublicEvent } from "~/events/public-event.server";
import { pledgesMarker } from "~/paddle-raise/console.server";
import { paddleRaiseTopic } from "~/paddle-raise/topic";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /pi/stream?id=: tells guests' /pi pages that a pledge came in (public: only that something changed; the page
 * loads its figures again).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const event = await findPublicEvent(request);
  return liveStream(request, {
    connection,
    topic: paddleRaiseTopic(event.event_id),
    snapshot: async () => ({ marker: await pledgesMarker(db, event.event_id) }),
    // Guests learn only that something changed, never who pledged what.
    project: () => ({ changed: true }),
  });
}
