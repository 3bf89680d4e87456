/**
 * One bid, one transaction: lock the item's row, decide with the engine against its current state, append to the
 * ledger, update the item, and publish on the realtime bus (delivered after commit). The same idempotency key from
 * the same bidder counts once: a double tap or a retry returns the first outcome.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { retryTransient } from "~/db/errors.server";
import { enqueueExtendedMessages, enqueueItemMessages, enqueueOutbidMessages } from "~/messages/outbox.server";
import { notifyTeam } from "~/messages/team-notifications.server";
import { publish } from "~/realtime/bus.server";
import { auction_item, bid, bid_maximum, card_on_file, usr, usr_event_paddle, winner } from "~drizzle/schema";
import { LIVE_LOT_RULES, loadEventAuctionRules, rulesForItem, type EventAuctionRules } from "./auction-rules.server";
import { closeLockedItem } from "./closing.server";
import { decide, type BidNotice, type Outcome, type Refusal, type Submission } from "./engine";
import { heldUnits, itemState, winningPositions, type ItemRow } from "./item-records.server";
import { liveItem, type LiveItem } from "./live-item";
import type { Database, Transaction } from "~/db/connection.server";

export interface PlaceBidInput {
  eventId: number;
  itemId: number;
  usrId: number;
  submission: Submission;
  /** From the form that was confirmed; null for callers that never retry. */
  idempotencyKey: string | null;
  /** A team member bidding for the guest at a bid station. */
  placedByUsrId?: number | null;
  /** The auction is in testing and the bidder may preview it. */
  allowTesting?: boolean;
  /** The event's rules when the caller has read them already (a page's context): saves reading them again. */
  rules?: EventAuctionRules;
  /**
   * A live lot's floor bid, entered by the clerk for a paddle in the room (app/bidding/live-lots.server.ts): the
   * lot's live rules apply whether or not it is marked for online bidding, and no card on file is asked for.
   */
  floor?: boolean;
  /** Runs in the bid's transaction once the bid is taken (not for a repeat): the live console's log entry. */
  onPlaced?: (
    tx: Transaction,
    placed: { bidId: number | null; amount: number | null; item: LiveItem },
  ) => Promise<void>;
  at?: Date;
}

export type PlaceBidResult =
  | { ok: true; outcome: Outcome; repeated: boolean; item: LiveItem; amount: number | null }
  | { ok: false; refusal: Refusal; nextMinimum: number | null; item: LiveItem | null };

export const eventTopic = (eventId: number) => `event:${eventId}`;
export const noticeTopic = (eventId: number) => `notices:${eventId}`;
/**
 * The live auction of an event: the clerk's console, the projector and the monitors follow it. Bids on live lots
 * (floor or online) are published here as well as on the event's topic; the console's changes as the room's state.
 */
export const liveTopic = (eventId: number) => `live:${eventId}`;

