/**
 * Pledges of a paddle raise (fund-a-need), as the room makes them: a spotter calls "paddle 142 at $1,000" and the
 * clerk types it, or a guest pledges on their phone. Each write is one short transaction that also announces the
 * change on the bus, so the clerk's screens, the guests' pages and the monitors follow. Pledges are never deleted:
 * a cancel or a correction keeps the entry it changes, with who, when and why (the log).
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { paddleRaisePledges } from "~/billing/line-sources/pledges.server";
import { billablePaddleHolder, type PaddleHolder } from "~/billing/paddle-holders.server";
import { paidForOnTheBill } from "~/billing/paid-for-on-the-bill.server";
import { Refusal } from "~/forms/refusal";
import { publish } from "~/realtime/bus.server";
import { fullName } from "~/ui/format";
import { paddle_raise, paddle_raise_level, pledge, registrant, usr, usr_event_paddle } from "~drizzle/schema";
import { paddleRaiseTopic } from "./topic";
import type { Database, Transaction } from "~/db/connection.server";

/** The raise, when it is the event's and open to pledges. */
async function openRaise(tx: Transaction, eventId: number, raiseId: number) {
  const [raise] = await tx
    .select({ id: paddle_raise.paddle_raise_id, active: paddle_raise.is_active })
    .from(paddle_raise)
    .where(and(eq(paddle_raise.paddle_raise_id, raiseId), eq(paddle_raise.event_id, eventId)));
  if (!raise) throw new Refusal("This paddle raise is not part of the event.");
  if (!raise.active) throw new Refusal("This paddle raise is closed. An organiser can open it again in Auction items.");
  return raise;
}

async function levelOf(tx: Transaction, raiseId: number, amount: number): Promise<number | null> {
  const [level] = await tx
    .select({ id: paddle_raise_level.paddle_raise_level_id })
    .from(paddle_raise_level)
    .where(and(eq(paddle_raise_level.paddle_raise_id, raiseId), eq(paddle_raise_level.amount, amount)));
  return level?.id ?? null;
}

export interface PledgeInput {
  raiseId: number;
  amount: number;
  /** Who typed it: the clerk, or the guest on /pi. */
  enteredBy: number;
  source: "floor" | "guest";
  isAnonymous?: boolean;
  /** A retried or double-tapped submission with the same key records one pledge. */
  idempotencyKey?: string | null;
  /** When the pledge was taken: a station's entry sent after an outage keeps its own time. */
  at?: Date;
}

export type PledgeTarget = { paddle: number } | { holder: PaddleHolder };

/**
 * Records a pledge for a paddle (the clerk's entry) or for a known holder (the guest's own). Refuses an unknown
 * paddle at its field, a closed raise, and amounts that are not positive. Returns the pledge's id (the first one's,
 * for a repeated submission).
 */
export async function recordPledge(db: Database, eventId: number, target: PledgeTarget, input: PledgeInput) {
  if (input.amount <= 0) throw new Refusal("A pledge is more than $0.", "amount");
  return db.transaction(async (tx) => {
    await openRaise(tx, eventId, input.raiseId);
    const holder = "holder" in target ? target.holder : await billablePaddleHolder(tx, eventId, target.paddle);
    if (!holder)
      throw new Refusal(`Nobody holds paddle ${"paddle" in target ? target.paddle : ""} at this event.`, "paddle");
    const [row] = await tx
      .insert(pledge)
      .values({
        event_id: eventId,
        paddle_raise_id: input.raiseId,
        paddle_raise_level_id: await levelOf(tx, input.raiseId, input.amount),
        usr_id: holder.usrId,
        paddle: holder.paddle,
        amount: input.amount,
        source: input.source,
        is_anonymous: input.isAnonymous ?? false,
        entered_by_usr_id: input.enteredBy,
        idempotency_key: input.idempotencyKey || null,
        created_at: input.at,
      })
      .onConflictDoNothing()
      .returning({ id: pledge.pledge_id });
    if (!row) {
      const [earlier] = await tx
        .select({ id: pledge.pledge_id })
        .from(pledge)
        .where(and(eq(pledge.event_id, eventId), eq(pledge.idempotency_key, input.idempotencyKey!)));
      return { pledgeId: earlier.id, holder, repeated: true };
    }
    await announce(tx, eventId, input.raiseId, row.id, "pledged");
    return { pledgeId: row.id, holder, repeated: false };
  });
}

/**
 * The pledge, locked, when it is the event's, still counts and is not paid for; refuses otherwise. Its invoice is
 * locked first, as payments lock it before reading what they bill.
 */
