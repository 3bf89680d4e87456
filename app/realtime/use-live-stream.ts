/**
 * Subscribes a page to a live stream (app/realtime/live-stream.server.ts) and hands every message to the page, in
 * order. remix-utils' useEventSource keeps only the latest message, and a burst of bids in one render would lose
 * all but one, so this reads the EventSource itself. A jump in seq means a message was missed: the hook reconnects
 * for a fresh snapshot. The browser's EventSource reconnects by itself after most network drops, but not after all:
 * it gives up for good on an error answer (a proxy's 502 while the server restarts), waits 3 s or more between
 * tries, and a connection cut without a word (a Wi-Fi access point that went away) looks open for minutes. So the
 * hook watches: a stream lost or refused is tried again within a second, an open stream silent for longer than two of
 * its heartbeats, or one not open 2 s after a try, is opened again, and so is every stream when the browser says it is
 * back online. The server sends a snapshot on every
 * connection, and the page is "live" only once it has one: until then it shows what was true before the drop (a
 * stream open two heartbeats without one is opened again). A message cut short by a drop never reaches the page (the
 * browser passes on only whole events), and the snapshot after it replaces what the page showed. When the server ends
 * a stream because the person may no longer follow it, the page loads itself again and its loader decides what they
 * see. serverOffset is the server's clock minus the browser's, for countdowns.
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
/**
 * A connection lost or refused (the server restarting, a drop) is tried again after half of this to all of it, at
 * random, so that a room of screens does not come back all in the same instant. An error answer (429 past the stream
 * ceiling, a proxy's 502) waits RETRY_AFTER_MS, as before: the server or the proxy is there, and busy.
 */
const RETRY_AFTER_DROP_MS = 1_000;

export function useLiveStream(url: string | null, handlers: LiveStreamHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [status, setStatus] = useState<LiveStreamStatus>("connecting");
  const [serverOffset, setServerOffset] = useState(0);

  useEffect(() => {
    if (!url) return;
    let source: EventSource | null = null;
    let lastSeq = 0;
    /** Whether this connection has sent its snapshot: until then the page shows what it had before. */
    let synced = false;
    let closed = false;
    let heartbeatMs = DEFAULT_HEARTBEAT_MS;
    let lastHeard = Date.now();
    let lastTry = Date.now();
    let retry: ReturnType<typeof setTimeout> | null = null;
    const heard = () => (lastHeard = Date.now());
    const connect = () => {
      source?.close();
      if (retry) clearTimeout(retry);
      retry = null;
      lastSeq = 0;
      synced = false;
      lastTry = Date.now();
      heard();
      const current = new EventSource(url);
      source = current;
      source.addEventListener("error", () => {
        synced = false;
        setStatus("reconnecting");
        // The browser says it will try again itself (a network error, not an answer), but only in 3 s or more.
        if (current.readyState === EventSource.CONNECTING && !retry && !closed)
          retry = setTimeout(connect, RETRY_AFTER_DROP_MS * (0.5 + Math.random() / 2));
      });
      source.addEventListener("snapshot", (event) => {
        const message = JSON.parse((event as MessageEvent).data) as {
          seq: number;
          serverTime: number;
          heartbeatMs?: number;
          data: unknown;
        };
        heard();
        lastSeq = message.seq;
        synced = true;
        if (message.heartbeatMs) heartbeatMs = message.heartbeatMs;
        setServerOffset(message.serverTime - Date.now());
        setStatus("live");
        latest.current.onSnapshot(message.data);
      });
      source.addEventListener("delta", (event) => {
        const message = JSON.parse((event as MessageEvent).data) as { seq: number; type: string; data: unknown };
        heard();
        if (!synced || message.seq !== lastSeq + 1) {
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
      // Open but never sent its snapshot (the server could not read it): the page would wait for good.
      const unsynced = state === EventSource.OPEN && !synced && now - lastTry > heartbeatMs * 2 + WATCH_EVERY_MS;
      if (stuck || silent || unsynced) {
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
      if (retry) clearTimeout(retry);
      window.removeEventListener("online", backOnline);
      source?.close();
    };
  }, [url]);

  return { status, serverOffset };
}