export async function placeBid(db: Database, input: PlaceBidInput): Promise<PlaceBidResult> {
  const rules = input.rules ?? (await loadEventAuctionRules(db, input.eventId));
  if (!rules) return { ok: false, refusal: "not_biddable", nextMinimum: null, item: null };
  const bidder = await bidderStanding(db, rules, input);

  return retryTransient(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(auction_item)
        .where(and(eq(auction_item.auction_item_id, input.itemId), eq(auction_item.event_id, input.eventId)))
        .for("update");
      // The bid's time is when it holds the item: a bid that waited for the lock past the close is late.
      const at = input.at ?? new Date();
      const itemRules = row ? (input.floor && row.type === "live" ? LIVE_LOT_RULES : rulesForItem(rules, row)) : null;
      if (!row || !itemRules) return { ok: false, refusal: "not_biddable", nextMinimum: null, item: null };
      if (rules.auctions[row.type as "silent" | "virtual"]?.testing && !input.allowTesting) {
        return { ok: false, refusal: "not_biddable", nextMinimum: null, item: null };
      }

      if (input.idempotencyKey) {
        const [earlier] = await tx
          .select({ status: bid.status, kind: bid.kind, amount: bid.bid, itemId: bid.auction_item_id })
          .from(bid)
          .where(and(eq(bid.usr_id, input.usrId), eq(bid.idempotency_key, input.idempotencyKey)));
        // A confirmation is for one item: its key on another item is a form sent where it does not belong.
        if (earlier && earlier.itemId !== row.auction_item_id)
          return { ok: false, refusal: "review_again", nextMinimum: null, item: null };
        if (earlier) {
          const item = await currentLiveItem(tx, row, itemRules);
          const outcome: Outcome =
            earlier.kind === "buy_now" || earlier.status === "won"
              ? "won"
              : earlier.status === "winning"
                ? "winning"
                : "outbid";
          return { ok: true, outcome, repeated: true, item, amount: earlier.amount };
        }
      }

      const state = itemState(row);
      const positions =
        (await winningPositions(tx, input.eventId, [row.auction_item_id])).get(row.auction_item_id) ?? [];
      const leader = row.quantity === 1 ? positions[0] : undefined;
      const [leaderMaximum] = leader
        ? await tx
            .select({ usrId: bid_maximum.usr_id, amount: bid_maximum.amount })
            .from(bid_maximum)
            .where(and(eq(bid_maximum.auction_item_id, row.auction_item_id), eq(bid_maximum.usr_id, leader.usrId)))
        : [];
      const decision = decide({
        item: state,
        rules: itemRules,
        positions,
        leaderMaximum: leaderMaximum ?? null,
        bidder,
        submission: input.submission,
        at,
      });
      if (!decision.ok) {
        return {
          ok: false,
          refusal: decision.refusal,
          nextMinimum: decision.nextMinimum,
          item: liveItem(row.auction_item_id, state, itemRules, positions),
        };
      }

      if (decision.demoted.length > 0) {
        await tx
          .update(bid)
          .set({ status: "outbid" })
          .where(and(eq(bid.auction_item_id, row.auction_item_id), inArray(bid.bid_id, decision.demoted)));
      }
      let ownRow: { bidId: number; amount: number } | null = null;
      if (decision.rows.length > 0) {
        const inserted = await tx
          .insert(bid)
          .values(
            decision.rows.map((newRow) => ({
              event_id: input.eventId,
              usr_id: newRow.usrId,
              auction_item_id: row.auction_item_id,
              bid: newRow.amount,
              status: newRow.status,
              kind: newRow.kind,
              is_auto_bid: newRow.isAutoBid,
              idempotency_key: newRow.own ? input.idempotencyKey : null,
              placed_by_usr_id: newRow.own ? (input.placedByUsrId ?? null) : null,
              created_at: at,
            })),
          )
          .returning({ bidId: bid.bid_id, amount: bid.bid });
        const ownIndex = decision.rows.findIndex((newRow) => newRow.own);
        ownRow = ownIndex >= 0 ? inserted[ownIndex] : null;
      }
      if (decision.maximum) {
        await tx
          .insert(bid_maximum)
          .values({
            event_id: input.eventId,
            auction_item_id: row.auction_item_id,
            usr_id: decision.maximum.usrId,
            amount: decision.maximum.amount,
            set_at: at,
          })
          .onConflictDoUpdate({
            target: [bid_maximum.auction_item_id, bid_maximum.usr_id],
            set: { amount: sql`greatest(${bid_maximum.amount}, excluded.amount)`, set_at: at },
          });
      }
      const [updated] = await tx
        .update(auction_item)
        .set({
          current_bid: decision.item.currentBid,
          bid_count: decision.item.bidCount,
          closes_at: decision.item.closesAt,
          sold_quantity: decision.item.soldQuantity,
        })
        .where(eq(auction_item.auction_item_id, row.auction_item_id))
        .returning();
      const notices: BidNotice[] = [...decision.notices];
      if (input.submission.kind === "buy_now" && ownRow) {
        await tx.insert(winner).values({
          event_id: input.eventId,
          auction_item_id: row.auction_item_id,
          unit: decision.item.soldQuantity,
          usr_id: input.usrId,
          bid_id: ownRow.bidId,
          paddle: bidder.paddle,
          amount: ownRow.amount,
        });
        if (updated.winner_id === null)
          await tx
            .update(auction_item)
            .set({ winner_id: input.usrId })
            .where(eq(auction_item.auction_item_id, row.auction_item_id));
      }
      if (decision.soldOut) {
        const units = await closeLockedItem(tx, updated, at);
        notices.push(
          ...units
            .filter((unit) => unit.usrId !== input.usrId)
            .map((unit) => ({ type: "won" as const, usrId: unit.usrId })),
        );
        updated.closed_at = at;
      }
      await enqueueNoticeMessages(tx, input, row.auction_item_id, notices, decision.item.currentBid, at);
      if (input.submission.kind === "buy_now" && ownRow) {
        await notifyTeam(tx, {
          eventId: input.eventId,
          flag: "notify_buy_now",
          template: "team_buy_now",
          key: `buy_now:${ownRow.bidId}`,
          data: { item_id: row.auction_item_id, amount_cents: ownRow.amount, guest: `Paddle ${bidder.paddle ?? "?"}` },
        });
      }
      const item = await currentLiveItem(tx, updated, itemRules);
      await publishItem(tx, input.eventId, item);
      if (row.type === "live") await publish(tx, { topic: liveTopic(input.eventId), type: "bid", data: item });
      await publishNotices(tx, input.eventId, row.auction_item_id, notices);
      await input.onPlaced?.(tx, { bidId: ownRow?.bidId ?? null, amount: ownRow?.amount ?? null, item });
      return { ok: true, outcome: decision.outcome, repeated: false, item, amount: ownRow?.amount ?? null };
    }),
  );
}

