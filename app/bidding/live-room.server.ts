/**
 * The room's live lot for public screens (/livec now, the monitors later): one read, currentLiveLot, and one bus
 * topic, liveTopic. A stream projects each message of the topic into a fresh LiveRoom; the streams of one process
 * share that read (the bus hands every subscriber the same message object), so a bid costs one read per process
 * however many projectors are open.
 */
import { findPublicEvent, requireVisibleFeature } from "~/events/public-event.server";
import { currentLiveLot } from "./live-lots.server";
import type { LiveRoom } from "./live-lots";
import type { Database } from "~/db/connection.server";
import type { RealtimeMessage } from "~/realtime/bus.server";

const reads = new WeakMap<RealtimeMessage, Promise<LiveRoom>>();

export function roomAfter(db: Database, eventId: number, message: RealtimeMessage): Promise<LiveRoom> {
  let read = reads.get(message);
  if (!read) reads.set(message, (read = currentLiveLot(db, eventId)));
  return read;
}

/** The event of a public live screen (?id=), when its live auction shows to this visitor; 404 otherwise. */
export async function publicLiveEvent(request: Request) {
  const row = await findPublicEvent(request);
  await requireVisibleFeature(request, row, "traditional_auction");
  return row;
}
