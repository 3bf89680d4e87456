/**
 * The live auction (issue 13): the clerk's console (/live), the projector (/livec) and the live bids screen
 * (/admin/bids/livebids) run on these functions. A live lot is an auction_item of type "live"; its state in the room
 * is live_lot (opened, online bidding) and the item's own bidding columns (closed_at locks it). Every bid on a live
 * lot, the clerk's floor bid or a guest's online bid, is one placeBid transaction under the item's row lock, so
 * simultaneous ones resolve to one order. Hammering marks the winning ledger row "won" and writes the winner row
 * (closeLockedItem, as the silent auction closes), so billing treats live and silent wins alike. Every clerk action
 * is appended to live_entry (who, when, what); undo appends an entry naming the one it undoes.
 *
 * The room's state is one read, currentLiveLot(eventId), and one bus topic, liveTopic(eventId): a monitor's "live
 * lot" panel needs nothing else.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, max, ne, notInArray, sql } from "drizzle-orm";
import { billablePaddleHolder } from "~/billing/paddle-holders.server";
import { Refusal } from "~/forms/refusal";
import { publish } from "~/realtime/bus.server";
import { formatMoney, fullName } from "~/ui/format";
import {
  auction_item,
  auction_item_image,
  bid,
  bid_maximum,
  event,
  live_entry,
  live_lot,
  usr,
  usr_event_paddle,
  winner,
} from "~drizzle/schema";
import { LIVE_LOT_RULES } from "./auction-rules.server";
import { currentLiveItem, liveTopic, publishItem } from "./bid-messages.server";
import { closeLockedItem } from "./closing.server";
import { placeBid } from "./place-bid.server";
import { refusalMessage } from "./refusal-messages";
import type { ConsoleLot, LiveAction, LiveRoom, LogEntry, LotBid, LotPhase, RoomLot } from "./live-lots";
import type { Database, Transaction } from "~/db/connection.server";

type Executor = Database | Transaction;
type ItemRow = typeof auction_item.$inferSelect;

const UNDOABLE: LiveAction[] = ["open", "bid", "sold", "sold_twice", "passed"];

const phaseOf = (row: Pick<ItemRow, "closed_at" | "winner_id">, openedAt: Date | null, sold: boolean): LotPhase =>
  row.closed_at ? (sold || row.winner_id !== null ? "sold" : "passed") : openedAt ? "open" : "waiting";

/** Every live lot of the event in running order (display_order, then lot number), with its room state. */
export async function runningOrder(db: Executor, eventId: number): Promise<ConsoleLot[]> {
  const rows = await db
    .select({ item: auction_item, openedAt: live_lot.opened_at, online: live_lot.online_bidding })
    .from(auction_item)
    .leftJoin(live_lot, eq(live_lot.auction_item_id, auction_item.auction_item_id))
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, "live"), eq(auction_item.status, "published")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.lot), asc(auction_item.auction_item_id));
  const ids = rows.map((row) => row.item.auction_item_id);
  const [leaders, winners] = ids.length
    ? await Promise.all([
        db
          .select({ itemId: bid.auction_item_id, paddle: usr_event_paddle.paddle, amount: bid.bid })
          .from(bid)
          .leftJoin(
            usr_event_paddle,
            and(eq(usr_event_paddle.usr_id, bid.usr_id), eq(usr_event_paddle.event_id, bid.event_id)),
          )
          .where(and(inArray(bid.auction_item_id, ids), eq(bid.status, "winning")))
          .orderBy(desc(bid.bid), asc(bid.bid_id)),
        db
          .select({
            itemId: winner.auction_item_id,
            unit: winner.unit,
            paddle: winner.paddle,
            amount: winner.amount,
            first: usr.first_name,
            last: usr.last_name,
          })
          .from(winner)
          .innerJoin(usr, eq(usr.usr_id, winner.usr_id))
          .where(inArray(winner.auction_item_id, ids))
          .orderBy(asc(winner.unit)),
      ])
    : [[], []];
  return rows.map(({ item, openedAt, online }) => {
    const leader = leaders.find((row) => row.itemId === item.auction_item_id);
    const won = winners.filter((row) => row.itemId === item.auction_item_id);
    const current = item.current_bid;
    const increment = item.increment && item.increment > 0 ? item.increment : 100;
    return {
      id: item.auction_item_id,
      lot: item.lot,
      title: item.title,
      excerpt: item.excerpt,
      image: item.featured_image,
      value: item.value,
      phase: phaseOf(item, openedAt, won.length > 0),
      currentBid: current,
      leader: item.closed_at ? null : (leader?.paddle ?? null),
      winners: won.map(({ unit, paddle, amount }) => ({ unit, paddle, amount })),
      onlineBidding: online ?? false,
      description: item.description,
      startingBid: item.starting_bid,
      increment: item.increment,
      nextMinimum: current === null ? (item.starting_bid ?? increment) : current + increment,
      winnerNames: won.map(({ unit, paddle, amount, first, last }) => ({
        unit,
        paddle,
        amount,
        name: fullName(first, last) || null,
      })),
    };
  });
}

