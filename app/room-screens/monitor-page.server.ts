/** The public monitor addresses: the page and its stream show the event's monitor set up at that address. */
import { db } from "~/db.server";
import { findPublicEvent } from "~/events/public-event.server";
import { paths } from "~/http/paths";
import { readMonitorState } from "./monitor-state.server";
import { monitorStream } from "./monitor-stream.server";
import { eventMonitors, eventsWithMonitorAt } from "./monitors.server";
import type { MonitorPath } from "./monitors";

const NOT_SET_UP = "No monitor is set up at this address for this event.";

export async function monitorPage(request: Request, path: MonitorPath) {
  // Typed without ?id on a projector, the address shows the event whose monitor is set up at it.
  const row = await findPublicEvent(request, () => eventsWithMonitorAt(db, path));
  const state = await readMonitorState(db, row.event_id);
  if (!state?.monitors[path]) throw new Response(NOT_SET_UP, { status: 404 });
  return { path, state, loadedAt: Date.now(), streamUrl: paths[`${path}Stream`](row.event_id) };
}

export async function monitorPageStream(request: Request, path: MonitorPath) {
  const row = await findPublicEvent(request);
  if (!(await eventMonitors(db, row.event_id))[path]) throw new Response(NOT_SET_UP, { status: 404 });
  return monitorStream(request, row.event_id);
}
