import { staffLiveStream } from "~/auth/staff-stream.server";
import { eventTopic } from "~/bidding/bid-messages.server";
import { bidsMarker } from "~/bidding/silent-bids.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/dashboard/stream: the event's live stream for the dashboard, which loads its figures again on each change. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, "can_view_stats", ({ eventId }) => ({
    topic: eventTopic(eventId),
    snapshot: () => bidsMarker(eventId),
  }));
}