/** What the room may see of a lot: no descriptions or names. */
const roomLot = (lot: ConsoleLot): RoomLot => ({
  id: lot.id,
  lot: lot.lot,
  title: lot.title,
  excerpt: lot.excerpt,
  image: lot.image,
  value: lot.value,
  phase: lot.phase,
  currentBid: lot.currentBid,
  leader: lot.leader,
  winners: lot.winners,
  onlineBidding: lot.onlineBidding,
});

/**
 * The room's live lot: the open one, else the one hammered last (the projector shows "SOLD to paddle 142 for
 * $5,000" until the next opens); and the next lot waiting in the running order.
 */
export async function currentLiveLot(db: Executor, eventId: number): Promise<LiveRoom> {
  const [lots, [meta], [last]] = await Promise.all([
    runningOrder(db, eventId),
    db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId)),
    db
      .select({ id: auction_item.auction_item_id })
      .from(auction_item)
      .innerJoin(live_lot, eq(live_lot.auction_item_id, auction_item.auction_item_id))
      .where(
        and(
          eq(auction_item.event_id, eventId),
          eq(auction_item.type, "live"),
          isNotNull(auction_item.closed_at),
          isNotNull(live_lot.opened_at),
        ),
      )
      .orderBy(desc(auction_item.closed_at), desc(auction_item.auction_item_id))
      .limit(1),
  ]);
  const open = lots.find((lot) => lot.phase === "open");
  const current = open ?? lots.find((lot) => lot.id === last?.id && lot.phase !== "waiting") ?? null;
  const currentIndex = current ? lots.indexOf(current) : -1;
  const next =
    lots.slice(currentIndex + 1).find((lot) => lot.phase === "waiting") ??
    lots.find((lot) => lot.phase === "waiting" && lot !== current) ??
    null;
  return {
    currency: meta?.currency ?? "USD",
    current: current ? roomLot(current) : null,
    next: next ? roomLot(next) : null,
  };
}

