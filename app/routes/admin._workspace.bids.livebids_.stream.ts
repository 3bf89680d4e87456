import { staffLiveStream } from "~/auth/staff-stream.server";
import { liveTopic } from "~/bidding/bid-messages.server";
import { liveMarker } from "~/bidding/live-lots.server";
import { db } from "~/db.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/bids/livebids/stream: the live auction's changes, for the live bids screen (can_view_stats, as it). */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, "can_view_stats", ({ eventId }) => ({
    topic: liveTopic(eventId),
    snapshot: () => liveMarker(db, eventId),
  }));
}
