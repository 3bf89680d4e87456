/**
 * Paddle (bidder) numbers: a guest needs one to bid. Registration assigns them; a signed-in guest who has none
 * gets the next free number when they join the auction. Numbers are never reused within an event.
 */
import { and, eq, max } from "drizzle-orm";
import type { Database } from "~/db/connection.server";
import { uniqueViolation } from "~/db/errors.server";
import { usr_event_paddle } from "~drizzle/schema";

/** The first number handed out when the event has none yet. */
export const FIRST_PADDLE = 100;

export async function paddleOf(db: Database, eventId: number, usrId: number): Promise<number | null> {
  const [row] = await db
    .select({ paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.usr_id, usrId)));
  return row?.paddle ?? null;
}

export async function usrOfPaddle(db: Database, eventId: number, paddle: number): Promise<number | null> {
  const [row] = await db
    .select({ usrId: usr_event_paddle.usr_id })
    .from(usr_event_paddle)
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.paddle, paddle)));
  return row?.usrId ?? null;
}

/** The user's paddle at the event, assigning the next number if they have none (safe when guests join at once). */
export async function ensurePaddle(db: Database, eventId: number, usrId: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const existing = await paddleOf(db, eventId, usrId);
    if (existing !== null) return existing;
    const [highest] = await db.select({ paddle: max(usr_event_paddle.paddle) }).from(usr_event_paddle).where(eq(usr_event_paddle.event_id, eventId));
    const next = Math.max(FIRST_PADDLE, (highest?.paddle ?? FIRST_PADDLE - 1) + 1);
    try {
      await db.insert(usr_event_paddle).values({ event_id: eventId, usr_id: usrId, paddle: next });
      return next;
    } catch (error) {
      // Another guest took the number (or this user joined twice at once): look again.
      if (!uniqueViolation(error)) throw error;
    }
  }
  throw new Error("Could not assign a paddle number: too many guests joined at once.");
}
