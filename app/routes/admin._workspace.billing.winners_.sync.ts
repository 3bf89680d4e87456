import { requireEventPermission } from "~/auth/access.server";
import { DESK_STATION, deskActions } from "~/billing/desk-station.server";
import { deskTopic } from "~/billing/desk-topic";
import { paths } from "~/http/paths";
import { messageActions, messageAnswers } from "~/stations/station-message.server";
import { stationSync, stationSyncPage } from "~/stations/station-sync.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { StationMessage } from "~/stations/station-entry";

/** Who may use the station: the permission of its page. */
const access = async (request: Request) => {
  const { eventId, user } = await requireEventPermission(request, "can_bill");
  return { eventId, usrId: user.usr_id };
};

/**
 * /admin/billing/winners/sync: the cash desk's queue posts each cash or check payment here, online or replayed after
 * an outage, and marks a conflict as dealt with (docs/decisions/041-offline-stations.md).
 * Opened in a browser, its address is the station itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return stationSyncPage(request, access, (eventId) => paths.billingWinners(eventId));
}

export async function action({ request }: ActionFunctionArgs) {
  return stationSync<StationMessage>(request, {
    station: DESK_STATION,
    access,
    actions: messageActions(deskActions),
    ...messageAnswers,
    topic: deskTopic,
  });
}
