import { staffLiveStream } from "~/auth/staff-stream.server";
import { liveTopic } from "~/bidding/bid-messages.server";
import { liveMarker } from "~/bidding/live-lots.server";
import { db } from "~/db.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /live/stream: the live auction's changes (the clerk's entries, online bids on live lots) for the console, which
 * loads its data again when something happens. Same rule as the console: can_control_event.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, "can_control_event", ({ eventId }) => ({
    topic: liveTopic(eventId),
    snapshot: () => liveMarker(db, eventId),
  }));
}
