import { staffLiveStream } from "~/auth/staff-stream.server";
import { db } from "~/db.server";
import { dataAreasMarker } from "~/realtime/data-area-changes.server";
import { eventDataTopic, userTopic } from "~/realtime/data-area-topics";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/stream: the admin layout's live stream of the current event's data areas (its record, team and users) and
 * of the signed-in person's own record. Every snapshot and delta carries the data areas' marker as it is after the
 * change, so the layouts can tell whether what they show is current; the messages themselves carry nothing more.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffLiveStream(request, null, ({ eventId, user }) => {
    const marker = async () => ({ marker: await dataAreasMarker(db, eventId, user.usr_id) });
    return { topic: [eventDataTopic(eventId), userTopic(user.usr_id)], snapshot: marker, project: marker };
  });
}
