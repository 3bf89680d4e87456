import { staffLiveStream } from "~/auth/staff-stream.server";
import { db } from "~/db.server";
import { PADDLE_RAISE_STAFF, pledgesMarker } from "~/paddle-raise/console.server";
import { paddleRaiseTopic } from "~/paddle-raise/topic";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/bids/paddleraises/stream: every pledge, cancel and correction of the event's paddle raises, for the clerks'
 * screens, which load their figures again when one comes. Same rule as the screen.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, PADDLE_RAISE_STAFF, ({ eventId }) => ({
    topic: paddleRaiseTopic(eventId),
    snapshot: async () => ({ marker: await pledgesMarker(db, eventId) }),
  }));
}
