/**
 * A bid recorded, once its event's rules and its bidder are known (place-bid.server.ts reads them): a first look at the
 * item, then one transaction that locks the item's row, decides with the engine against its current state, appends to
 * the ledger, updates the item, and publishes on the realtime bus (delivered after commit). The same idempotency key
 * from the same bidder counts once: a double tap or a retry returns the first outcome.
 *
 * Everything here is a statement on `db` or plain computation, with plain data in and out: on the embedded PGlite it
 * runs in the database's own thread, in one message (app/db/procedures.server.ts), so that the item's lock is
 * held for the transaction's own work and never for a turn of the app's event loop.
 */
import { and, eq, sql } from "drizzle-orm";
import { retryTransient } from "~/db/errors.server";
import { isAnyOf, preparedInTransactions } from "~/db/prepared.server";
import { procedure } from "~/db/procedures.server";
import { enqueueExtendedMessages, enqueueItemMessages, enqueueOutbidMessages } from "~/messages/outbox.server";
import { notifyTeam } from "~/messages/team-notifications.server";
import { publishAll } from "~/realtime/bus.server";
import { auction_item, bid, bid_maximum, winner } from "~drizzle/schema";
import { LIVE_LOT_RULES, rulesForItem, type EventAuctionRules } from "./auction-rules.server";
import { currentLiveItem, itemMessage, liveTopic, noticeMessages } from "./bid-messages.server";
import {
  glanceAtItem,
  heldUnitsColumn,
  heldUnitsOf,
  lockItem,
  readItemInTransaction,
  type BiddingState,
} from "./bidding-state.server";
import { closeLockedItem } from "./closing.server";
import {
  decide,
  type AuctionRules,
  type Bidder,
  type BidNotice,
  type Decision,
  type Outcome,
  type Refusal,
  type Submission,
} from "./engine";
import { BIDDING_COLUMNS, itemState, type BiddingRow } from "./item-records.server";
import { liveItem, type LiveItem } from "./live-item";
import type { BidderStanding } from "./bidder-standing.server";
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
  /** The bidder's paddle and card when the caller has read them already (the bidder's own page). */
  standing?: BidderStanding;
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

/** What the bid's recording needs: the request without what its caller read for it, the rules, the bidder. */
export interface BidToRecord {
  input: Omit<PlaceBidInput, "rules" | "standing">;
  rules: EventAuctionRules;
  bidder: Bidder;
}

export async function recordBid(db: Database, request: BidToRecord): Promise<PlaceBidResult> {
  const { input, rules, bidder } = request;
  const key = keyOf(input);

  // A first look without the lock answers most refusals (an amount already passed, a closed item, a repeated
  // confirmation) at once: in the last minutes, most bids on a popular item are refused, and none of them needs to
  // queue for its lock. Only a bid the engine would take goes on to decide again under the lock.
  const glance = await glanceAtItem(db, key);
  const early = glance ? decideOn(glance.row, glance.state, rules, bidder, input, new Date()) : null;
  if (!glance || early?.answer) return early?.answer ?? NOT_BIDDABLE;

  return retryTransient(() =>
    db.transaction(async (tx) => {
      const locked = await lockItem(tx, key);
      return locked ? decideAndWrite(tx, request, locked) : NOT_BIDDABLE;
    }),
  );
}

/**
 * The same on a database that runs one transaction at a time (the embedded PGlite): no other writer can come between
 * a read and the writes of one transaction, so the item is read once, in the transaction, and no lock is taken. An
 * accepted bid runs two statements fewer; a refusal is the same read, in a transaction of its own.
 */
export const recordBidAlone = procedure("recordBidAlone", (db, request: BidToRecord): Promise<PlaceBidResult> =>
  db.transaction(async (tx) => {
    const found = await readItemInTransaction(tx, keyOf(request.input));
    return found ? decideAndWrite(tx, request, found) : NOT_BIDDABLE;
  }),
);

const keyOf = (input: BidToRecord["input"]) => ({
  eventId: input.eventId,
  itemId: input.itemId,
  usrId: input.usrId,
  idempotencyKey: input.idempotencyKey,
});

