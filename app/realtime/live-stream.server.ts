/**
 * A server-sent-event stream of one or more bus topics (remix-utils eventStream). Protocol, read by app/realtime/use-live-stream.ts:
 * - `snapshot` {seq, serverTime, heartbeatMs, data} first, and again whenever the bus may have lost messages;
 * - `delta` {seq, type, data} for each message, seq rising by one, so a client that sees a jump knows it missed one;
 * - `heartbeat` {seq, serverTime} every 15 s, which keeps proxies from closing the stream and the page's clock right;
 * - `ended` {} when the person may no longer follow it (their role changed, their sessions were ended): the stream
 *   closes, and the page loads itself again, so that its loader decides what they see.
 */
import { realtimeBus, type RealtimeMessage, type Subscriber } from "./bus.server";
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

/** An event as one chunk, for a body read as a stream: its head, then the tail shared by every stream. */
function joined(head: string, tail: Uint8Array): Uint8Array {
  const headBytes = encoder.encode(head);
  const bytes = new Uint8Array(headBytes.length + tail.length);
  bytes.set(headBytes);
  bytes.set(tail, headBytes.length);
  return bytes;
}

/**
 * Where a live stream's events go: each event as its own text (name, seq, times) and, for a delta or a snapshot, the
 * bytes that follow it, shared by every stream (written as they are, never copied per stream: a board's snapshot is
 * tens of kilobytes, for each of thousands of phones); and the end, when the stream ends itself.
 */
export interface LiveSink {
  write(head: string, tail?: Uint8Array): void;
  end(): void;
}

/** A live stream not started yet: given its sink, it starts, and returns its stop (idempotent) for when it ends. */
export type LiveSource = (sink: LiveSink) => () => void;

/**
 * The sources of the stream responses made and not yet read: server.js claims a stream's source and writes its events
 * to the socket itself (decision 044), so that an open stream holds no Fetch Request, Response or ReadableStream.
 */
const unclaimedSources = new WeakMap<Response, LiveSource>();

/** A live stream response's source, for the server to write to its socket itself; null for any other response. */
export function claimLiveStream(response: Response): LiveSource | null {
  const source = unclaimedSources.get(response) ?? null;
  unclaimedSources.delete(response);
  return source;
}

const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache",
  Connection: "keep-alive",
  // nginx, and balancers that follow it, pass the stream through as it is written instead of buffering it.
  "X-Accel-Buffering": "no",
};

/**
 * A server-sent-event response whose events are written as bytes, one chunk each (as remix-utils' eventStream,
 * which encodes every event's two lines apart). The source starts on the body's first read, not when the response
 * is made: a stream the server claims (claimLiveStream) never starts here.
 */
function eventStreamResponse(signal: AbortSignal, source: LiveSource): Response {
  let stop: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (stop) return;
        // Read here, it can no longer be claimed.
        unclaimedSources.delete(response);
        let closed = false;
        const close = () => {
          if (closed) return;
          closed = true;
          signal.removeEventListener("abort", close);
          stop?.();
          controller.close();
        };
        stop = source({
          write: (head, tail) => {
            if (!closed) controller.enqueue(tail ? joined(head, tail) : encoder.encode(head));
          },
          end: close,
        });
        if (closed) stop();
        signal.addEventListener("abort", close);
        if (signal.aborted) close();
      },
      cancel() {
        stop?.();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, { headers: EVENT_STREAM_HEADERS });
  unclaimedSources.set(response, source);
  return response;
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
  // No closure below may use `request`: a stream the server claims would keep it (and its signal) for hours.
  return eventStreamResponse(request.signal, liveSource(options));
}

function liveSource(options: LiveStreamOptions): LiveSource {
  return (sink) => {
    const stream = new OpenStream(options, sink);
    stream.start();
    return () => stream.stop();
  };
}

/**
 * One open stream: its numbering, its place on the bus and in the heartbeat, kept as one object with its methods on
 * the class rather than a dozen closures each (thousands are open at once: decision 044).
 */
class OpenStream implements Subscriber {
  readonly heartbeatMs: number;
  /** Its place among the heartbeats (below). */
  heartbeatSlot: Set<OpenStream> | null = null;
  private seq = 0;
  private open = true;
  private leave: (() => void) | null = null;
  /** Messages that arrive while a snapshot is being read wait for it, so they are applied after it. */
  private pending: RealtimeMessage[] | null = [];
  /**
   * Deltas leave in the order their messages came. Most projections answer at once and the delta is written then;
   * while one that reads the database is under way, the messages after it wait in this chain.
   */
  private queued: Promise<void> | null = null;
  private checking = false;

