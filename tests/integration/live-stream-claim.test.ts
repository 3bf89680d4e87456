// A live stream the server writes to the socket itself (server.js, decision 044): the route's response hands over its
// source, which starts only when claimed, writes the snapshot and each bid to the sink, and leaves the bus when stopped.
// The same response read as a body (any other server) streams as before (bidder-stream.test.ts).
import { describe, expect, it } from "vitest";
import { eventTopic } from "~/bidding/bid-messages.server";
import { placeBid } from "~/bidding/place-bid.server";
import { realtimeBus } from "~/realtime/bus.server";
import { claimLiveStream, liveStream } from "~/realtime/live-stream.server";
import * as stream from "~/routes/inroombid_.stream";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const connection = testDatabase();
const { db } = connection;
const bus = realtimeBus(connection);

/** Waits until the written text holds `expected`. */
async function untilWritten(written: string[], expected: string) {
  for (let waited = 0; !written.join("").includes(expected); waited += 10) {
    if (waited > 10_000) throw new Error(`Never written: ${expected}\n${written.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`a live stream claimed by the server on ${process.env.TEST_DB_ENGINE}`, () => {
  it("starts only when claimed, writes the snapshot and each bid, and leaves the bus when stopped", async () => {
    const gala = await makeAuctionEvent(db);
    const lot = await makeAuctionItem(db, gala.event_id, { title: "Weekend in Napa", starting_bid: 10_000 });
    const bidder = await makeBidder(db, gala.event_id);
    const topic = eventTopic(gala.event_id);

    const outcome = await call(stream.loader as RouteFunction, makeRequest(`/inroombid/stream?id=${gala.event_id}`));
    expect(outcome.status).toBe(200);
    const response = outcome.response!;
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    // Made but not read: nothing subscribed yet.
    expect(bus.subscriberCount(topic)).toBe(0);

    const source = claimLiveStream(response);
    expect(source).not.toBeNull();
    expect(claimLiveStream(response), "a stream is claimed once").toBeNull();

    const written: string[] = [];
    let ended = false;
    const stop = source!({
      write: (head, tail) => written.push(head + (tail ? new TextDecoder().decode(tail) : "")),
      end: () => (ended = true),
    });
    await untilWritten(written, "event: snapshot");
    expect(bus.subscriberCount(topic)).toBe(1);

    const placed = await placeBid(db, {
      eventId: gala.event_id,
      itemId: lot.auction_item_id,
      usrId: bidder.usrId,
      submission: { kind: "bid", amount: 10_000, maximum: null },
      idempotencyKey: null,
    });
    expect(placed.ok, JSON.stringify(placed)).toBe(true);
    await untilWritten(written, "event: delta");
    const delta = written
      .join("")
      .split("\n\n")
      .find((event) => event.startsWith("event: delta"))!;
    const message = JSON.parse(delta.split("\n")[1].slice("data: ".length)) as {
      seq: number;
      data: { id: number; currentBid: number };
    };
    expect(message).toMatchObject({ seq: 2, data: { id: lot.auction_item_id, currentBid: 10_000 } });

    stop();
    stop();
    expect(bus.subscriberCount(topic)).toBe(0);
    expect(ended, "the client's leaving is not the stream's own end").toBe(false);
  });

  it("beats its heartbeat with its numbering while open, and never after it stopped", async () => {
    const request = makeRequest("/test/stream");
    const source = claimLiveStream(
      liveStream(request, { connection, topic: "test:heartbeat", snapshot: async () => [], heartbeatMs: 150 }),
    );
    const written: string[] = [];
    const stop = source!({ write: (head) => written.push(head), end: () => {} });
    await untilWritten(written, "event: heartbeat");
    expect(written.join("")).toMatch(/event: heartbeat\ndata: \{"seq":1,"serverTime":\d+\}/);
    stop();
    const count = written.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(written.length).toBe(count);
  });

  it("gives no source for a response that is not a live stream, or one whose body is being read", async () => {
    expect(claimLiveStream(new Response("not a stream"))).toBeNull();
    const abort = new AbortController();
    const response = liveStream(new Request(makeRequest("/test/stream"), { signal: abort.signal }), {
      connection,
      topic: "test:read",
      snapshot: async () => [],
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: snapshot");
    expect(claimLiveStream(response)).toBeNull();
    abort.abort();
  });
});