/** One lot's detail for the console: its images, its bids (floor, online, auto) and the maxima left on it. */
export async function lotDetail(db: Executor, eventId: number, itemId: number) {
  const [images, bids, maxima] = await Promise.all([
    db
      .select({ url: auction_item_image.url })
      .from(auction_item_image)
      .innerJoin(auction_item, eq(auction_item.auction_item_id, auction_item_image.auction_item_id))
      .where(and(eq(auction_item.event_id, eventId), eq(auction_item_image.auction_item_id, itemId)))
      .orderBy(asc(auction_item_image.display_order)),
    db
      .select({
        bidId: bid.bid_id,
        paddle: usr_event_paddle.paddle,
        first: usr.first_name,
        last: usr.last_name,
        amount: bid.bid,
        status: bid.status,
        placedBy: bid.placed_by_usr_id,
        auto: bid.is_auto_bid,
        at: bid.created_at,
      })
      .from(bid)
      .innerJoin(usr, eq(usr.usr_id, bid.usr_id))
      .leftJoin(
        usr_event_paddle,
        and(eq(usr_event_paddle.usr_id, bid.usr_id), eq(usr_event_paddle.event_id, bid.event_id)),
      )
      .where(and(eq(bid.event_id, eventId), eq(bid.auction_item_id, itemId)))
      .orderBy(desc(bid.bid_id))
      .limit(30),
    db
      .select({
        paddle: usr_event_paddle.paddle,
        first: usr.first_name,
        last: usr.last_name,
        amount: bid_maximum.amount,
      })
      .from(bid_maximum)
      .innerJoin(usr, eq(usr.usr_id, bid_maximum.usr_id))
      .leftJoin(
        usr_event_paddle,
        and(eq(usr_event_paddle.usr_id, bid_maximum.usr_id), eq(usr_event_paddle.event_id, bid_maximum.event_id)),
      )
      .where(and(eq(bid_maximum.event_id, eventId), eq(bid_maximum.auction_item_id, itemId)))
      .orderBy(desc(bid_maximum.amount), asc(bid_maximum.set_at)),
  ]);
  const name = (first: string | null, last: string | null) => fullName(first, last) || null;
  return {
    images: images.map((image) => image.url),
    bids: bids.map((row): LotBid => ({
      bidId: row.bidId,
      paddle: row.paddle,
      name: name(row.first, row.last),
      amount: row.amount,
      status: row.status,
      source: row.auto ? "auto" : row.placedBy ? "floor" : "online",
      at: row.at.toISOString(),
    })),
    maxima: maxima.map((row) => ({ paddle: row.paddle, name: name(row.first, row.last), amount: row.amount })),
  };
}

/** The log, newest first: who did what, and which entries were undone. */
export async function liveLog(db: Executor, eventId: number, limit = 50): Promise<LogEntry[]> {
  const undo = db
    .select({ undoes: live_entry.undoes_id })
    .from(live_entry)
    .where(and(eq(live_entry.event_id, eventId), eq(live_entry.action, "undo")));
  const undone = new Set((await undo).map((row) => row.undoes));
  const rows = await db
    .select({
      id: live_entry.live_entry_id,
      lotId: live_entry.auction_item_id,
      lot: auction_item.lot,
      action: live_entry.action,
      paddle: live_entry.paddle,
      amount: live_entry.amount,
      reason: live_entry.reason,
      first: usr.first_name,
      last: usr.last_name,
      email: usr.email_address,
      at: live_entry.created_at,
    })
    .from(live_entry)
    .innerJoin(auction_item, eq(auction_item.auction_item_id, live_entry.auction_item_id))
    .leftJoin(usr, eq(usr.usr_id, live_entry.by_usr_id))
    .where(eq(live_entry.event_id, eventId))
    .orderBy(desc(live_entry.live_entry_id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    lotId: row.lotId,
    lot: row.lot,
    action: row.action as LiveAction,
    paddle: row.paddle,
    amount: row.amount,
    reason: row.reason,
    by: fullName(row.first, row.last) || row.email,
    undone: undone.has(row.id),
    at: row.at.toISOString(),
  }));
}

/** The guest holding a paddle, with the account their win is billed to; refused at the paddle when nobody does. */
async function holderToBill(db: Database, eventId: number, paddle: number) {
  const holder = await db.transaction((tx) => billablePaddleHolder(tx, eventId, paddle));
  if (!holder) throw new Refusal(`No guest has paddle ${paddle} at this event.`, "paddle");
  return holder;
}

interface Actor {
  eventId: number;
  itemId: number;
  byUsrId: number;
  at?: Date;
}

async function lockLot(tx: Transaction, eventId: number, itemId: number) {
  const [row] = await tx
    .select()
    .from(auction_item)
    .where(
      and(eq(auction_item.auction_item_id, itemId), eq(auction_item.event_id, eventId), eq(auction_item.type, "live")),
    )
    .for("update");
  if (!row) throw new Refusal("There is no such live lot at this event.");
  const [lot] = await tx.select().from(live_lot).where(eq(live_lot.auction_item_id, itemId));
  return { row, lot: lot ?? null };
}

const lotName = (row: Pick<ItemRow, "lot" | "title">) => (row.lot !== null ? `Lot ${row.lot}` : `“${row.title}”`);

