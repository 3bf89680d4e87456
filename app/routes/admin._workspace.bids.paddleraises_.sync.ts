import { requireEventPermission } from "~/auth/access.server";
import { paths } from "~/http/paths";
import { PADDLE_RAISE_STAFF } from "~/paddle-raise/console.server";
import { PLEDGE_INTENT } from "~/paddle-raise/pledge-forms";
import { PLEDGE_STATION, pledgeAction } from "~/paddle-raise/pledge-station.server";
import { paddleRaiseTopic } from "~/paddle-raise/topic";
import { messageActions, messageAnswers } from "~/stations/station-message.server";
import { stationSync, stationSyncPage } from "~/stations/station-sync.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { StationMessage } from "~/stations/station-entry";

/** Who may use the station: the permission of its page. */
const access = async (request: Request) => {
  const { eventId, user } = await requireEventPermission(request, PADDLE_RAISE_STAFF);
  return { eventId, usrId: user.usr_id };
};

/**
 * /admin/bids/paddleraises/sync: the paddle-raise console's queue posts each pledge here, online or replayed after
 * an outage, and marks a conflict as dealt with (docs/decisions/041-offline-stations.md).
 * Opened in a browser, its address is the station itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return stationSyncPage(request, access, (eventId) => paths.bidsPaddleraises(eventId));
}

export async function action({ request }: ActionFunctionArgs) {
  return stationSync<StationMessage>(request, {
    station: PLEDGE_STATION,
    access,
    actions: messageActions({ [PLEDGE_INTENT.pledge]: pledgeAction }),
    ...messageAnswers,
    topic: paddleRaiseTopic,
  });
}
