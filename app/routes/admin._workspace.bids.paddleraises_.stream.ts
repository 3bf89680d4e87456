import { requireEventPermission } from "~/auth/access.server";
import { connection, db } from "~/db.server";
import { pledgesMarker } from "~/paddle-raise/console.server";
import { paddleRaiseTopic } from "~/paddle-raise/topic";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/bids/paddleraises/stream: every pledge, cancel and correction of the event's paddle raises, for the clerks'
 * screens, which load their figures again when one comes. Same rule as the screen.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, ["can_bid", "can_control_event"]);
  return liveStream(request, {
    connection,
    topic: paddleRaiseTopic(eventId),
    snapshot: async () => ({ marker: await pledgesMarker(db, eventId) }),
  });
}