async function log(
  tx: Transaction,
  entry: Omit<typeof live_entry.$inferInsert, "action"> & { action: LiveAction },
): Promise<number> {
  const [row] = await tx.insert(live_entry).values(entry).returning({ id: live_entry.live_entry_id });
  return row.id;
}

/** Tells the console, the projector and the monitors that the room changed (after commit). */
async function publishRoom(tx: Transaction, eventId: number, itemId: number) {
  const [row] = await tx.select().from(auction_item).where(eq(auction_item.auction_item_id, itemId));
  const item = await currentLiveItem(tx, row, LIVE_LOT_RULES);
  await publishItem(tx, eventId, item);
  await publish(tx, { topic: liveTopic(eventId), type: "room", data: { itemId } });
}

/** Opens a lot for bidding. Only one lot is open at a time: hammer or pass the open one first. */
export async function openLot(db: Database, { eventId, itemId, byUsrId, at = new Date() }: Actor) {
  return db.transaction(async (tx) => {
    const { row, lot } = await lockLot(tx, eventId, itemId);
    if (row.status !== "published") throw new Refusal(`${lotName(row)} is not published: publish it first.`);
    if (row.closed_at) throw new Refusal(`${lotName(row)} has been hammered: undo that first to take more bids.`);
    if (lot?.opened_at) throw new Refusal(`${lotName(row)} is already open.`);
    const [open] = await tx
      .select({ lot: auction_item.lot, title: auction_item.title })
      .from(live_lot)
      .innerJoin(auction_item, eq(auction_item.auction_item_id, live_lot.auction_item_id))
      .where(
        and(eq(live_lot.event_id, eventId), isNull(auction_item.closed_at), sql`${live_lot.opened_at} is not null`),
      );
    if (open) throw new Refusal(`${lotName(open)} is still open: sell or pass it first.`);
    await tx
      .insert(live_lot)
      .values({ event_id: eventId, auction_item_id: itemId, opened_at: at })
      .onConflictDoUpdate({ target: live_lot.auction_item_id, set: { opened_at: at } });
    await log(tx, { event_id: eventId, auction_item_id: itemId, action: "open", by_usr_id: byUsrId, created_at: at });
    await publishRoom(tx, eventId, itemId);
    return `${lotName(row)} is open.`;
  });
}

/** Marks a lot for online bidding from /inroombid (and absentee maxima), or takes it off. */
export async function setOnlineBidding(db: Database, { eventId, itemId, byUsrId, on }: Actor & { on: boolean }) {
  return db.transaction(async (tx) => {
    const { row } = await lockLot(tx, eventId, itemId);
    if (row.closed_at) throw new Refusal(`${lotName(row)} has been hammered.`);
    await tx
      .insert(live_lot)
      .values({ event_id: eventId, auction_item_id: itemId, online_bidding: on })
      .onConflictDoUpdate({ target: live_lot.auction_item_id, set: { online_bidding: on } });
    await log(tx, {
      event_id: eventId,
      auction_item_id: itemId,
      action: on ? "online_on" : "online_off",
      by_usr_id: byUsrId,
    });
    await publishRoom(tx, eventId, itemId);
    return on ? `Guests can bid online on ${lotName(row)}.` : `Online bidding on ${lotName(row)} is off.`;
  });
}

/**
 * A floor bid: the paddle's guest bids the amount, entered by the clerk. The same transaction as an online bid
 * (placeBid, the item's row lock); the log entry is written inside it. Refusals name the field to fix.
 */