async function countingPledge(tx: Transaction, eventId: number, pledgeId: number) {
  const paid = await paidForOnTheBill(tx, eventId, { source: paddleRaisePledges.name, key: `pledge:${pledgeId}` });
  const [row] = await tx
    .select()
    .from(pledge)
    .where(and(eq(pledge.pledge_id, pledgeId), eq(pledge.event_id, eventId)))
    .for("update");
  if (!row) throw new Refusal("That pledge is not part of the event.");
  if (row.status !== "pledged")
    throw new Refusal(
      row.status === "cancelled" ? "That pledge was already cancelled." : "That pledge was already corrected.",
    );
  if (paid || row.payment_id !== null)
    throw new Refusal("That pledge is paid on the guest's bill: refund it in billing instead.");
  return row;
}

export interface PledgeChange {
  pledgeId: number;
  by: number;
  reason: string;
}

/** Cancels a pledge: it stays in the log, no longer counts and is not billed. */
export async function cancelPledge(db: Database, eventId: number, change: PledgeChange) {
  await db.transaction(async (tx) => {
    const row = await countingPledge(tx, eventId, change.pledgeId);
    await tx
      .update(pledge)
      .set({ status: "cancelled", changed_by_usr_id: change.by, changed_at: new Date(), change_reason: change.reason })
      .where(eq(pledge.pledge_id, row.pledge_id));
    await announce(tx, eventId, row.paddle_raise_id, row.pledge_id, "cancelled");
  });
}

/**
 * Corrects a pledge's paddle or amount: the wrong entry is kept as "replaced" and a new one, pointing back at it,
 * takes its place (same raise, same time of pledge for the running order of the log).
 */
export async function correctPledge(
  db: Database,
  eventId: number,
  change: PledgeChange & { paddle: number; amount: number },
) {
  if (change.amount <= 0) throw new Refusal("A pledge is more than $0.", "amount");
  return db.transaction(async (tx) => {
    const row = await countingPledge(tx, eventId, change.pledgeId);
    const holder = await billablePaddleHolder(tx, eventId, change.paddle);
    if (!holder) throw new Refusal(`Nobody holds paddle ${change.paddle} at this event.`, "paddle");
    if (holder.paddle === row.paddle && change.amount === row.amount)
      throw new Refusal("That is what the pledge already says.", "amount");
    await tx
      .update(pledge)
      .set({ status: "replaced", changed_by_usr_id: change.by, changed_at: new Date(), change_reason: change.reason })
      .where(eq(pledge.pledge_id, row.pledge_id));
    const [replacement] = await tx
      .insert(pledge)
      .values({
        event_id: eventId,
        paddle_raise_id: row.paddle_raise_id,
        paddle_raise_level_id: await levelOf(tx, row.paddle_raise_id, change.amount),
        usr_id: holder.usrId,
        paddle: holder.paddle,
        amount: change.amount,
        source: row.source,
        is_anonymous: row.is_anonymous,
        entered_by_usr_id: change.by,
        replaces_pledge_id: row.pledge_id,
        created_at: row.created_at,
      })
      .returning({ id: pledge.pledge_id });
    await announce(tx, eventId, row.paddle_raise_id, replacement.id, "corrected");
    return { pledgeId: replacement.id, holder };
  });
}

async function announce(tx: Transaction, eventId: number, raiseId: number, pledgeId: number, change: string) {
  await publish(tx, { topic: paddleRaiseTopic(eventId), type: "pledge", data: { raiseId, pledgeId, change } });
}

/**
 * Every paddle of the event with its holder's name, for the clerk's screen: the name shows as the paddle is typed,
 * without a round trip (a gala has a few hundred paddles). A bidder's account wins over a registration's name.
 */
export async function paddleDirectory(db: Database, eventId: number): Promise<Array<[number, string]>> {
  const [bidders, guests] = await Promise.all([
    db
      .select({ paddle: usr_event_paddle.paddle, first: usr.first_name, last: usr.last_name, email: usr.email_address })
      .from(usr_event_paddle)
      .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
      .where(eq(usr_event_paddle.event_id, eventId))
      .orderBy(asc(usr_event_paddle.usr_event_paddle_id)),
    db
      .select({
        paddle: registrant.paddle,
        name: registrant.name,
        first: registrant.first_name,
        last: registrant.last_name,
      })
      .from(registrant)
      .where(and(eq(registrant.event_id, eventId), isNotNull(registrant.paddle)))
      .orderBy(asc(registrant.registrant_id)),
  ]);
  const names = new Map<number, string>();
  for (const bidder of bidders)
    if (!names.has(bidder.paddle)) names.set(bidder.paddle, fullName(bidder.first, bidder.last) || bidder.email);
  for (const guest of guests)
    if (guest.paddle !== null && !names.has(guest.paddle))
      names.set(guest.paddle, fullName(guest.first, guest.last) || guest.name || `Paddle ${guest.paddle}`);
  return [...names].sort(([a], [b]) => a - b);
}
