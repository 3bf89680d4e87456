import { db, connection } from "~/db.server";
import { boardsAfter, duelBoards } from "~/duels/duels.server";
import { duelTopic } from "~/duels/topic";
import { findPublicEvent } from "~/events/public-event.server";
import { liveStream } from "~/realtime/live-stream.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /duel/stream?id=: the event's duels' totals after every gift or change (public, as /duel: totals and names of the
 * sides, never who gave). One read per gift per process, whatever the number of phones.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const event = await findPublicEvent(request);
  return liveStream(request, {
    connection,
    topic: duelTopic(event.event_id),
    snapshot: () => duelBoards(db, event.event_id),
    project: (message) => boardsAfter(db, event.event_id, message),
  });
}