/** Decides on the item as read in the transaction, and writes what the engine decided. */
async function decideAndWrite(
  tx: Transaction,
  { input, rules, bidder }: BidToRecord,
  { row, state }: { row: BiddingRow; state: BiddingState },
): Promise<PlaceBidResult> {
  // The bid's time is when it holds the item: a bid that waited for the lock past the close is late.
  const at = input.at ?? new Date();
  const judged = decideOn(row, state, rules, bidder, input, at);
  if (judged.answer) return judged.answer;
  const { decision, itemRules } = judged;

  // The ledger, the maximum, the item and the messages go out together, pipelined on the transaction's
  // connection in the order written here (each statement is sent as it is called); the item's update returns the
  // units held after the ledger's changes. Every statement is sent before the first answer is awaited, so none is
  // left to run after a failure has ended the transaction.
  // One statement a row, sent in the decision's order (a maximum's answer writes two rows): built once, each.
  const inserting = Promise.all(
    decision.rows.map((newRow) =>
      insertLedgerRow(tx).execute({
        eventId: input.eventId,
        usrId: newRow.usrId,
        itemId: row.auction_item_id,
        amount: newRow.amount,
        status: newRow.status,
        kind: newRow.kind,
        isAutoBid: newRow.isAutoBid,
        idempotencyKey: newRow.own ? input.idempotencyKey : null,
        placedBy: newRow.own ? (input.placedByUsrId ?? null) : null,
        at,
      }),
    ),
  ).then((rows) => rows.flat());
  const demoting =
    decision.demoted.length > 0 ? demote(tx).execute({ itemId: row.auction_item_id, bidIds: decision.demoted }) : null;
  const raisingMaximum = decision.maximum
    ? tx
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
        })
        .execute()
    : null;
  const updating = updateItem(tx).execute({
    currentBid: decision.item.currentBid,
    bidCount: decision.item.bidCount,
    // Times as text: a placeholder inside sql`` reaches the driver as it is, without the column's mapping.
    closesAt: decision.item.closesAt?.toISOString() ?? null,
    soldQuantity: decision.item.soldQuantity,
    updatedAt: new Date().toISOString(),
    itemId: row.auction_item_id,
    eventId: input.eventId,
  });
  const messaging = enqueueNoticeMessages(
    tx,
    input,
    row.auction_item_id,
    decision.notices,
    decision.item.currentBid,
    at,
  );
  const [inserted, [{ held: heldJson, ...updated }]] = await Promise.all([
    inserting,
    updating,
    demoting,
    raisingMaximum,
    messaging,
  ]);
  const held = heldUnitsOf(heldJson);
  const ownIndex = decision.rows.findIndex((newRow) => newRow.own);
  const ownRow = ownIndex >= 0 ? inserted[ownIndex] : null;
  const notices: BidNotice[] = [...decision.notices];
  let item = liveItem(row.auction_item_id, itemState(updated), itemRules, held);
  if (input.submission.kind === "buy_now" && ownRow) await recordBuyNow(tx, input, bidder, updated, ownRow);
  if (decision.soldOut) {
    const units = await closeLockedItem(tx, updated, at);
    notices.push(
      ...units
        .filter((unit) => unit.usrId !== input.usrId)
        .map((unit) => ({ type: "won" as const, usrId: unit.usrId })),
    );
    await enqueueNoticeMessages(tx, input, row.auction_item_id, notices.slice(decision.notices.length), null, at);
    item = await currentLiveItem(tx, { ...updated, closed_at: at }, itemRules);
  }
  await publishAll(tx, [
    itemMessage(input.eventId, item),
    ...(row.type === "live" ? [{ topic: liveTopic(input.eventId), type: "bid", data: item }] : []),
    ...noticeMessages(input.eventId, row.auction_item_id, notices),
  ]);
  await input.onPlaced?.(tx, { bidId: ownRow?.bidId ?? null, amount: ownRow?.amount ?? null, item });
  return { ok: true, outcome: decision.outcome, repeated: false, item, amount: ownRow?.amount ?? null };
}

// A bid's statements, built once (preparedInTransactions): a ledger row, the demotion of those it outbids, and the
// item's update.
const insertLedgerRow = preparedInTransactions("insert_ledger_row", (tx) =>
  tx
    .insert(bid)
    .values({
      event_id: sql.placeholder("eventId"),
      usr_id: sql.placeholder("usrId"),
      auction_item_id: sql.placeholder("itemId"),
      bid: sql.placeholder("amount"),
      status: sql.placeholder("status"),
      kind: sql.placeholder("kind"),
      is_auto_bid: sql.placeholder("isAutoBid"),
      idempotency_key: sql.placeholder("idempotencyKey"),
      placed_by_usr_id: sql.placeholder("placedBy"),
      created_at: sql.placeholder("at"),
    })
    .returning({ bidId: bid.bid_id, amount: bid.bid }),
);

const demote = preparedInTransactions("demote_bids", (tx) =>
  tx
    .update(bid)
    .set({ status: "outbid" })
    .where(and(eq(bid.auction_item_id, sql.placeholder("itemId")), isAnyOf(bid.bid_id, "bidIds"))),
);

const updateItem = preparedInTransactions("update_bid_item", (tx) =>
  tx
    .update(auction_item)
    .set({
      current_bid: sql`${sql.placeholder("currentBid")}`,
      bid_count: sql`${sql.placeholder("bidCount")}`,
      closes_at: sql`${sql.placeholder("closesAt")}`,
      sold_quantity: sql`${sql.placeholder("soldQuantity")}`,
      // Named, or Drizzle would write the time of the statement's building on every later run ($onUpdate).
      updated_at: sql`${sql.placeholder("updatedAt")}`,
    })
    .where(eq(auction_item.auction_item_id, sql.placeholder("itemId")))
    // The units held come back with the item: the statement runs after the ledger's insert and demotion on the
    // same transaction, so its subquery sees them (one statement fewer per bid than reading them apart).
    .returning({
      ...BIDDING_COLUMNS,
      held: heldUnitsColumn(sql`${sql.placeholder("itemId")}`, sql`${sql.placeholder("eventId")}`),
    }),
);