/**
 * The bid's messages, in its transaction: an outbid message to each bidder who lost the lead (not the one bidding,
 * who sees it on the page), throttled per item and window; a won message to those who won a unit when the item sold
 * out. One statement each, and only when there is someone to tell.
 */
async function enqueueNoticeMessages(
  tx: Transaction,
  input: PlaceBidInput,
  itemId: number,
  notices: BidNotice[],
  currentBid: number | null,
  at: Date,
) {
  const tell = (type: BidNotice["type"]) => [
    ...new Set(
      notices.flatMap((notice) =>
        notice.type === type && "usrId" in notice && notice.usrId !== input.usrId ? [notice.usrId] : [],
      ),
    ),
  ];
  await enqueueOutbidMessages(tx, { eventId: input.eventId, itemId, usrIds: tell("outbid"), amount: currentBid, at });
  await enqueueItemMessages(tx, {
    eventId: input.eventId,
    itemId,
    usrIds: tell("won"),
    template: "won",
    amount: null,
  });
  // A soft close moved: the item's other bidders learn its new end (a late bid is rare, so is this statement).
  const extended = notices.find((notice) => notice.type === "extended");
  if (extended) {
    await enqueueExtendedMessages(tx, {
      eventId: input.eventId,
      itemId,
      closesAt: extended.closesAt,
      exceptUsrIds: [input.usrId, ...tell("outbid")],
      amount: currentBid,
    });
  }
}

async function bidderStanding(db: Database, rules: EventAuctionRules, input: PlaceBidInput) {
  // A card on file counts when it was saved for this event (each event's organisation has its own payment
  // account: app/billing/cards.server.ts).
  const [standing] = await db
    .select({ paddle: usr_event_paddle.paddle, card: card_on_file.payment_method_id })
    .from(usr)
    .leftJoin(
      usr_event_paddle,
      and(eq(usr_event_paddle.usr_id, usr.usr_id), eq(usr_event_paddle.event_id, input.eventId)),
    )
    .leftJoin(card_on_file, and(eq(card_on_file.usr_id, usr.usr_id), eq(card_on_file.event_id, input.eventId)))
    .where(eq(usr.usr_id, input.usrId));
  return {
    usrId: input.usrId,
    paddle: standing?.paddle ?? null,
    missingCard: rules.storeCard && !standing?.card && !input.floor,
    atBidStation: Boolean(input.placedByUsrId),
  };
}

export async function currentLiveItem(
  tx: Transaction | Database,
  row: ItemRow,
  rules: NonNullable<ReturnType<typeof rulesForItem>>,
) {
  const held = (await heldUnits(tx, row.event_id, [row.auction_item_id])).get(row.auction_item_id) ?? [];
  return liveItem(row.auction_item_id, itemState(row), rules, held);
}

export async function publishItem(tx: Transaction, eventId: number, item: LiveItem) {
  await publish(tx, { topic: eventTopic(eventId), type: "item", data: item });
}

/** Outbid, winning, extended and won, for the messaging capability and for the bidders' own pages. */
/** Notices per bus message: each is a few dozen bytes, so a message stays far below NOTIFY's 8,000-byte limit. */
const NOTICES_PER_MESSAGE = 100;

/**
 * The bidders' notices of one change (outbid, won, extended), in messages of a bounded size: closing an item of many
 * units tells each winner, and one message for them all would exceed what NOTIFY carries.
 */
export async function publishNotices(tx: Transaction, eventId: number, itemId: number, notices: BidNotice[]) {
  for (let start = 0; start < notices.length; start += NOTICES_PER_MESSAGE)
    await publish(tx, {
      topic: noticeTopic(eventId),
      type: "notices",
      data: { itemId, notices: notices.slice(start, start + NOTICES_PER_MESSAGE) },
    });
}
