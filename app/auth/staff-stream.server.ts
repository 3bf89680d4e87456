/**
 * The live stream of a team screen: opened for a team member of the event who holds the permission (any team
 * member when it is null), and ended as soon as they no longer may follow it: when their roles change or their
 * sessions end (both announced on their own topic), and at every heartbeat in case a change came another way.
 */
import { connection } from "~/db.server";
import { userTopic } from "~/realtime/data-area-topics";
import { liveStream, type LiveStreamOptions } from "~/realtime/live-stream.server";
import { requireEventPermission, requireTeamMember, type EventAccess } from "./access.server";
import type { Permission } from "./permissions";

type StaffStreamOptions = Omit<LiveStreamOptions, "connection" | "access">;

export async function staffLiveStream(
  request: Request,
  permission: Permission | readonly Permission[] | null,
  stream: (access: EventAccess) => StaffStreamOptions,
): Promise<Response> {
  const check = (asked: Request) =>
    permission === null ? requireTeamMember(asked) : requireEventPermission(asked, permission);
  const access = await check(request);
  // Each check asks with a copy of the request: who is signed in is read once per request (getSignedInUser), and a
  // stream lasts hours.
  const stillAllowed = () =>
    check(new Request(request)).then(
      (again) => again.eventId === access.eventId,
      () => false,
    );
  return liveStream(request, {
    connection,
    ...stream(access),
    access: { personTopic: userTopic(access.user.usr_id), stillAllowed },
  });
}
