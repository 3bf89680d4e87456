import { staffLiveStream } from "~/auth/staff-stream.server";
import { eventTopic } from "~/bidding/bid-messages.server";
import { bidsMarker } from "~/bidding/silent-bids.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/bids/silentbids/stream: the event's live stream (bids and staff actions on its items) for the silent bids
 * screen, which loads its rows again when something happens. Same rule as the screen: can_view_stats.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, "can_view_stats", ({ eventId }) => ({
    topic: eventTopic(eventId),
    snapshot: () => bidsMarker(eventId),
  }));
}
