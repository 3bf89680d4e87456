import { requireEventPermission } from "~/auth/access.server";
import { eventTopic } from "~/bidding/place-bid.server";
import { bidsMarker } from "~/bidding/silent-bids.server";
import { connection } from "~/db.server";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/dashboard/stream: the event's live stream for the dashboard, which loads its figures again on each change. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_view_stats");
  return liveStream(request, { connection, topic: eventTopic(eventId), snapshot: () => bidsMarker(eventId) });
}
