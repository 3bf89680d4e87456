// The bid transaction's edges (issue 19): a confirmation's key sent with another item is refused, not a 500; a
// bid that waits for the item's lock takes its time when it gets the lock, not before. And (issue 18) a bid the
// committed state already refuses is answered without waiting for the lock.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { placeBid } from "~/bidding/place-bid.server";
import { auction_item, bid } from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";

const { db } = testDatabase();

/** Another transaction holding the item's row lock until released. */
async function holdItemLock(itemId: number) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = db.transaction(async (tx) => {
    await tx.select().from(auction_item).where(eq(auction_item.auction_item_id, itemId)).for("update");
    locked();
    await held;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

describe(`the bid transaction on ${process.env.TEST_DB_ENGINE}`, () => {
  it("refuses a confirmation's key sent again with another item, and records nothing for it", async () => {
    const gala = await makeAuctionEvent(db);
    const [kayak, cruise] = [await makeAuctionItem(db, gala.event_id), await makeAuctionItem(db, gala.event_id)];
    const ann = await makeBidder(db, gala.event_id);
    const submission = { kind: "bid" as const, amount: 10_000, maximum: null };
    const input = { eventId: gala.event_id, usrId: ann.usrId, submission, idempotencyKey: "one-confirmation" };
    expect(await placeBid(db, { ...input, itemId: kayak.auction_item_id })).toMatchObject({ ok: true });
    expect(await placeBid(db, { ...input, itemId: cruise.auction_item_id })).toMatchObject({
      ok: false,
      refusal: "review_again",
    });
    expect(await db.select().from(bid).where(eq(bid.auction_item_id, cruise.auction_item_id))).toEqual([]);
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can make a bid wait for a lock another one holds.
  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "takes the bid's time once it holds the item, after the transaction it waited for",
    async () => {
      const gala = await makeAuctionEvent(db);
      const item = await makeAuctionItem(db, gala.event_id);
      const ann = await makeBidder(db, gala.event_id);
      const holder = await holdItemLock(item.auction_item_id);
      const placing = placeBid(db, {
        eventId: gala.event_id,
        itemId: item.auction_item_id,
        usrId: ann.usrId,
        submission: { kind: "bid", amount: 10_000, maximum: null },
        idempotencyKey: null,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const releasedAt = Date.now();
      await holder.release();
      expect(await placing).toMatchObject({ ok: true });
      const [row] = await db.select().from(bid).where(eq(bid.auction_item_id, item.auction_item_id));
      expect(row.created_at.getTime()).toBeGreaterThanOrEqual(releasedAt);
    },
  );

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "answers a bid already too low at once, while another bid holds the item's lock",
    async () => {
      const gala = await makeAuctionEvent(db);
      const item = await makeAuctionItem(db, gala.event_id);
      const [ann, ben] = [await makeBidder(db, gala.event_id), await makeBidder(db, gala.event_id)];
      const bidOf = (usrId: number, amount: number) =>
        placeBid(db, {
          eventId: gala.event_id,
          itemId: item.auction_item_id,
          usrId,
          submission: { kind: "bid", amount, maximum: null },
          idempotencyKey: null,
        });
      expect(await bidOf(ann.usrId, 10_000)).toMatchObject({ ok: true });
      const holder = await holdItemLock(item.auction_item_id);
      try {
        // Were it to wait for the lock, this would not settle until the holder lets go, which it does only after.
        const answer = await bidOf(ben.usrId, 10_000);
        expect(answer).toMatchObject({ ok: false, refusal: "too_low", nextMinimum: 11_000 });
      } finally {
        await holder.release();
      }
      expect(await db.select().from(bid).where(eq(bid.auction_item_id, item.auction_item_id))).toHaveLength(1);
    },
  );
});
