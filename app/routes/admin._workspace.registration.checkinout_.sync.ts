import { requireEventPermission } from "~/auth/access.server";
import { paths } from "~/http/paths";
import { type DoorOutcome } from "~/registration/check-in-actions.server";
import { DOOR_STATION, doorActions, doorOutcomeOf, doorRefusal } from "~/registration/door-station.server";
import { registrationTopic } from "~/registration/registration-topic";
import { stationSync, stationSyncPage } from "~/stations/station-sync.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

/** Who may use the station: the permission of its page. */
const access = async (request: Request) => {
  const { eventId, user } = await requireEventPermission(request, "can_check_in_out");
  return { eventId, usrId: user.usr_id };
};

/**
 * /admin/registration/checkinout/sync: the door station's queue posts each entry here, online or replayed after an
 * outage, and marks a conflict as dealt with (docs/decisions/041-offline-stations.md).
 * Opened in a browser, its address is the station itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return stationSyncPage(request, access, (eventId) => paths.registrationCheckinout(eventId));
}

export async function action({ request }: ActionFunctionArgs) {
  return stationSync<DoorOutcome>(request, {
    station: DOOR_STATION,
    access,
    actions: doorActions,
    outcomeOf: doorOutcomeOf,
    messageOf: (outcome) => outcome.message,
    refusal: doorRefusal,
    topic: registrationTopic,
  });
}
