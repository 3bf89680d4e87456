import { staffLiveStream } from "~/auth/staff-stream.server";
import { db } from "~/db.server";
import { raffleDeskMarker } from "~/raffles/raffle-screens.server";
import { raffleTopic } from "~/raffles/topic";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/bids/raffle/stream: the raffle desk's live stream; every desk loads the page again on each sale or draw. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, ["can_bid", "can_bill"], ({ eventId }) => ({
    topic: raffleTopic(eventId),
    snapshot: () => raffleDeskMarker(db, eventId),
  }));
}
