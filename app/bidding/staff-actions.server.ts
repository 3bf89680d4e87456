/**
 * What staff do to an item's bidding from /admin/bids/silentbids: close it now, extend it, reopen it (only until
 * winners are notified) and retract a bid with a reason that is kept. Each runs under the item's row lock, scoped
 * to the event, and publishes the item's new state.
 */
import { and, asc, desc, eq, gte, inArray, ne } from "drizzle-orm";
import { Refusal } from "~/forms/refusal";
import { enqueueExtendedMessages, enqueueItemMessages } from "~/messages/outbox.server";
import { auction_item, bid, bid_maximum, winner } from "~drizzle/schema";
import { loadEventAuctionRules, rulesForItem } from "./auction-rules.server";
import { currentLiveItem, publishItem, publishNotices } from "./bid-messages.server";
import { closeLockedItem } from "./closing.server";
import { effectiveClose } from "./engine";
import { itemState, type ItemRow } from "./item-records.server";
import type { Database, Transaction } from "~/db/connection.server";

/** A staff action the item's state forbids (closed already, not this event's): said above the dialog. */
export class StaffActionError extends Refusal {}

async function withLockedItem<T>(
  db: Database,
  eventId: number,
  itemId: number,
  work: (tx: Transaction, row: ItemRow) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(auction_item)
      .where(and(eq(auction_item.auction_item_id, itemId), eq(auction_item.event_id, eventId)))
      .for("update");
    if (!row || (row.type !== "silent" && row.type !== "virtual"))
      throw new StaffActionError("There is no such silent or virtual item at this event.");
    return work(tx, row);
  });
}

async function publishRow(tx: Transaction, itemId: number) {
  const [row] = await tx.select().from(auction_item).where(eq(auction_item.auction_item_id, itemId));
  const rules = await loadEventAuctionRules(tx, row.event_id);
  const itemRules = rules ? rulesForItem(rules, row) : null;
  if (itemRules) await publishItem(tx, row.event_id, await currentLiveItem(tx, row, itemRules));
}

export function closeItemNow(db: Database, eventId: number, itemId: number, at = new Date()) {
  return withLockedItem(db, eventId, itemId, async (tx, row) => {
    if (row.closed_at) throw new StaffActionError("This item has already closed.");
    const units = await closeLockedItem(tx, row, at);
    await publishRow(tx, itemId);
    // The winners hear of it as when the item closes on time, in the close's transaction.
    await enqueueItemMessages(tx, {
      eventId,
      itemId,
      usrIds: units.map((unit) => unit.usrId),
      template: "won",
      amount: null,
    });
    await publishNotices(
      tx,
      eventId,
      itemId,
      units.map((unit) => ({ type: "won" as const, usrId: unit.usrId })),
    );
    return units;
  });
}

export function extendItem(db: Database, eventId: number, itemId: number, until: Date, at = new Date()) {
  return withLockedItem(db, eventId, itemId, async (tx, row) => {
    if (row.closed_at) throw new StaffActionError("This item has closed: reopen it to take more bids.");
    if (until <= at) throw new StaffActionError("Choose a time in the future.");
    const rules = await loadEventAuctionRules(tx, eventId);
    const itemRules = rules ? rulesForItem(rules, row) : null;
    const close = itemRules ? effectiveClose(itemState(row), itemRules) : row.closes_at;
    if (close && until <= close)
      throw new StaffActionError("Choose a time after the item's current close: extending cannot bring it forward.");
    await tx.update(auction_item).set({ closes_at: until }).where(eq(auction_item.auction_item_id, itemId));
    await publishRow(tx, itemId);
    await publishNotices(tx, eventId, itemId, [{ type: "extended", closesAt: until }]);
    // Everyone who bid on it learns the new end, as when a late bid moves a soft close.
    await enqueueExtendedMessages(tx, { eventId, itemId, closesAt: until, exceptUsrIds: [], amount: row.current_bid });
  });
}

