/**
 * A monitor screen's server-sent events, in the live stream's protocol (app/realtime/live-stream.server.ts): a
 * `snapshot` with the whole monitor state on connecting and after every change (the state is small and whole
 * states never leave a screen half updated), and a `heartbeat` every MONITOR_HEARTBEAT_MS that keeps the screen's
 * clock on the server's and lets it notice a dead connection quickly (use-live-stream.ts reconnects on silence).
 */
import { eventStream } from "remix-utils/sse/server";
import { connection, db } from "~/db.server";
import { followMonitorState, type MonitorReading } from "./monitor-feed.server";

export const MONITOR_HEARTBEAT_MS = 2_000;

export function monitorStream(request: Request, eventId: number): Response {
  return eventStream(request.signal, (send) => {
    let open = true;
    let seq = 0;
    let leave: (() => void) | null = null;
    // The state's JSON is made once per reading for every screen; only the envelope is per screen.
    const sendSnapshot = (reading: MonitorReading) => {
      if (!open) return;
      seq += 1;
      send({
        event: "snapshot",
        data: `{"seq":${seq},"serverTime":${Date.now()},"heartbeatMs":${MONITOR_HEARTBEAT_MS},"data":${reading.json}}`,
      });
    };
    followMonitorState(db, connection, eventId, sendSnapshot)
      .then(({ reading, leave: leaveFeed }) => {
        if (!open) return leaveFeed();
        leave = leaveFeed;
        sendSnapshot(reading);
      })
      .catch((error) => console.error("[monitors] could not follow the monitor state:", error));
    const heartbeat = setInterval(() => {
      if (open) send({ event: "heartbeat", data: `{"seq":${seq},"serverTime":${Date.now()}}` });
    }, MONITOR_HEARTBEAT_MS);
    return () => {
      open = false;
      clearInterval(heartbeat);
      leave?.();
    };
  });
}
