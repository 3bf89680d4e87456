import { requireEventPermission } from "~/auth/access.server";
import { liveTopic } from "~/bidding/bid-messages.server";
import { CLERK_STATION, clerkActions } from "~/bidding/clerk-station.server";
import { paths } from "~/http/paths";
import { messageActions, messageAnswers } from "~/stations/station-message.server";
import { stationSync, stationSyncPage } from "~/stations/station-sync.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { StationMessage } from "~/stations/station-entry";

/** Who may use the station: the permission of its page. */
const access = async (request: Request) => {
  const { eventId, user } = await requireEventPermission(request, "can_control_event");
  return { eventId, usrId: user.usr_id };
};

/**
 * /live/sync: the clerk's console posts each entry of its queue here, online or replayed after an outage, and marks
 * a conflict as dealt with (docs/decisions/041-offline-stations.md).
 * Opened in a browser, its address is the station itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return stationSyncPage(request, access, (eventId) => paths.live(eventId));
}

export async function action({ request }: ActionFunctionArgs) {
  return stationSync<StationMessage>(request, {
    station: CLERK_STATION,
    access,
    actions: messageActions(clerkActions),
    ...messageAnswers,
    topic: liveTopic,
  });
}
