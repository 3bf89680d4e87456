/**
 * How the realtime bus's messages travel between app processes and machines. The bus (bus.server.ts) knows topics,
 * subscribers and the JSON of a message; a transport only carries opaque payloads: sent inside the writing
 * transaction, so a rollback sends nothing, and received by each process on one listener of its own. Today's is
 * PostgreSQL NOTIFY; when its single queue becomes the limit, a broker's transport takes its place here
 * (docs/decisions/033-the-bus-beyond-one-machine.md says when, and how it keeps "nothing for a rollback").
 */
import { sql } from "drizzle-orm";
import type { DatabaseConnection, Transaction } from "~/db/connection.server";

export interface BusTransport {
  /** The largest payload it carries, in bytes. */
  maxPayloadBytes: number;
  /** Sends the payloads, in order, as part of tx: receivers everywhere get them once it commits. */
  send(tx: Transaction, payloads: string[]): Promise<void>;
  /**
   * Receives every payload any process sends. onReceiving runs each time receiving starts: after a lost connection,
   * payloads sent meanwhile are gone, so the bus tells its subscribers to resync then.
   */
  receive(
    connection: DatabaseConnection,
    onPayload: (payload: string) => void,
    onReceiving: () => void,
  ): Promise<{ stop(): Promise<void> }>;
}

const NOTIFY_CHANNEL = "gavel_realtime";

/** PostgreSQL's NOTIFY: delivered after commit, to one LISTEN connection per process. */
export const notifyTransport: BusTransport = {
  // NOTIFY refuses payloads of 8,000 bytes or more.
  maxPayloadBytes: 7_900,
  async send(tx, payloads) {
    if (payloads.length === 0) return;
    // One statement for all of them: a bid's item, its live lot and its notices in one round trip.
    const notifications = payloads.map((payload) => sql`pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
    await tx.execute(sql`select ${sql.join(notifications, sql`, `)}`);
  },
  async receive(connection, onPayload, onReceiving) {
    const { unlisten } = await connection.listen(NOTIFY_CHANNEL, onPayload, onReceiving);
    return { stop: unlisten };
  },
};