export async function floorBid(
  db: Database,
  { eventId, itemId, byUsrId, paddle, amount, at }: Actor & { paddle: number; amount: number },
) {
  const holder = await holderToBill(db, eventId, paddle);
  const [state] = await db
    .select({ openedAt: live_lot.opened_at })
    .from(live_lot)
    .where(eq(live_lot.auction_item_id, itemId));
  if (!state?.openedAt) throw new Refusal("Open the lot first (Alt+O).");
  const [meta] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
  let bidId: number | null = null;
  const result = await placeBid(db, {
    eventId,
    itemId,
    usrId: holder.usrId,
    submission: { kind: "bid", amount, maximum: null },
    idempotencyKey: null,
    placedByUsrId: byUsrId,
    floor: true,
    at,
    onPlaced: async (tx, placed) => {
      bidId = placed.bidId;
      await log(tx, {
        event_id: eventId,
        auction_item_id: itemId,
        action: "bid",
        paddle,
        usr_id: holder.usrId,
        amount: placed.amount ?? amount,
        bid_id: placed.bidId,
        by_usr_id: byUsrId,
        created_at: at,
      });
      await publish(tx, { topic: liveTopic(eventId), type: "room", data: { itemId } });
    },
  });
  if (!result.ok) {
    const nextMinimum = result.nextMinimum === null ? null : formatMoney(result.nextMinimum, meta?.currency ?? "USD");
    if (result.refusal === "already_leading")
      throw new Refusal(`Paddle ${paddle} already has the highest bid.`, "paddle");
    if (result.refusal === "too_low") throw new Refusal(`Too low: the next bid is at least ${nextMinimum}.`, "amount");
    throw new Refusal(refusalMessage(result.refusal, { nextMinimum }), "amount");
  }
  return { holder, outcome: result.outcome, item: result.item, bidId };
}

/**
 * Sold to the highest bid: the lot closes (locked), its winning row is "won" and the winner is recorded. With
 * `expectBidId` (a bid and sell in one step) it sells only if that bid still leads: an online bid that came in
 * between is not sold over the clerk's head.
 */
export async function sellLot(
  db: Database,
  { eventId, itemId, byUsrId, expectBidId, at = new Date() }: Actor & { expectBidId?: number | null },
) {
  return db.transaction(async (tx) => {
    const { row, lot } = await lockLot(tx, eventId, itemId);
    if (row.closed_at) throw new Refusal(`${lotName(row)} has already been hammered.`);
    if (!lot?.opened_at) throw new Refusal(`${lotName(row)} is not open.`);
    if (expectBidId) {
      const [leading] = await tx
        .select({ bidId: bid.bid_id, amount: bid.bid })
        .from(bid)
        .where(and(eq(bid.auction_item_id, itemId), eq(bid.status, "winning")))
        .orderBy(desc(bid.bid), asc(bid.bid_id))
        .limit(1);
      if (leading && leading.bidId !== expectBidId)
        throw new Refusal(
          "The floor bid is recorded, but a higher bid came in before the hammer: check the lot, then sell (Alt+S).",
        );
    }
    const units = await closeLockedItem(tx, row, at);
    if (units.length === 0)
      throw new Refusal("There is no bid to sell at: enter the paddle and amount, or pass the lot.");
    const [first] = units;
    const [paddleRow] = await tx
      .select({ paddle: winner.paddle })
      .from(winner)
      .where(and(eq(winner.auction_item_id, itemId), eq(winner.unit, first.unit)));
    await log(tx, {
      event_id: eventId,
      auction_item_id: itemId,
      action: "sold",
      paddle: paddleRow?.paddle ?? null,
      usr_id: first.usrId,
      amount: first.amount,
      by_usr_id: byUsrId,
      created_at: at,
    });
    await publishRoom(tx, eventId, itemId);
    const [meta] = await tx.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
    return `${lotName(row)} sold to paddle ${paddleRow?.paddle ?? "?"} for ${formatMoney(first.amount, meta?.currency ?? "USD")}.`;
  });
}

