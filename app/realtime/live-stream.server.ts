/**
 * A server-sent-event stream of one or more bus topics (remix-utils eventStream). Protocol, read by app/realtime/use-live-stream.ts:
 * - `snapshot` {seq, serverTime, heartbeatMs, data} first, and again whenever the bus may have lost messages;
 * - `delta` {seq, type, data} for each message, seq rising by one, so a client that sees a jump knows it missed one;
 * - `heartbeat` {seq, serverTime} every 15 s, which keeps proxies from closing the stream and the page's clock right;
 * - `ended` {} when the person may no longer follow it (their role changed, their sessions were ended): the stream
 *   closes, and the page loads itself again, so that its loader decides what they see.
 */
import { realtimeBus, type RealtimeMessage } from "./bus.server";
import type { DatabaseConnection } from "~/db/connection.server";

export const HEARTBEAT_MS = 15_000;

const encoder = new TextEncoder();

/**
 * A delta's text after its stream's own number, `,"type":…,"data":…}` and the event's end, encoded once per bus
 * message and shared by every stream that passes the same data on: a bid reaching thousands of streams is serialised
 * once, not once per stream. Kept as long as the message is (a bus message is parsed once per process and never
 * changed).
 */
const deltaTails = new WeakMap<RealtimeMessage, { data: unknown; bytes: Uint8Array }>();

function deltaTail(message: RealtimeMessage, data: unknown): Uint8Array {
  const cached = deltaTails.get(message);
  if (cached && cached.data === data) return cached.bytes;
  const bytes = encoder.encode(`,"type":${JSON.stringify(message.type)},"data":${JSON.stringify(data)}}\n\n`);
  deltaTails.set(message, { data, bytes });
  return bytes;
}

/**
 * A snapshot's `,"data":…}` and the event's end, encoded once per data: the streams that share a read of the board
 * (app/realtime/fresh-read.server.ts), a room's phones opening together, share its bytes. Snapshots are read afresh
 * for each stream or batch and never changed after.
 */
const snapshotTails = new WeakMap<object, Uint8Array>();

function snapshotTail(data: unknown): Uint8Array {
  const encode = () => encoder.encode(`,"data":${JSON.stringify(data ?? null)}}\n\n`);
  if (typeof data !== "object" || data === null) return encode();
  let bytes = snapshotTails.get(data);
  if (!bytes) snapshotTails.set(data, (bytes = encode()));
  return bytes;
}

/** An event as one chunk: its per-stream head (name, seq, times), then the tail shared by every stream. */
function joined(head: string, tail: Uint8Array): Uint8Array {
  const headBytes = encoder.encode(head);
  const bytes = new Uint8Array(headBytes.length + tail.length);
  bytes.set(headBytes);
  bytes.set(tail, headBytes.length);
  return bytes;
}

/**
 * A server-sent-event response whose events are written as bytes, one chunk each (as remix-utils' eventStream,
 * which encodes every event's two lines apart): `init` gets the way to write and to close, and returns its cleanup.
 */
function eventStream(
  signal: AbortSignal,
  init: (write: (bytes: Uint8Array) => void, close: () => void) => () => void,
): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let cleanup: () => void = () => {};
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        signal.removeEventListener("abort", close);
        controller.close();
      };
      const dispose = init((bytes) => {
        if (!closed) controller.enqueue(bytes);
      }, close);
      if (closed) dispose();
      else cleanup = dispose;
      signal.addEventListener("abort", close);
      if (signal.aborted) close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
      // nginx, and balancers that follow it, pass the stream through as it is written instead of buffering it.
      "X-Accel-Buffering": "no",
    },
  });
}

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
  return eventStream(request.signal, (write, close) => {
    let seq = 0;
    let open = true;
    let leave: (() => void) | null = null;
    // Messages that arrive while a snapshot is being read wait for it, so they are applied after it.
    let pending: RealtimeMessage[] | null = [];
    const emit = (event: string, data: unknown) => {
      if (open) write(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    };
    // Deltas leave in the order their messages came, also when projecting one takes a read of the database.
    let delivering: Promise<void> = Promise.resolve();
    const deliver = (message: RealtimeMessage) => {
      delivering = delivering
        .then(async () => {
          const data = options.project ? await options.project(message) : message.data;
          if (data === null || data === undefined) return;
          seq += 1;
          if (open) write(joined(`event: delta\ndata: {"seq":${seq}`, deltaTail(message, data)));
        })
        .catch((error) => console.error("[realtime] could not pass on a message:", error));
    };
    const sendSnapshot = async () => {
      pending ??= [];
      try {
        const data = await options.snapshot();
        seq += 1;
        const head = `event: snapshot\ndata: {"seq":${seq},"serverTime":${Date.now()},"heartbeatMs":${heartbeatMs}`;
        if (open) write(joined(head, snapshotTail(data)));
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