  constructor(
    private readonly options: LiveStreamOptions,
    private readonly sink: LiveSink,
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  start() {
    const { options } = this;
    const bus = realtimeBus(options.connection);
    const topics = typeof options.topic === "string" ? [options.topic] : options.topic;
    const recheck = () => this.recheckAccess();
    Promise.all([
      ...topics.map((topic) => bus.subscribe(topic, this)),
      ...(options.access ? [bus.subscribe(options.access.personTopic, { onMessage: recheck, onResync: recheck })] : []),
    ])
      .then((unsubscribes) => {
        const unsubscribe = () => unsubscribes.forEach((leaveTopic) => leaveTopic());
        if (!this.open) return unsubscribe();
        this.leave = unsubscribe;
        return this.sendSnapshot();
      })
      .catch((error) => console.error("[realtime] could not subscribe:", error));
    heartbeats.join(this);
  }

  stop() {
    if (!this.open) return;
    this.open = false;
    heartbeats.leave(this);
    this.leave?.();
  }

  onMessage(message: RealtimeMessage) {
    if (this.pending) this.pending.push(message);
    else this.deliver(message);
  }

  onResync() {
    void this.sendSnapshot();
  }

  beat() {
    this.emit("heartbeat", { seq: this.seq, serverTime: Date.now() });
    this.recheckAccess();
  }

  private emit(event: string, data: unknown) {
    if (this.open) this.sink.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private pass(message: RealtimeMessage, data: unknown) {
    if (data === null || data === undefined) return;
    this.seq += 1;
    if (this.open) this.sink.write(`event: delta\ndata: {"seq":${this.seq}`, deltaTail(message, data));
  }

  private deliver(message: RealtimeMessage) {
    const { project } = this.options;
    if (this.queued) {
      this.enqueue(async () => this.pass(message, project ? await project(message) : message.data));
      return;
    }
    let data: unknown;
    try {
      data = project ? project(message) : message.data;
    } catch (error) {
      return passFailed(error);
    }
    if (data instanceof Promise) this.enqueue(async () => this.pass(message, await data));
    else this.pass(message, data);
  }

  private enqueue(step: () => Promise<void>) {
    const next: Promise<void> = (this.queued ?? Promise.resolve())
      .then(step)
      .catch(passFailed)
      .finally(() => {
        if (this.queued === next) this.queued = null;
      });
    this.queued = next;
  }

  private async sendSnapshot() {
    this.pending ??= [];
    try {
      const data = await this.options.snapshot();
      this.seq += 1;
      const head = `event: snapshot\ndata: {"seq":${this.seq},"serverTime":${Date.now()},"heartbeatMs":${this.heartbeatMs}`;
      if (this.open) this.sink.write(head, snapshotTail(data));
    } catch (error) {
      console.error("[realtime] could not read a snapshot:", error);
    }
    const waiting = this.pending;
    this.pending = null;
    for (const message of waiting) this.deliver(message);
  }

  private recheckAccess() {
    const { access } = this.options;
    if (!access || this.checking) return;
    this.checking = true;
    void access
      .stillAllowed()
      .catch(() => false)
      .then((allowed) => {
        this.checking = false;
        if (allowed || !this.open) return;
        this.emit("ended", {});
        this.sink.end();
      });
  }
}

const passFailed = (error: unknown) => console.error("[realtime] could not pass on a message:", error);

/**
 * The open streams' heartbeats, one timer per heartbeat length rather than one per stream. Its streams are spread
 * over HEARTBEAT_SLOTS slots, one beaten per tick, so that ten thousand streams do not all write in the same instant;
 * a stream joins the slot just beaten, so its first heartbeat comes one whole heartbeat after it opened.
 */
const HEARTBEAT_SLOTS = 15;

const heartbeats = (() => {
  const tickers = new Map<number, { slots: Set<OpenStream>[]; current: number; timer: NodeJS.Timeout }>();
  return {
    join(stream: OpenStream) {
      let ticker = tickers.get(stream.heartbeatMs);
      if (!ticker) {
        const slots = Array.from({ length: HEARTBEAT_SLOTS }, () => new Set<OpenStream>());
        const created = {
          slots,
          current: 0,
          timer: setInterval(() => tick(created), stream.heartbeatMs / HEARTBEAT_SLOTS),
        };
        created.timer.unref();
        tickers.set(stream.heartbeatMs, (ticker = created));
      }
      stream.heartbeatSlot = ticker.slots[ticker.current];
      stream.heartbeatSlot.add(stream);
    },
    leave(stream: OpenStream) {
      stream.heartbeatSlot?.delete(stream);
      stream.heartbeatSlot = null;
      const ticker = tickers.get(stream.heartbeatMs);
      if (ticker && ticker.slots.every((slot) => slot.size === 0)) {
        clearInterval(ticker.timer);
        tickers.delete(stream.heartbeatMs);
      }
    },
  };
  function tick(ticker: { slots: Set<OpenStream>[]; current: number }) {
    ticker.current = (ticker.current + 1) % HEARTBEAT_SLOTS;
    for (const stream of ticker.slots[ticker.current]) {
      try {
        stream.beat();
      } catch (error) {
        console.error("[realtime] a heartbeat failed:", error);
      }
    }
  }
})();
