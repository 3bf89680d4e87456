/**
 * A server-sent-event stream of one or more bus topics (remix-utils eventStream). Protocol, read by app/realtime/use-live-stream.ts:
 * - `snapshot` {seq, serverTime, heartbeatMs, data} first, and again whenever the bus may have lost messages;
 * - `delta` {seq, type, data} for each message, seq rising by one, so a client that sees a jump knows it missed one;
 * - `heartbeat` {seq, serverTime} every 15 s, which keeps proxies from closing the stream and the page's clock right;
 * - `ended` {} when the person may no longer follow it (their role changed, their sessions were ended): the stream
 *   closes, and the page loads itself again, so that its loader decides what they see.
 */
import { eventStream } from "remix-utils/sse/server";
import { realtimeBus, type RealtimeMessage } from "./bus.server";
import type { DatabaseConnection } from "~/db/connection.server";

export const HEARTBEAT_MS = 15_000;

export interface LiveStreamOptions {
  connection: DatabaseConnection;
  /** Several topics make one stream whose deltas are numbered together. */
  topic: string | readonly string[];
  snapshot: () => Promise<unknown>;
  /** What of a message this stream may pass on; null drops it. It may read the database (and so be a promise). */
  project?: (message: RealtimeMessage) => unknown | null | Promise<unknown | null>;
  heartbeatMs?: number;
  /**
   * For a stream only some may follow (the team's screens): asked again whenever the person's own topic says their
   * roles or sessions changed, and at every heartbeat; false ends the stream.
   */
  access?: { personTopic: string; stillAllowed: () => Promise<boolean> };
}

export function liveStream(request: Request, options: LiveStreamOptions): Response {
  const bus = realtimeBus(options.connection);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  return eventStream(request.signal, (send, close) => {
    let seq = 0;
    let open = true;
    let leave: (() => void) | null = null;
    // Messages that arrive while a snapshot is being read wait for it, so they are applied after it.
    let pending: RealtimeMessage[] | null = [];
    const emit = (event: string, data: unknown) => {
      if (open) send({ event, data: JSON.stringify(data) });
    };
    // Deltas leave in the order their messages came, also when projecting one takes a read of the database.
    let delivering: Promise<void> = Promise.resolve();
    const deliver = (message: RealtimeMessage) => {
      delivering = delivering
        .then(async () => {
          const data = options.project ? await options.project(message) : message.data;
          if (data === null || data === undefined) return;
          seq += 1;
          emit("delta", { seq, type: message.type, data });
        })
        .catch((error) => console.error("[realtime] could not pass on a message:", error));
    };
    const sendSnapshot = async () => {
      pending ??= [];
      try {
        const data = await options.snapshot();
        seq += 1;
        emit("snapshot", { seq, serverTime: Date.now(), heartbeatMs, data });
      } catch (error) {
        console.error("[realtime] could not read a snapshot:", error);
      }
      const waiting = pending;
      pending = null;
      waiting.forEach(deliver);
    };
    const subscriber = {
      onMessage(message: RealtimeMessage) {
        if (pending) pending.push(message);
        else deliver(message);
      },
      onResync() {
        void sendSnapshot();
      },
    };
    let checking: Promise<void> | null = null;
    const recheckAccess = () => {
      const access = options.access;
      if (!access || checking) return;
      checking = access
        .stillAllowed()
        .catch(() => false)
        .then((allowed) => {
          checking = null;
          if (allowed || !open) return;
          emit("ended", {});
          close();
        });
    };
    const accessWatcher = { onMessage: recheckAccess, onResync: recheckAccess };
    const topics = typeof options.topic === "string" ? [options.topic] : options.topic;
    Promise.all([
      ...topics.map((topic) => bus.subscribe(topic, subscriber)),
      ...(options.access ? [bus.subscribe(options.access.personTopic, accessWatcher)] : []),
    ])
      .then((unsubscribes) => {
        const unsubscribe = () => unsubscribes.forEach((leaveTopic) => leaveTopic());
        if (!open) return unsubscribe();
        leave = unsubscribe;
        return sendSnapshot();
      })
      .catch((error) => console.error("[realtime] could not subscribe:", error));
    const heartbeat = setInterval(() => {
      emit("heartbeat", { seq, serverTime: Date.now() });
      recheckAccess();
    }, heartbeatMs);
    return () => {
      open = false;
      clearInterval(heartbeat);
      leave?.();
    };
  });
}
