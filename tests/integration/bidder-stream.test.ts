// /inroombid/stream: the room's phones opening the board's stream together (the venue's Wi-Fi back after a drop)
// share the board's reads, and none of them misses a bid placed while they open: each ends on the same board, the
// last bid's.
import { describe, expect, it } from "vitest";
import { placeBid } from "~/bidding/place-bid.server";
import * as stream from "~/routes/inroombid_.stream";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { LiveItem } from "~/bidding/live-item";

const { db } = testDatabase();
const PHONES = 25;

/** A phone's open stream: the board as its snapshot and deltas leave it. */
async function openPhone(eventId: number, signal: AbortSignal) {
  const request = new Request(makeRequest(`/inroombid/stream?id=${eventId}`), { signal });
  const outcome = await call(stream.loader as RouteFunction, request);
  expect(outcome.status).toBe(200);
  const reader = outcome.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
  const board = new Map<number, LiveItem>();
  let buffered = "";
  let lastSeq = 0;
  return {
    board,
    /** Reads events until the item's current bid is `amount`; a gap in the numbering fails. */
    async until(itemId: number, amount: number) {
      while (board.get(itemId)?.currentBid !== amount) {
        const { value, done } = await reader.read();
        if (done) throw new Error("The stream ended.");
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf("\n\n")) >= 0) {
          const [nameLine, dataLine] = buffered.slice(0, end).split("\n");
          buffered = buffered.slice(end + 2);
          const message = JSON.parse(dataLine.slice("data: ".length)) as { seq: number; data: unknown };
          const name = nameLine.slice("event: ".length);
          if (name === "snapshot") for (const item of message.data as LiveItem[]) board.set(item.id, item);
          if (name === "delta") {
            expect(message.seq).toBe(lastSeq + 1);
            board.set((message.data as LiveItem).id, message.data as LiveItem);
          }
          if (name === "snapshot" || name === "delta") lastSeq = message.seq;
        }
      }
    },
  };
}

describe(`the bidders' stream on ${process.env.TEST_DB_ENGINE}`, () => {
  it("gives phones that open together the same board, with every bid placed while they opened", async () => {
    const gala = await makeAuctionEvent(db);
    const lot = await makeAuctionItem(db, gala.event_id, { title: "Weekend in Napa", starting_bid: 10_000 });
    const other = await makeAuctionItem(db, gala.event_id, { title: "Cellar tour", starting_bid: 5_000 });
    const bidders = [await makeBidder(db, gala.event_id), await makeBidder(db, gala.event_id)];
    const abort = new AbortController();
    try {
      // The phones open while bids land: some snapshots are read before a bid, some after, some share a read.
      const opening = Promise.all(Array.from({ length: PHONES }, () => openPhone(gala.event_id, abort.signal)));
      const amounts = [10_000, 11_000, 12_000, 13_000];
      for (const [index, amount] of amounts.entries()) {
        const placed = await placeBid(db, {
          eventId: gala.event_id,
          itemId: lot.auction_item_id,
          usrId: bidders[index % 2].usrId,
          submission: { kind: "bid", amount, maximum: null },
          idempotencyKey: null,
        });
        expect(placed.ok, JSON.stringify(placed)).toBe(true);
      }
      const phones = await opening;
      await Promise.all(phones.map((phone) => phone.until(lot.auction_item_id, 13_000)));
      for (const phone of phones) {
        expect(phone.board.get(lot.auction_item_id)).toMatchObject({ currentBid: 13_000, bidCount: 4 });
        expect(phone.board.get(other.auction_item_id)).toMatchObject({ currentBid: null });
      }
    } finally {
      abort.abort();
    }
  });
});
