/**
 * /admin/bids/silentbids: the ledger of an event's silent and virtual bids as staff read it, a summary per item,
 * and the staff actions on them (close now, extend, reopen, retract), which app/bidding/staff-actions.server.ts
 * carries out. Every query is scoped to the event.
 */
import { and, asc, count, desc, eq, inArray, max, or, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db.server";
import { formatMoney, fullName } from "~/ui/format";
import { dayKey, formatInZone, pad, wallClock } from "~/ui/zoned-time";
import { auction_item, bid, event, usr, usr_event_paddle, winner } from "~drizzle/schema";
import { AUCTION_KINDS, loadEventAuctionRules, rulesForItem } from "./auction-rules.server";
import { itemState, winningPositions } from "./item-records.server";
import { liveItem } from "./live-item";
import type { BidRow, ItemSummaryRow } from "./silent-bids";

const MINUTE = 60_000;

/** The event's currency and time zone, which every amount and time of the screen is shown in. */
export async function eventDisplay(eventId: number) {
  const [row] = await db
    .select({ currency: event.currency, timezone: event.timezone, title: event.title })
    .from(event)
    .where(eq(event.event_id, eventId));
  if (!row) throw new Response("There is no such event.", { status: 404 });
  return row;
}

/** Every bid on the event's silent and virtual items, newest first. */
export async function listSilentBids(
  eventId: number,
  display: { currency: string; timezone: string },
): Promise<BidRow[]> {
  const placer = alias(usr, "placer");
  const rows = await db
    .select({
      bidId: bid.bid_id,
      itemId: bid.auction_item_id,
      lot: auction_item.lot,
      title: auction_item.title,
      type: auction_item.type,
      itemClosed: auction_item.closed_at,
      usrId: bid.usr_id,
      firstName: usr.first_name,
      lastName: usr.last_name,
      email: usr.email_address,
      paddle: usr_event_paddle.paddle,
      amount: bid.bid,
      status: bid.status,
      kind: bid.kind,
      isAutoBid: bid.is_auto_bid,
      placerFirst: placer.first_name,
      placerLast: placer.last_name,
      placerEmail: placer.email_address,
      retractReason: bid.retract_reason,
      createdAt: bid.created_at,
    })
    .from(bid)
    .innerJoin(
      auction_item,
      and(eq(auction_item.auction_item_id, bid.auction_item_id), eq(auction_item.event_id, eventId)),
    )
    .innerJoin(usr, eq(usr.usr_id, bid.usr_id))
    .leftJoin(usr_event_paddle, and(eq(usr_event_paddle.usr_id, bid.usr_id), eq(usr_event_paddle.event_id, eventId)))
    .leftJoin(placer, eq(placer.usr_id, bid.placed_by_usr_id))
    .where(and(eq(bid.event_id, eventId), inArray(auction_item.type, [...AUCTION_KINDS])))
    .orderBy(desc(bid.created_at), desc(bid.bid_id));

  return rows.map((row) => {
    const placed = wallClock(row.createdAt, display.timezone);
    return {
      bidId: row.bidId,
      itemId: row.itemId,
      lot: row.lot,
      itemTitle: row.title,
      itemType: row.type,
      bidder: personName(row.firstName, row.lastName) ?? row.email,
      paddle: row.paddle,
      email: row.email,
      amount: row.amount,
      amountLabel: formatMoney(row.amount, display.currency),
      status: row.status,
      autoBid: row.isAutoBid,
      buyNow: row.kind === "buy_now",
      placedBy: row.placerEmail === null ? null : (personName(row.placerFirst, row.placerLast) ?? row.placerEmail),
      // Sortable as text ("2027-03-14 19:05:09"), and as people read it.
      time: `${dayKey(placed)} ${pad(placed.hour)}:${pad(placed.minute)}:${pad(placed.second)}`,
      timeLabel: formatInZone(row.createdAt, display.timezone, "stamp"),
      timeMs: row.createdAt.getTime(),
      retractReason: row.retractReason,
      retractable: row.kind === "bid" && row.status !== "retracted" && row.itemClosed === null,
    };
  });
}

/**
 * One row per silent or virtual item that is published or has bids: its current bid, number of bids, the paddles
 * holding it (the winners' once it has closed), its effective close and whether it is closed.
 */
export async function listItemSummaries(
  eventId: number,
  display: { currency: string; timezone: string },
  now = new Date(),
): Promise<ItemSummaryRow[]> {
  const rules = await loadEventAuctionRules(db, eventId);
  const items = await db
    .select()
    .from(auction_item)
    .where(
      and(
        eq(auction_item.event_id, eventId),
        inArray(auction_item.type, [...AUCTION_KINDS]),
        or(eq(auction_item.status, "published"), gt(auction_item.bid_count, 0)),
      ),
    )
    .orderBy(asc(auction_item.lot), asc(auction_item.title));
  const ids = items.map((item) => item.auction_item_id);
  const positions = await winningPositions(db, eventId, ids);
  const winners = ids.length
    ? await db
        .select({ itemId: winner.auction_item_id, paddle: winner.paddle, amount: winner.amount })
        .from(winner)
        .where(and(eq(winner.event_id, eventId), inArray(winner.auction_item_id, ids)))
        .orderBy(desc(winner.amount), asc(winner.unit))
    : [];
  const ledger = ids.length
    ? await db
        .select({ itemId: bid.auction_item_id, bids: count(), last: max(bid.created_at) })
        .from(bid)
        .where(and(eq(bid.event_id, eventId), inArray(bid.auction_item_id, ids)))
        .groupBy(bid.auction_item_id)
    : [];
  const ledgerOf = new Map(ledger.map((row) => [row.itemId, row]));

  return items.map((item) => {
    const itemRules = rules ? rulesForItem(rules, item) : null;
    const live = itemRules
      ? liveItem(item.auction_item_id, itemState(item), itemRules, positions.get(item.auction_item_id) ?? [])
      : null;
    const closed = live ? live.closed : item.closed_at !== null;
    const closesAt = live ? live.closesAt : ((item.closed_at ?? item.closes_at)?.toISOString() ?? null);
    const holders = closed
      ? winners.filter((row) => row.itemId === item.auction_item_id).map((row) => row.paddle)
      : (positions.get(item.auction_item_id) ?? []).map((position) => position.paddle);
    const reopenRefusal = !closed
      ? null
      : item.winners_notified_at
        ? "Winners have been notified."
        : item.sold_quantity >= item.quantity
          ? "Every unit was bought outright."
          : null;
    // What the time fields offer first: a quarter of an hour after the current close (or from now).
    const base = Math.max(now.getTime(), closesAt ? new Date(closesAt).getTime() : 0);
    const suggested = new Date(Math.ceil((base + 15 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE).toISOString();
    return {
      itemId: item.auction_item_id,
      lot: item.lot,
      title: item.title,
      type: item.type,
      itemStatus: item.status,
      currentBid: item.current_bid,
      currentBidLabel: item.current_bid === null ? null : formatMoney(item.current_bid, display.currency),
      bidCount: ledgerOf.get(item.auction_item_id)?.bids ?? 0,
      holders: holders.filter((paddle): paddle is number => paddle !== null),
      closesAt,
      closesLabel: closesAt ? formatInZone(closesAt, display.timezone) : null,
      closed,
      auctionOn: itemRules !== null,
      reopenRefusal,
      suggestedClose: suggested,
    };
  });
}

/** What the live stream's snapshot carries: enough for the page to tell whether it is behind. */
export async function bidsMarker(eventId: number) {
  const [row] = await db
    .select({ bids: count(), lastBidId: max(bid.bid_id) })
    .from(bid)
    .where(eq(bid.event_id, eventId));
  const lastBidId = row?.lastBidId ?? null;
  // marker: what the staff screens' live streams compare (app/realtime/ui/use-live-refresh.tsx).
  return { bids: row?.bids ?? 0, lastBidId, marker: lastBidId };
}

function personName(first: string | null, last: string | null) {
  return fullName(first, last) || null;
}

/** An item as a staff action's message names it: "Weekend in Napa (lot 12)". */
export async function staffItemTitle(eventId: number, itemId: number) {
  const [row] = await db
    .select({ lot: auction_item.lot, title: auction_item.title })
    .from(auction_item)
    .where(and(eq(auction_item.auction_item_id, itemId), eq(auction_item.event_id, eventId)));
  if (!row) return "The item";
  return row.lot === null ? row.title : `${row.title} (lot ${row.lot})`;
}