/** Sold twice: a donated duplicate, a second winner at the first winner's price. */
export async function sellTwice(
  db: Database,
  { eventId, itemId, byUsrId, paddle, at = new Date() }: Actor & { paddle: number },
) {
  const holder = await holderToBill(db, eventId, paddle);
  return db.transaction(async (tx) => {
    const { row } = await lockLot(tx, eventId, itemId);
    const units = await tx.select().from(winner).where(eq(winner.auction_item_id, itemId)).orderBy(asc(winner.unit));
    if (!row.closed_at || units.length === 0) throw new Refusal("Sell the lot first: sold twice repeats a sale.");
    if (units.some((unit) => unit.usr_id === holder.usrId))
      throw new Refusal(`Paddle ${paddle} already won this lot.`, "paddle");
    const price = units[0].amount;
    const ledger = await recordWonBid(tx, { eventId, itemId, usrId: holder.usrId, amount: price, byUsrId, at });
    const unit = Math.max(...units.map((entry) => entry.unit)) + 1;
    await tx.insert(winner).values({
      event_id: eventId,
      auction_item_id: itemId,
      unit,
      usr_id: holder.usrId,
      bid_id: ledger.id,
      paddle,
      amount: price,
    });
    await tx
      .update(auction_item)
      .set({
        bid_count: sql`${auction_item.bid_count} + 1`,
        quantity: sql`greatest(${auction_item.quantity}, ${unit})`,
      })
      .where(eq(auction_item.auction_item_id, itemId));
    await log(tx, {
      event_id: eventId,
      auction_item_id: itemId,
      action: "sold_twice",
      paddle,
      usr_id: holder.usrId,
      amount: price,
      bid_id: ledger.id,
      by_usr_id: byUsrId,
      created_at: at,
    });
    await publishRoom(tx, eventId, itemId);
    return `${lotName(row)} sold again to paddle ${paddle}`;
  });
}

/** Passed: no sale. The lot closes (locked); its bids lose. */
export async function passLot(db: Database, { eventId, itemId, byUsrId, at = new Date() }: Actor) {
  return db.transaction(async (tx) => {
    const { row, lot } = await lockLot(tx, eventId, itemId);
    if (row.closed_at) throw new Refusal(`${lotName(row)} has already been hammered.`);
    if (!lot?.opened_at) throw new Refusal(`${lotName(row)} is not open.`);
    await tx
      .update(bid)
      .set({ status: "lost" })
      .where(and(eq(bid.auction_item_id, itemId), inArray(bid.status, ["winning", "outbid"])));
    await tx
      .update(auction_item)
      .set({ closed_at: at, winner_id: null })
      .where(eq(auction_item.auction_item_id, itemId));
    await log(tx, { event_id: eventId, auction_item_id: itemId, action: "passed", by_usr_id: byUsrId, created_at: at });
    await publishRoom(tx, eventId, itemId);
    return `${lotName(row)} passed.`;
  });
}

/** The bids still standing decide again who leads (a single lot: the highest, earliest first). */
async function restanding(tx: Transaction, row: ItemRow) {
  const standing = await tx
    .select({ bidId: bid.bid_id, amount: bid.bid })
    .from(bid)
    .where(and(eq(bid.auction_item_id, row.auction_item_id), notInArray(bid.status, ["retracted"])))
    .orderBy(desc(bid.bid), asc(bid.bid_id));
  const [top, ...others] = standing;
  if (top) await tx.update(bid).set({ status: "winning" }).where(eq(bid.bid_id, top.bidId));
  if (others.length > 0)
    await tx
      .update(bid)
      .set({ status: "outbid" })
      .where(
        inArray(
          bid.bid_id,
          others.map((other) => other.bidId),
        ),
      );
  await tx
    .update(auction_item)
    .set({ current_bid: top?.amount ?? null, bid_count: standing.length, closed_at: null, winner_id: null })
    .where(eq(auction_item.auction_item_id, row.auction_item_id));
}

/**
 * Undoes the event's last clerk entry not yet undone (open, bid, sold, sold twice or passed), and logs the undo:
 * a bid is retracted (its reason says so) and the standing bids decide again; a sale or a pass reopens the lot;
 * a second sale is taken back; an opening without bids closes the lot's opening.
 */
