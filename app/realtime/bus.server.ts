/**
 * The realtime bus: small messages published inside the writing transaction (so they are delivered after commit, and
 * never for a rollback), received once per app process and fanned out to that process's subscribers (server-sent-event
 * streams). The transport carries them: PostgreSQL NOTIFY, on PGlite within one process.
 */
import { notifyTransport, type BusTransport } from "./bus-transport.server";
import type { DatabaseConnection, Transaction } from "~/db/connection.server";

/** The one place that chooses how messages travel (docs/decisions/033-the-bus-beyond-one-machine.md). */
const transport: BusTransport = notifyTransport;

/** What travels on the bus. topic scopes it ("event:12", "usr:7"); data is the message's own payload. */
export interface RealtimeMessage<T = unknown> {
  topic: string;
  type: string;
  data: T;
}

export interface Subscriber {
  onMessage(message: RealtimeMessage): void;
  /** Messages may have been lost (the listening connection dropped): start again from a fresh snapshot. */
  onResync(): void;
}

/** Publishes within the caller's transaction: subscribers everywhere receive it once the transaction commits. */
export async function publish(tx: Transaction, message: RealtimeMessage) {
  await publishAll(tx, [message]);
}

/** Several messages at once, in order: a bid's item, its live lot and its notices go together. */
export async function publishAll(tx: Transaction, messages: RealtimeMessage[]) {
  const payloads = messages.map((message) => {
    const payload = JSON.stringify(message);
    // Messages are small deltas, never lists, so that every transport carries them.
    const bytes = Buffer.byteLength(payload);
    if (bytes > transport.maxPayloadBytes)
      throw new Error(`Realtime message too large (${bytes} bytes): ${message.type}`);
    return payload;
  });
  await transport.send(tx, payloads);
}

export class RealtimeBus {
  private readonly topics = new Map<string, Set<Subscriber>>();
  private listening: Promise<{ stop(): Promise<void> }> | null = null;
  private established = 0;

  constructor(private readonly connection: DatabaseConnection) {}

  /** Starts listening (once per process) and adds the subscriber to the topic; returns the way to leave. */
  async subscribe(topic: string, subscriber: Subscriber): Promise<() => void> {
    let subscribers = this.topics.get(topic);
    if (!subscribers) this.topics.set(topic, (subscribers = new Set()));
    subscribers.add(subscriber);
    await this.listen();
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0 && this.topics.get(topic) === subscribers) this.topics.delete(topic);
    };
  }

  subscriberCount(topic?: string) {
    if (topic) return this.topics.get(topic)?.size ?? 0;
    let count = 0;
    for (const subscribers of this.topics.values()) count += subscribers.size;
    return count;
  }

  async close() {
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening).stop().catch(() => {});
  }

  private listen() {
    this.listening ??= transport
      .receive(
        this.connection,
        (payload) => this.dispatch(payload),
        () => this.onListening(),
      )
      .catch((error) => {
        this.listening = null;
        throw error;
      });
    return this.listening;
  }

  private onListening() {
    // The first time is the start; any later time is a reconnection after which messages may be missing.
    this.established += 1;
    if (this.established === 1) return;
    for (const subscribers of this.topics.values()) for (const subscriber of subscribers) subscriber.onResync();
  }

  private dispatch(payload: string) {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(payload);
    } catch {
      console.error("[realtime] ignored a message that is not JSON:", payload.slice(0, 200));
      return;
    }
    const subscribers = this.topics.get(message.topic);
    if (!subscribers) return;
    for (const subscriber of subscribers) {
      try {
        subscriber.onMessage(message);
      } catch (error) {
        console.error("[realtime] a subscriber failed:", error);
      }
    }
  }
}

const buses = new WeakMap<DatabaseConnection, RealtimeBus>();

/** The process's bus for a database connection (one listener each). */
export function realtimeBus(connection: DatabaseConnection): RealtimeBus {
  let bus = buses.get(connection);
  if (!bus) buses.set(connection, (bus = new RealtimeBus(connection)));
  return bus;
}