export function reopenItem(db: Database, eventId: number, itemId: number, until: Date, at = new Date()) {
  return withLockedItem(db, eventId, itemId, async (tx, row) => {
    if (!row.closed_at) throw new StaffActionError("This item is open.");
    if (row.winners_notified_at)
      throw new StaffActionError("Winners have been notified: this item can no longer reopen.");
    if (row.sold_quantity >= row.quantity)
      throw new StaffActionError("Every unit was bought outright: there is nothing left to bid on.");
    if (until <= at) throw new StaffActionError("Choose a closing time in the future.");
    // Units won by bids go back to bidding; units bought outright stay sold.
    const bidUnits = await tx
      .select({ bidId: bid.bid_id })
      .from(bid)
      .where(and(eq(bid.auction_item_id, itemId), eq(bid.status, "won"), eq(bid.kind, "bid")));
    await tx.delete(winner).where(and(eq(winner.auction_item_id, itemId), gte(winner.unit, row.sold_quantity + 1)));
    if (bidUnits.length > 0)
      await tx
        .update(bid)
        .set({ status: "winning" })
        .where(
          inArray(
            bid.bid_id,
            bidUnits.map((unit) => unit.bidId),
          ),
        );
    await tx
      .update(bid)
      .set({ status: "outbid" })
      .where(and(eq(bid.auction_item_id, itemId), eq(bid.status, "lost")));
    const [firstSold] = await tx
      .select({ usrId: winner.usr_id })
      .from(winner)
      .where(eq(winner.auction_item_id, itemId))
      .orderBy(asc(winner.unit))
      .limit(1);
    await tx
      .update(auction_item)
      .set({ closed_at: null, closes_at: until, winner_id: firstSold?.usrId ?? null })
      .where(eq(auction_item.auction_item_id, itemId));
    await publishRow(tx, itemId);
  });
}

/**
 * Retracts a bid and the same bidder's later bids on the item (their maximum goes too), keeping the reason. The
 * remaining bids decide again who holds the units, at the amounts they bid.
 */
export function retractBid(db: Database, eventId: number, itemId: number, bidId: number, reason: string) {
  const why = reason.trim();
  return withLockedItem(db, eventId, itemId, async (tx, row) => {
    if (!why) throw new StaffActionError("Give the reason for retracting this bid.");
    if (row.closed_at) throw new StaffActionError("This item has closed: reopen it before retracting a bid.");
    const [target] = await tx
      .select()
      .from(bid)
      .where(and(eq(bid.bid_id, bidId), eq(bid.auction_item_id, itemId)));
    if (!target || target.kind !== "bid" || target.status === "retracted")
      throw new StaffActionError("This bid cannot be retracted.");
    await tx
      .update(bid)
      .set({ status: "retracted", retract_reason: why })
      .where(
        and(
          eq(bid.auction_item_id, itemId),
          eq(bid.usr_id, target.usr_id),
          gte(bid.bid_id, bidId),
          ne(bid.status, "retracted"),
          eq(bid.kind, "bid"),
        ),
      );
    await tx
      .delete(bid_maximum)
      .where(and(eq(bid_maximum.auction_item_id, itemId), eq(bid_maximum.usr_id, target.usr_id)));

    const standing = await tx
      .select({ bidId: bid.bid_id, usrId: bid.usr_id, amount: bid.bid, kind: bid.kind })
      .from(bid)
      .where(and(eq(bid.auction_item_id, itemId), ne(bid.status, "retracted")))
      .orderBy(desc(bid.bid), asc(bid.bid_id));
    const units = Math.max(0, row.quantity - row.sold_quantity);
    const holders: number[] = [];
    const seen = new Set<number>();
    for (const candidate of standing) {
      if (candidate.kind !== "bid" || seen.has(candidate.usrId) || holders.length >= units) continue;
      seen.add(candidate.usrId);
      holders.push(candidate.bidId);
    }
    const bids = standing.filter((candidate) => candidate.kind === "bid").map((candidate) => candidate.bidId);
    const others = bids.filter((id) => !holders.includes(id));
    if (holders.length > 0) await tx.update(bid).set({ status: "winning" }).where(inArray(bid.bid_id, holders));
    if (others.length > 0) await tx.update(bid).set({ status: "outbid" }).where(inArray(bid.bid_id, others));
    await tx
      .update(auction_item)
      .set({ current_bid: standing[0]?.amount ?? null, bid_count: standing.length })
      .where(eq(auction_item.auction_item_id, itemId));
    await publishRow(tx, itemId);
  });
}
