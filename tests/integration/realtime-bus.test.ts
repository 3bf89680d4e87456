// The realtime bus over its transport: messages published in a transaction reach the topic's subscribers in order
// once it commits, never for a rollback, and only on their topic; a message too large for the transport is refused
// before anything is sent.
import { afterEach, describe, expect, it } from "vitest";
import { publish, publishAll, realtimeBus, type RealtimeMessage } from "~/realtime/bus.server";
import { testDatabase } from "../support/database";

const connection = testDatabase();
const { db } = connection;
const bus = realtimeBus(connection);

const leaving: Array<() => void> = [];
afterEach(() => {
  leaving.splice(0).forEach((leave) => leave());
});

async function listen(topic: string) {
  const received: RealtimeMessage[] = [];
  leaving.push(await bus.subscribe(topic, { onMessage: (message) => received.push(message), onResync: () => {} }));
  return received;
}

/** Long enough for a notification sent by a commit to arrive; used to show that none was sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

const topicOfThisTest = () => `test:${Math.random().toString(36).slice(2)}`;

describe("the realtime bus", () => {
  it("delivers a committed transaction's messages in order, on their topic only", async () => {
    const topic = topicOfThisTest();
    const received = await listen(topic);
    const elsewhere = await listen(topicOfThisTest());

    await db.transaction(async (tx) => {
      await publishAll(tx, [
        { topic, type: "item", data: { id: 1, currentBid: 1000 } },
        { topic, type: "notice", data: { text: "Outbid" } },
      ]);
      await publish(tx, { topic, type: "item", data: { id: 1, currentBid: 1100 } });
      // Nothing arrives before the commit.
      await settle();
      expect(received).toEqual([]);
    });

    await expect.poll(() => received.length).toBe(3);
    expect(received.map((message) => [message.type, message.data])).toEqual([
      ["item", { id: 1, currentBid: 1000 }],
      ["notice", { text: "Outbid" }],
      ["item", { id: 1, currentBid: 1100 }],
    ]);
    expect(elsewhere).toEqual([]);
  });

  it("sends nothing for a transaction that rolls back", async () => {
    const topic = topicOfThisTest();
    const received = await listen(topic);

    await expect(
      db.transaction(async (tx) => {
        await publish(tx, { topic, type: "item", data: { id: 2 } });
        throw new Error("the bid failed after publishing");
      }),
    ).rejects.toThrow("the bid failed after publishing");

    await settle();
    expect(received).toEqual([]);
  });

  it("refuses a message too large for the transport, and sends none of its batch", async () => {
    const topic = topicOfThisTest();
    const received = await listen(topic);

    await expect(
      db.transaction(async (tx) => {
        await publishAll(tx, [
          { topic, type: "item", data: { id: 3 } },
          { topic, type: "list", data: "é".repeat(4_000) },
        ]);
      }),
    ).rejects.toThrow(/Realtime message too large \(\d+ bytes\): list/);

    await settle();
    expect(received).toEqual([]);
  });
});
