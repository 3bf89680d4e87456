/**
 * Subscribes a page to a live stream (app/realtime/live-stream.server.ts) and hands every message to the page, in
 * order. remix-utils' useEventSource keeps only the latest message, and a burst of bids in one render would lose
 * all but one, so this reads the EventSource itself. A jump in seq means a message was missed: the hook reconnects
 * for a fresh snapshot. The browser's EventSource reconnects by itself after most network drops, but not after all:
 * it gives up for good on an error answer (a proxy's 502 while the server restarts), waits 3 s or more between
 * tries, and a connection cut without a word (a Wi-Fi access point that went away) looks open for minutes. So the
 * hook watches: an open stream silent for longer than two of its heartbeats, or one not open 2 s after a try, is
 * opened again, and so is every stream when the browser says it is back online. The server sends a snapshot on every
 * connection. When the server ends a stream because the person may no longer follow it, the page loads itself again
 * and its loader decides what they see. serverOffset is the server's clock minus the browser's, for countdowns.
 */
import { useEffect, useRef, useState } from "react";

export interface LiveStreamHandlers {
  onSnapshot(data: unknown): void;
  onDelta(type: string, data: unknown): void;
}

export type LiveStreamStatus = "connecting" | "live" | "reconnecting";

/** Until a snapshot says how often the server beats, the server's default (live-stream.server.ts). */
const DEFAULT_HEARTBEAT_MS = 15_000;
const WATCH_EVERY_MS = 1_000;
/** A connection not open after this long is tried again (the browser alone waits 3 s or more between tries). */
const RETRY_AFTER_MS = 2_000;

export function useLiveStream(url: string | null, handlers: LiveStreamHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [status, setStatus] = useState<LiveStreamStatus>("connecting");
  const [serverOffset, setServerOffset] = useState(0);

  useEffect(() => {
    if (!url) return;
    let source: EventSource | null = null;
    let lastSeq = 0;
    let closed = false;
    let heartbeatMs = DEFAULT_HEARTBEAT_MS;
    let lastHeard = Date.now();
    let lastTry = Date.now();
    const heard = () => (lastHeard = Date.now());
    const connect = () => {
      source?.close();
      lastSeq = 0;
      lastTry = Date.now();
      heard();
      source = new EventSource(url);
      source.addEventListener("open", () => setStatus("live"));
      source.addEventListener("error", () => setStatus("reconnecting"));
      source.addEventListener("snapshot", (event) => {
        const message = JSON.parse((event as MessageEvent).data) as {
          seq: number;
          serverTime: number;
          heartbeatMs?: number;
          data: unknown;
        };
        heard();
        lastSeq = message.seq;
        if (message.heartbeatMs) heartbeatMs = message.heartbeatMs;
        setServerOffset(message.serverTime - Date.now());
        setStatus("live");
        latest.current.onSnapshot(message.data);
      });
      source.addEventListener("delta", (event) => {
        const message = JSON.parse((event as MessageEvent).data) as { seq: number; type: string; data: unknown };
        heard();
        if (message.seq !== lastSeq + 1) {
          // Missed something: start again from a snapshot.
          if (!closed) connect();
          return;
        }
        lastSeq = message.seq;
        latest.current.onDelta(message.type, message.data);
      });
      source.addEventListener("ended", () => {
        closed = true;
        source?.close();
        window.location.reload();
      });
      source.addEventListener("heartbeat", (event) => {
        const message = JSON.parse((event as MessageEvent).data) as { seq: number; serverTime: number };
        heard();
        setServerOffset(message.serverTime - Date.now());
        if (message.seq !== lastSeq && !closed) connect();
      });
    };
    connect();
    const watch = setInterval(() => {
      if (closed) return;
      const now = Date.now();
      const state = source?.readyState;
      const stuck = state !== EventSource.OPEN && now - lastTry > RETRY_AFTER_MS;
      const silent = state === EventSource.OPEN && now - lastHeard > heartbeatMs * 2 + WATCH_EVERY_MS;
      if (stuck || silent) {
        setStatus("reconnecting");
        connect();
      }
    }, WATCH_EVERY_MS);
    const backOnline = () => {
      if (!closed) connect();
    };
    window.addEventListener("online", backOnline);
    return () => {
      closed = true;
      clearInterval(watch);
      window.removeEventListener("online", backOnline);
      source?.close();
    };
  }, [url]);

  return { status, serverOffset };
}
