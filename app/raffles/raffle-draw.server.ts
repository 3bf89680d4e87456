/**
 * The draw of a raffle prize, auditable: the server takes 32 bytes from the CSPRNG (the seed), lists the eligible
 * ticket numbers in ascending order, and picks index SHA-256(seed ":" numbers) mod their count. The seed, the list,
 * the index and the ticket are kept on the drawing's row, so anyone can redo the pick. Tickets that already won a
 * prize of the raffle, or were drawn for a winner who was not there, are not eligible again.
 *
 * One standing drawing per prize (a partial unique index): two "Draw" presses at once insert one row, and the
 * second press is told the prize is drawn. A redraw voids the standing drawing with its reason and draws again, in
 * one transaction; the void is conditional, so two redraws of the same drawing make one new drawing. A prize is
 * drawn again once by whoever runs the desk; a second redraw (and any after it) needs an event admin
 * (can_configure_event), so that no one at the desk can draw until a ticket they like comes up (issue 32,
 * finding 10). The new drawing names who drew it and the one it replaces: the draw log and the room's screens say
 * it was a redraw, and by whom.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, notInArray } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { publish } from "~/realtime/bus.server";
import { event, raffle, raffle_drawing, raffle_prize, raffle_ticket } from "~drizzle/schema";
import { raffleTopic } from "./topic";
import type { Transaction } from "~/db/connection.server";

/** The pick, from the seed and the eligible numbers: the same inputs always give the same index. */
export function pickIndex(seedHex: string, eligible: readonly number[]): number {
  if (eligible.length === 0) throw new Error("No eligible tickets");
  const digest = createHash("sha256")
    .update(`${seedHex}:${eligible.join(",")}`)
    .digest("hex");
  // 256 bits modulo a count below 2^31: the bias is below 2^-225.
  return Number(BigInt(`0x${digest}`) % BigInt(eligible.length));
}

export interface DrawResult {
  drawingId: number;
  ticketNumber: number;
}

export async function drawPrize(eventId: number, prizeId: number, byUsrId: number): Promise<DrawResult> {
  return db.transaction(async (tx) => {
    const prize = await prizeOfEvent(tx, eventId, prizeId);
    const result = await insertDrawing(tx, prize, byUsrId, null);
    if (!result) throw new Refusal(`“${prize.title}” has been drawn already. To draw it again, use Redraw.`);
    await announce(tx, eventId, prize.raffleId, result.drawingId);
    return result;
  });
}

/**
 * Draws a prize again, voiding the standing drawing with its reason. For an absent winner (`absent`) only when the
 * event's raffles require the winner to be present: where they need not be, an absent winner keeps the prize, and
 * a redraw is for another reason (the winner declined it, the ticket was not valid).
 */
export async function redrawPrize(
  eventId: number,
  drawingId: number,
  input: { reason: string; absent: boolean; byUsrId: number; isEventAdmin: boolean },
): Promise<DrawResult> {
  return db.transaction(async (tx) => {
    if (input.absent) {
      const [rules] = await tx
        .select({ mustBePresent: event.raffle_must_be_present })
        .from(event)
        .where(eq(event.event_id, eventId));
      if (!rules?.mustBePresent)
        throw new Refusal("Winners need not be present at this event: an absent winner keeps the prize.", "cause");
    }
    const [voided] = await tx
      .update(raffle_drawing)
      .set({ is_void: true, void_reason: input.reason, voided_by: input.byUsrId, voided_at: new Date() })
      .where(and(eq(raffle_drawing.raffle_drawing_id, drawingId), eq(raffle_drawing.is_void, false)))
      .returning({ prizeId: raffle_drawing.raffle_prize_id });
    if (!voided) throw new Refusal("This drawing was already replaced: the list shows the new winner.");
    const prize = await prizeOfEvent(tx, eventId, voided.prizeId);
    // Counted once the standing drawing is locked (voided above): a redraw at the same moment waits for this one.
    if (!input.isEventAdmin && (await redrawsOf(tx, prize.prizeId)) > 1) throw new Refusal(SECOND_REDRAW_REFUSAL);
    const result = await insertDrawing(tx, prize, input.byUsrId, drawingId);
    if (!result) throw new Refusal(`“${prize.title}” has been drawn already.`);
    await announce(tx, eventId, prize.raffleId, result.drawingId);
    return result;
  });
}

/** The refusal of a second redraw to someone who is not an event admin. */
export const SECOND_REDRAW_REFUSAL =
  "This prize has been drawn again once already: only an event admin (“Configure the event (admin)”) may draw it again.";

/** How many of the prize's drawings are void (the one voided in this transaction included). */
async function redrawsOf(tx: Transaction, prizeId: number): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(raffle_drawing)
    .where(and(eq(raffle_drawing.raffle_prize_id, prizeId), eq(raffle_drawing.is_void, true)));
  return row?.count ?? 0;
}

interface PrizeRow {
  prizeId: number;
  raffleId: number;
  title: string;
}

async function prizeOfEvent(tx: Transaction, eventId: number, prizeId: number): Promise<PrizeRow> {
  const [row] = await tx
    .select({ prizeId: raffle_prize.raffle_prize_id, raffleId: raffle.raffle_id, title: raffle_prize.title })
    .from(raffle_prize)
    .innerJoin(raffle, eq(raffle.raffle_id, raffle_prize.raffle_id))
    .where(and(eq(raffle.event_id, eventId), eq(raffle_prize.raffle_prize_id, prizeId)));
  if (!row) throw new Response("Prize not found", { status: 404 });
  return row;
}

/** Inserts the drawing unless the prize has a standing one (then null): the index decides, not a read before. */
async function insertDrawing(
  tx: Transaction,
  prize: PrizeRow,
  byUsrId: number,
  replaces: number | null,
): Promise<DrawResult | null> {
  const drawn = tx
    .select({ id: raffle_drawing.raffle_ticket_id })
    .from(raffle_drawing)
    .where(eq(raffle_drawing.raffle_id, prize.raffleId));
  const tickets = await tx
    .select({ id: raffle_ticket.raffle_ticket_id, number: raffle_ticket.ticket_number })
    .from(raffle_ticket)
    .where(and(eq(raffle_ticket.raffle_id, prize.raffleId), notInArray(raffle_ticket.raffle_ticket_id, drawn)))
    .orderBy(asc(raffle_ticket.ticket_number));
  if (tickets.length === 0) throw new Refusal("There are no tickets left to draw from.");
  const seed = randomBytes(32).toString("hex");
  const eligible = tickets.map((ticket) => ticket.number);
  const index = pickIndex(seed, eligible);
  const [created] = await tx
    .insert(raffle_drawing)
    .values({
      raffle_id: prize.raffleId,
      raffle_prize_id: prize.prizeId,
      raffle_ticket_id: tickets[index].id,
      ticket_number: tickets[index].number,
      drawn_by: byUsrId,
      seed,
      eligible_ticket_numbers: eligible,
      picked_index: index,
      replaces_drawing_id: replaces,
    })
    .onConflictDoNothing()
    .returning({ id: raffle_drawing.raffle_drawing_id });
  return created ? { drawingId: created.id, ticketNumber: tickets[index].number } : null;
}

async function announce(tx: Transaction, eventId: number, raffleId: number, drawingId: number) {
  await publish(tx, { topic: raffleTopic(eventId), type: "draw", data: { raffleId, drawingId } });
}
