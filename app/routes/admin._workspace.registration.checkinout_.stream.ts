import { staffLiveStream } from "~/auth/staff-stream.server";
import { db } from "~/db.server";
import { doorMarker } from "~/registration/check-in.server";
import { registrationTopic } from "~/registration/registration-topic";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /admin/registration/checkinout/stream: the door's live stream; every station loads the list again on each change. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, "can_check_in_out", ({ eventId }) => ({
    topic: registrationTopic(eventId),
    snapshot: () => doorMarker(db, eventId),
  }));
}