const NOT_BIDDABLE: PlaceBidResult = { ok: false, refusal: "not_biddable", nextMinimum: null, item: null };

/**
 * The engine's decision on the item as read, or the answer when there is nothing to write: the item is not open to
 * this bid, the confirmation was used already (the first outcome again), or the engine refuses.
 */
function decideOn(
  row: BiddingRow,
  state: BiddingState,
  rules: EventAuctionRules,
  bidder: Bidder,
  input: BidToRecord["input"],
  at: Date,
):
  | { answer: PlaceBidResult; decision?: undefined; itemRules?: undefined }
  | { answer?: undefined; decision: Extract<Decision, { ok: true }>; itemRules: AuctionRules } {
  const itemRules = input.floor && row.type === "live" ? LIVE_LOT_RULES : rulesForItem(rules, row);
  if (!itemRules) return { answer: NOT_BIDDABLE };
  if (rules.auctions[row.type as "silent" | "virtual"]?.testing && !input.allowTesting) return { answer: NOT_BIDDABLE };
  const positions = state.held.filter((unit) => !unit.settled);
  const { earlier } = state;
  // A confirmation is for one item: its key on another item is a form sent where it does not belong.
  if (earlier && earlier.itemId !== row.auction_item_id)
    return { answer: { ok: false, refusal: "review_again", nextMinimum: null, item: null } };
  if (earlier) {
    const outcome: Outcome =
      earlier.kind === "buy_now" || earlier.status === "won"
        ? "won"
        : earlier.status === "winning"
          ? "winning"
          : "outbid";
    const item = liveItem(row.auction_item_id, itemState(row), itemRules, state.held);
    return { answer: { ok: true, outcome, repeated: true, item, amount: earlier.amount } };
  }
  const decision = decide({
    item: itemState(row),
    rules: itemRules,
    positions,
    leaderMaximum: row.quantity === 1 ? state.leaderMaximum : null,
    bidder,
    submission: input.submission,
    at,
  });
  if (!decision.ok) {
    const item = liveItem(row.auction_item_id, itemState(row), itemRules, positions);
    return { answer: { ok: false, refusal: decision.refusal, nextMinimum: decision.nextMinimum, item } };
  }
  return { decision, itemRules };
}

/** A unit bought outright: its winner row, the item's first winner, and the team's notice. */
async function recordBuyNow(
  tx: Transaction,
  input: BidToRecord["input"],
  bidder: Bidder,
  updated: BiddingRow,
  ownRow: { bidId: number; amount: number },
) {
  await tx.insert(winner).values({
    event_id: input.eventId,
    auction_item_id: updated.auction_item_id,
    unit: updated.sold_quantity,
    usr_id: input.usrId,
    bid_id: ownRow.bidId,
    paddle: bidder.paddle,
    amount: ownRow.amount,
  });
  if (updated.winner_id === null)
    await tx
      .update(auction_item)
      .set({ winner_id: input.usrId })
      .where(eq(auction_item.auction_item_id, updated.auction_item_id));
  await notifyTeam(tx, {
    eventId: input.eventId,
    flag: "notify_buy_now",
    template: "team_buy_now",
    key: `buy_now:${ownRow.bidId}`,
    data: { item_id: updated.auction_item_id, amount_cents: ownRow.amount, guest: `Paddle ${bidder.paddle ?? "?"}` },
  });
}

/**
 * The bid's messages, in its transaction: an outbid message to each bidder who lost the lead (not the one bidding,
 * who sees it on the page), throttled per item and window; a won message to those who won a unit when the item sold
 * out. One statement each, and only when there is someone to tell.
 */
async function enqueueNoticeMessages(
  tx: Transaction,
  input: BidToRecord["input"],
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
  // Sent together (each is one statement, issued as it is called), so that none is left behind a failure.
  const extended = notices.find((notice) => notice.type === "extended");
  await Promise.all([
    enqueueOutbidMessages(tx, { eventId: input.eventId, itemId, usrIds: tell("outbid"), amount: currentBid, at }),
    enqueueItemMessages(tx, { eventId: input.eventId, itemId, usrIds: tell("won"), template: "won", amount: null }),
    // A soft close moved: the item's other bidders learn its new end (a late bid is rare, so is this statement).
    extended
      ? enqueueExtendedMessages(tx, {
          eventId: input.eventId,
          itemId,
          closesAt: extended.closesAt,
          exceptUsrIds: [input.usrId, ...tell("outbid")],
          amount: currentBid,
        })
      : null,
  ]);
}
