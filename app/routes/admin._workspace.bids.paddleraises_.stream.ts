import { staffLiveStream } from "~/auth/staff-stream.server";
import { db } from "~/db.server";
import { pledgesMarker } from "~/paddle-raise/console.server";
import { paddleRaiseTopic } from "~/paddle-raise/topic";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/bids/paddleraises/stream: every pledge, cancel and correction of the event's paddle raises, for the clerks'
 * screens, which load their figures again when one comes. Same rule as the screen.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, ["can_bid", "can_control_event"], ({ eventId }) => ({
    topic: paddleRaiseTopic(eventId),
    snapshot: async () => ({ marker: await pledgesMarker(db, eventId) }),
  }));
}
