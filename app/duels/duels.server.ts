/**
 * Duels on the server: staff's settings (/admin/auction_items/duels), the boards /duel shows, and giving. A gift is
 * taken under the duel's row lock, so a gift never lands on a duel that has just closed, and two taps with one key
 * give once. Gifts are pledges billed at checkout, so a guest follows the event's rule for credit (a card on file
 * when the event asks for one).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { requireCardForCredit } from "~/billing/cards.server";
import { Refusal } from "~/forms/refusal";
import { publish, type RealtimeMessage } from "~/realtime/bus.server";
import { ensurePaddle } from "~/registration/paddles.server";
import { duel, duel_gift } from "~drizzle/schema";
import { duelTopic } from "./topic";
import type { DuelBoard, DuelSettings, Side } from "./duels";
import type { Database } from "~/db/connection.server";

const counted = eq(duel_gift.status, "pledged");

/** The event's duels with their totals, open ones first. */
export async function duelBoards(db: Database, eventId: number): Promise<DuelBoard[]> {
  const rows = await db
    .select({
      duel,
      aTotal: sql<number>`coalesce(sum(${duel_gift.amount}) filter (where ${counted} and ${duel_gift.side} = 'a'), 0)::int`,
      bTotal: sql<number>`coalesce(sum(${duel_gift.amount}) filter (where ${counted} and ${duel_gift.side} = 'b'), 0)::int`,
      aGifts: sql<number>`(count(${duel_gift.duel_gift_id}) filter (where ${counted} and ${duel_gift.side} = 'a'))::int`,
      bGifts: sql<number>`(count(${duel_gift.duel_gift_id}) filter (where ${counted} and ${duel_gift.side} = 'b'))::int`,
    })
    .from(duel)
    .leftJoin(duel_gift, eq(duel_gift.duel_id, duel.duel_id))
    .where(eq(duel.event_id, eventId))
    .groupBy(duel.duel_id)
    .orderBy(sql`${duel.is_active} desc`, asc(duel.duel_id));
  return rows.map((row) => ({
    id: row.duel.duel_id,
    title: row.duel.title,
    sides: {
      a: { name: row.duel.side_a, total: row.aTotal, gifts: row.aGifts },
      b: { name: row.duel.side_b, total: row.bTotal, gifts: row.bGifts },
    },
    increments: row.duel.increments,
    endsAt: row.duel.ends_at?.toISOString() ?? null,
    isActive: row.duel.is_active,
  }));
}

const reads = new WeakMap<RealtimeMessage, Promise<DuelBoard[]>>();

/** The boards after a message: read once per message in this process, however many pages follow the duel. */
export function boardsAfter(db: Database, eventId: number, message: RealtimeMessage) {
  let read = reads.get(message);
  if (!read) reads.set(message, (read = duelBoards(db, eventId)));
  return read;
}

/** The duel's settings as saved, for the staff's form. */
export async function duelSettings(db: Database, eventId: number) {
  return db.select().from(duel).where(eq(duel.event_id, eventId)).orderBy(asc(duel.duel_id));
}

export async function createDuel(db: Database, eventId: number, settings: DuelSettings) {
  await db.transaction(async (tx) => {
    await tx.insert(duel).values({ event_id: eventId, ...settings });
    await publish(tx, { topic: duelTopic(eventId), type: "duel", data: {} });
  });
}

export async function updateDuel(db: Database, eventId: number, duelId: number, settings: DuelSettings) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(duel)
      .set({ ...settings, updated_at: new Date() })
      .where(and(eq(duel.duel_id, duelId), eq(duel.event_id, eventId)))
      .returning({ id: duel.duel_id });
    if (!row) throw new Refusal("This duel is no longer part of the event.");
    await publish(tx, { topic: duelTopic(eventId), type: "duel", data: {} });
  });
}

/** Removes a duel that nobody has given to yet; one with gifts is closed instead (they are billed). */
export async function removeDuel(db: Database, eventId: number, duelId: number) {
  await db.transaction(async (tx) => {
    // The duel's lock first, as a gift takes it: a gift being given now is counted below, never deleted with the duel.
    await tx
      .select({ id: duel.duel_id })
      .from(duel)
      .where(and(eq(duel.duel_id, duelId), eq(duel.event_id, eventId)))
      .for("update");
    const [gift] = await tx
      .select({ id: duel_gift.duel_gift_id })
      .from(duel_gift)
      .where(eq(duel_gift.duel_id, duelId))
      .limit(1);
    if (gift) throw new Refusal("Guests have given to this duel: close it instead, so their gifts are still billed.");
    await tx.delete(duel).where(and(eq(duel.duel_id, duelId), eq(duel.event_id, eventId)));
    await publish(tx, { topic: duelTopic(eventId), type: "duel", data: {} });
  });
}

export interface Gift {
  duelId: number;
  side: Side;
  amount: number;
  idempotencyKey: string | null;
}

/** What a gift would put on the guest's bill, for them to confirm; refused as the gift would be. */
export async function reviewDuelGift(db: Database, eventId: number, usrId: number, gift: Gift, at = new Date()) {
  const [row] = await db
    .select()
    .from(duel)
    .where(and(eq(duel.duel_id, gift.duelId), eq(duel.event_id, eventId)));
  openTo(row, gift, at);
  await requireCardForCredit(db, eventId, usrId);
  return { duelTitle: row.title, sideName: gift.side === "a" ? row.side_a : row.side_b, amount: gift.amount };
}

/** Refuses a gift to a duel that is not the event's, has ended, or does not take that amount. */
function openTo(row: typeof duel.$inferSelect | undefined, gift: Gift, at: Date): asserts row {
  if (!row) throw new Refusal("This duel is not part of the event.");
  if (!row.is_active || (row.ends_at && row.ends_at <= at)) throw new Refusal("This duel has ended: thank you!");
  if (!row.increments.includes(gift.amount)) throw new Refusal("Choose one of the duel's amounts.");
}

/**
 * A guest's gift to one side: one of the duel's increments, while it is open. Returns the gift's id (the first
 * one's, for a repeated key).
 */
export async function giveToDuel(db: Database, eventId: number, usrId: number, gift: Gift, at = new Date()) {
  await requireCardForCredit(db, eventId, usrId);
  const paddle = await ensurePaddle(db, eventId, usrId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(duel)
      .where(and(eq(duel.duel_id, gift.duelId), eq(duel.event_id, eventId)))
      .for("update");
    openTo(row, gift, at);
    const [given] = await tx
      .insert(duel_gift)
      .values({
        duel_id: row.duel_id,
        event_id: eventId,
        side: gift.side,
        usr_id: usrId,
        paddle,
        amount: gift.amount,
        idempotency_key: gift.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning({ id: duel_gift.duel_gift_id });
    if (!given) {
      const [earlier] = await tx
        .select({ id: duel_gift.duel_gift_id })
        .from(duel_gift)
        .where(and(eq(duel_gift.event_id, eventId), eq(duel_gift.idempotency_key, gift.idempotencyKey!)));
      return earlier!.id;
    }
    await publish(tx, { topic: duelTopic(eventId), type: "gift", data: { duel: row.duel_id } });
    return given.id;
  });
}

/** A gift of this guest, for the thank-you line. */
export async function guestGift(db: Database, eventId: number, usrId: number, giftId: number) {
  const [row] = await db
    .select({ amount: duel_gift.amount, side: duel_gift.side, duelId: duel_gift.duel_id })
    .from(duel_gift)
    .where(and(eq(duel_gift.duel_gift_id, giftId), eq(duel_gift.event_id, eventId), eq(duel_gift.usr_id, usrId)));
  return row ?? null;
}