export async function undoLast(db: Database, { eventId, byUsrId, at = new Date() }: Omit<Actor, "itemId">) {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(live_entry)
      .where(
        and(
          eq(live_entry.event_id, eventId),
          inArray(live_entry.action, UNDOABLE),
          sql`${live_entry.live_entry_id} not in (select ${live_entry.undoes_id} from ${live_entry} where ${live_entry.event_id} = ${eventId} and ${live_entry.undoes_id} is not null)`,
        ),
      )
      .orderBy(desc(live_entry.live_entry_id))
      .limit(1);
    if (!entry) throw new Refusal("There is nothing to undo.");
    const itemId = entry.auction_item_id;
    const { row } = await lockLot(tx, eventId, itemId);
    let what: string;
    switch (entry.action as LiveAction) {
      case "bid": {
        if (row.closed_at) throw new Refusal(`${lotName(row)} has been hammered since: undo that first.`);
        if (entry.bid_id !== null)
          await tx
            .update(bid)
            .set({ status: "retracted", retract_reason: "Undone at the live console." })
            .where(eq(bid.bid_id, entry.bid_id));
        await restanding(tx, row);
        what = `the bid of paddle ${entry.paddle}`;
        break;
      }
      case "sold": {
        const second = await tx
          .select({ id: winner.winner_id })
          .from(winner)
          .where(and(eq(winner.auction_item_id, itemId), ne(winner.unit, 1)));
        if (second.length > 0) throw new Refusal("Undo the second sale first.");
        await tx.delete(winner).where(eq(winner.auction_item_id, itemId));
        await tx
          .update(bid)
          .set({ status: "outbid" })
          .where(and(eq(bid.auction_item_id, itemId), inArray(bid.status, ["won", "lost"])));
        await restanding(tx, row);
        what = `the sale of ${lotName(row)}`;
        break;
      }
      case "sold_twice": {
        if (entry.bid_id !== null) {
          await tx.delete(winner).where(and(eq(winner.auction_item_id, itemId), eq(winner.bid_id, entry.bid_id)));
          await tx
            .update(bid)
            .set({ status: "retracted", retract_reason: "Undone at the live console." })
            .where(eq(bid.bid_id, entry.bid_id));
        }
        await tx
          .update(auction_item)
          .set({ bid_count: sql`greatest(${auction_item.bid_count} - 1, 0)` })
          .where(eq(auction_item.auction_item_id, itemId));
        what = `the second sale to paddle ${entry.paddle}`;
        break;
      }
      case "passed": {
        await tx
          .update(bid)
          .set({ status: "outbid" })
          .where(and(eq(bid.auction_item_id, itemId), eq(bid.status, "lost")));
        await restanding(tx, row);
        what = `the pass of ${lotName(row)}`;
        break;
      }
      case "open": {
        const [bids] = await tx
          .select({ n: max(bid.bid_id) })
          .from(bid)
          .where(and(eq(bid.auction_item_id, itemId), ne(bid.status, "retracted")));
        if (bids?.n) throw new Refusal(`${lotName(row)} has bids: pass it instead.`);
        await tx.update(live_lot).set({ opened_at: null }).where(eq(live_lot.auction_item_id, itemId));
        what = `the opening of ${lotName(row)}`;
        break;
      }
      default:
        throw new Refusal("There is nothing to undo.");
    }
    await log(tx, {
      event_id: eventId,
      auction_item_id: itemId,
      action: "undo",
      undoes_id: entry.live_entry_id,
      paddle: entry.paddle,
      amount: entry.amount,
      by_usr_id: byUsrId,
      created_at: at,
    });
    await publishRoom(tx, eventId, itemId);
    return `Undone: ${what}.`;
  });
}

/**
 * A hammered lot's winner corrected afterwards (/admin/bids/livebids): another paddle or another price, with a
 * reason kept in the log. The old winning row is retracted with the reason and a new "won" row takes its place
 * in the ledger and the winner row, so billing reads the corrected figures.
 */
