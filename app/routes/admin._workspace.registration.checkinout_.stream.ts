import { requireEventPermission } from "~/auth/access.server";
import { connection, db } from "~/db.server";
import { liveStream } from "~/realtime/live-stream.server";
import { doorMarker } from "~/registration/check-in.server";
import { registrationTopic } from "~/registration/registration-topic";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/registration/checkinout/stream: the door's live stream; every station loads the list again on each change. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_check_in_out");
  return liveStream(request, {
    connection,
    topic: registrationTopic(eventId),
    snapshot: () => doorMarker(db, eventId),
  });
}
