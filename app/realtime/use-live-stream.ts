/**
 * Subscribes a page to a live stream (app/realtime/live-stream.server.ts) and hands every message to the page, in
 * order. remix-utils' useEventSource keeps only the latest message, and a burst of bids in one render would lose
 * all but one, so this reads the EventSource itself. A jump in seq means a message was missed: the hook reconnects
 * for a fresh snapshot. The browser's EventSource reconnects by itself after a network drop; the server sends a
 * snapshot on every connection. serverOffset is the server's clock minus the browser's, for countdowns.
 */
import { useEffect, useRef, useState } from "react";

export interface LiveStreamHandlers {
  onSnapshot(data: unknown): void;
  onDelta(type: string, data: unknown): void;
}

export type LiveStreamStatus = "connecting" | "live" | "reconnecting";

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
    const connect = () => {
      source?.close();
      lastSeq = 0;
      source = new EventSource(url);
      source.addEventListener("open", () => setStatus("live"));
      source.addEventListener("error", () => setStatus("reconnecting"));
      source.addEventListener("snapshot", (event) => {
        const message = JSON.parse((event as MessageEvent).data) as { seq: number; serverTime: number; data: unknown };
        lastSeq = message.seq;
        setServerOffset(message.serverTime - Date.now());
        setStatus("live");
        latest.current.onSnapshot(message.data);
      });
      source.addEventListener("delta", (event) => {
        const message = JSON.parse((event as MessageEvent).data) as { seq: number; type: string; data: unknown };
        if (message.seq !== lastSeq + 1) {
          // Missed something: start again from a snapshot.
          if (!closed) connect();
          return;
        }
        lastSeq = message.seq;
        latest.current.onDelta(message.type, message.data);
      });
      source.addEventListener("heartbeat", (event) => {
        const message = JSON.parse((event as MessageEvent).data) as { seq: number; serverTime: number };
        setServerOffset(message.serverTime - Date.now());
        if (message.seq !== lastSeq && !closed) connect();
      });
    };
    connect();
    return () => {
      closed = true;
      source?.close();
    };
  }, [url]);

  return { status, serverOffset };
}