export async function correctLot(
  db: Database,
  {
    eventId,
    itemId,
    byUsrId,
    unit,
    paddle,
    amount,
    reason,
    at = new Date(),
  }: Actor & { unit: number; paddle: number; amount: number; reason: string },
) {
  const holder = await holderToBill(db, eventId, paddle);
  return db.transaction(async (tx) => {
    const { row } = await lockLot(tx, eventId, itemId);
    const [won] = await tx
      .select()
      .from(winner)
      .where(and(eq(winner.auction_item_id, itemId), eq(winner.unit, unit)));
    if (!row.closed_at || !won) throw new Refusal(`${lotName(row)} has no sale to correct.`);
    if (won.usr_id === holder.usrId && won.amount === amount)
      throw new Refusal("That is what is recorded already: change the paddle or the price.", "paddle");
    if (won.bid_id !== null)
      await tx.update(bid).set({ status: "retracted", retract_reason: reason }).where(eq(bid.bid_id, won.bid_id));
    const ledger = await recordWonBid(tx, { eventId, itemId, usrId: holder.usrId, amount: amount, byUsrId, at });
    await tx
      .update(winner)
      .set({ usr_id: holder.usrId, paddle, amount, bid_id: ledger.id })
      .where(eq(winner.winner_id, won.winner_id));
    if (unit === 1)
      await tx
        .update(auction_item)
        .set({ winner_id: holder.usrId, current_bid: amount })
        .where(eq(auction_item.auction_item_id, itemId));
    await log(tx, {
      event_id: eventId,
      auction_item_id: itemId,
      action: "correct",
      paddle,
      usr_id: holder.usrId,
      amount,
      bid_id: ledger.id,
      reason,
      by_usr_id: byUsrId,
      created_at: at,
    });
    await publishRoom(tx, eventId, itemId);
    return `${lotName(row)} corrected: paddle ${paddle}.`;
  });
}

/** The live bids grid: one row per winner of a hammered lot (one row for a lot without one). */
export interface LiveBidRow {
  key: string;
  lotId: number;
  lot: number | null;
  title: string;
  phase: LotPhase;
  value: number | null;
  /** The winner's unit (1, or 2 for a second sale); 0 for a lot without a winner. */
  unit: number;
  paddle: number | null;
  name: string | null;
  price: number | null;
  overUnder: number | null;
}

export async function liveBidRows(db: Executor, eventId: number): Promise<LiveBidRow[]> {
  const lots = await runningOrder(db, eventId);
  return lots.flatMap((lot): LiveBidRow[] => {
    const base = {
      lotId: lot.id,
      lot: lot.lot,
      title: lot.title,
      phase: lot.phase,
      value: lot.value,
    };
    if (lot.winnerNames.length === 0)
      return [
        {
          ...base,
          key: `${lot.id}:0`,
          unit: 0,
          paddle: lot.leader,
          name: null,
          price: lot.currentBid,
          overUnder: null,
        },
      ];
    return lot.winnerNames.map((won) => ({
      ...base,
      key: `${lot.id}:${won.unit}`,
      unit: won.unit,
      paddle: won.paddle,
      name: won.name,
      price: won.amount,
      overUnder: lot.value !== null && lot.value > 0 ? won.amount - lot.value : null,
    }));
  });
}

/** The latest log entry id: the console's live refresh marker. */
export async function liveMarker(db: Executor, eventId: number) {
  const [[entry], [ledger]] = await Promise.all([
    db
      .select({ id: max(live_entry.live_entry_id) })
      .from(live_entry)
      .where(eq(live_entry.event_id, eventId)),
    db
      .select({ id: max(bid.bid_id) })
      .from(bid)
      .innerJoin(auction_item, eq(auction_item.auction_item_id, bid.auction_item_id))
      .where(and(eq(bid.event_id, eventId), eq(auction_item.type, "live"))),
  ]);
  return { marker: `${entry?.id ?? 0}:${ledger?.id ?? 0}` };
}

/** A sale the clerk records by hand (sold twice, a correction) as a won bid in the ledger, so the history shows it. */
async function recordWonBid(
  tx: Transaction,
  sale: { eventId: number; itemId: number; usrId: number; amount: number; byUsrId: number; at: Date },
) {
  const [ledger] = await tx
    .insert(bid)
    .values({
      event_id: sale.eventId,
      usr_id: sale.usrId,
      auction_item_id: sale.itemId,
      bid: sale.amount,
      status: "won",
      kind: "bid",
      placed_by_usr_id: sale.byUsrId,
      created_at: sale.at,
    })
    .returning({ id: bid.bid_id });
  return ledger;
}
