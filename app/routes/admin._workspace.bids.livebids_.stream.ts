import { requireEventPermission } from "~/auth/access.server";
import { liveMarker } from "~/bidding/live-lots.server";
import { liveTopic } from "~/bidding/place-bid.server";
import { connection, db } from "~/db.server";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/bids/livebids/stream: the live auction's changes, for the live bids screen (can_view_stats, as it). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_view_stats");
  return liveStream(request, { connection, topic: liveTopic(eventId), snapshot: () => liveMarker(db, eventId) });
}
