/**
 * Paddle (bidder) numbers (docs/registration-rules.md). Registration gives every guest one; a signed-in guest who
 * has none gets the next one when they join the auction. Numbers come from a per-event counter on the
 * registration row (registration.next_paddle) that only grows, starting at registration.paddle_start, so a number
 * is never handed out twice even after its guest is deleted; numbers someone set by hand are skipped. A couple may
 * share one number: staff set it by hand on both guests of the same party.
 */
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { paddleOf } from "~/billing/paddle-holders.server";
import { event, registrant, registration, usr, usr_event_paddle } from "~drizzle/schema";
import type { Database, Transaction } from "~/db/connection.server";

type Executor = Database | Transaction;

/** The user bidding under a paddle; for a shared paddle, the one who had it first. */
async function usrOfPaddle(db: Executor, eventId: number, paddle: number): Promise<number | null> {
  const [row] = await db
    .select({ usrId: usr_event_paddle.usr_id })
    .from(usr_event_paddle)
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.paddle, paddle)))
    .orderBy(asc(usr_event_paddle.usr_event_paddle_id))
    .limit(1);
  return row?.usrId ?? null;
}

/** Whether any guest or user of the event holds the number. */
async function paddleInUse(tx: Executor, eventId: number, paddle: number): Promise<boolean> {
  const [guest] = await tx
    .select({ id: registrant.registrant_id })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), eq(registrant.paddle, paddle)))
    .limit(1);
  if (guest) return true;
  return (await usrOfPaddle(tx, eventId, paddle)) !== null;
}

/**
 * Takes the next free number from the event's counter. The counter row stays locked until the caller's
 * transaction ends, so concurrent registrations get distinct numbers. The first time, the counter starts above
 * every number already held (events seeded or imported before the counter existed).
 */
export async function allocatePaddle(tx: Transaction, eventId: number): Promise<number> {
  const highestHeld = sql`(select greatest(
      (select coalesce(max(${registrant.paddle}), 0) from ${registrant} where ${registrant.event_id} = ${eventId}),
      (select coalesce(max(${usr_event_paddle.paddle}), 0) from ${usr_event_paddle} where ${usr_event_paddle.event_id} = ${eventId})) + 1)`;
  for (;;) {
    const [row] = await tx
      .update(registration)
      .set({
        next_paddle: sql`greatest(coalesce(${registration.next_paddle}, ${highestHeld}), ${registration.paddle_start}) + 1`,
      })
      .from(event)
      .where(and(eq(event.event_id, eventId), eq(event.registration_id, registration.registration_id)))
      .returning({ paddle: sql<number>`${registration.next_paddle} - 1` });
    if (!row) {
      await giveRegistrationRecord(tx, eventId);
      continue;
    }
    const paddle = Number(row.paddle);
    if (!(await paddleInUse(tx, eventId, paddle))) return paddle;
  }
}

/**
 * The user's paddle at the event, assigning one if they have none: the paddle of their registration when they
 * registered, otherwise the next number. A registration linked to this user counts; one matched by its email only
 * when no account is linked to it yet, and it is linked to this one now. A paddle belongs to one person: a seat's
 * paddle that another user already holds is theirs, unless the team gave that number to several seats on purpose
 * (a couple sharing one); the newcomer gets a number of their own.
 */
export async function ensurePaddle(db: Database, eventId: number, usrId: number): Promise<number> {
  const existing = await paddleOf(db, eventId, usrId);
  if (existing !== null) return existing;
  return db.transaction(async (tx) => {
    // Serialises joins of this user: a double tap must not hand out two numbers.
    await tx.select({ locked: sql`pg_advisory_xact_lock(${eventId}, ${usrId})` }).from(sql`(select 1) as one`);
    const again = await paddleOf(tx, eventId, usrId);
    if (again !== null) return again;
    const [registered] = await tx
      .select({ registrantId: registrant.registrant_id, paddle: registrant.paddle, linked: registrant.usr_id })
      .from(registrant)
      .innerJoin(usr, eq(usr.usr_id, usrId))
      .where(
        and(
          eq(registrant.event_id, eventId),
          sql`${registrant.paddle} is not null`,
          or(
            eq(registrant.usr_id, usrId),
            and(isNull(registrant.usr_id), sql`lower(${registrant.email}) = lower(${usr.email_address})`),
          ),
        ),
      )
      // The seat linked to the user first, then the first matched by email.
      .orderBy(sql`${registrant.usr_id} is null`, asc(registrant.registrant_id))
      .limit(1);
    let paddle = registered?.paddle ?? null;
    if (registered && registered.linked === null) {
      await tx.update(registrant).set({ usr_id: usrId }).where(eq(registrant.registrant_id, registered.registrantId));
    }
    if (
      paddle !== null &&
      (await heldByAnother(tx, eventId, paddle, usrId)) &&
      !(await sharedByTeam(tx, eventId, paddle))
    )
      paddle = null;
    paddle ??= await allocatePaddle(tx, eventId);
    await tx.insert(usr_event_paddle).values({ event_id: eventId, usr_id: usrId, paddle });
    return paddle;
  });
}

async function heldByAnother(tx: Transaction, eventId: number, paddle: number, usrId: number): Promise<boolean> {
  const [holder] = await tx
    .select({ usrId: usr_event_paddle.usr_id })
    .from(usr_event_paddle)
    .where(
      and(
        eq(usr_event_paddle.event_id, eventId),
        eq(usr_event_paddle.paddle, paddle),
        ne(usr_event_paddle.usr_id, usrId),
      ),
    )
    .limit(1);
  return holder !== undefined;
}

/** Whether the team gave this number to several seats (setRegistrantPaddle allows it within a party). */
async function sharedByTeam(tx: Transaction, eventId: number, paddle: number): Promise<boolean> {
  const [seats] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), eq(registrant.paddle, paddle)));
  return (seats?.n ?? 0) > 1;
}

export type PaddleChange = { ok: true } | { ok: false; message: string };

/**
 * Sets a guest's paddle by hand. The number must be free, or held only by guests of the same party (a couple
 * sharing one). The counter skips numbers in use, so it never hands this one out as well.
 */
export async function setRegistrantPaddle(
  tx: Transaction,
  eventId: number,
  registrantId: number,
  paddle: number,
): Promise<PaddleChange> {
  const [guest] = await tx
    .select({ passId: registrant.pass_id, usrId: registrant.usr_id })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, registrantId)));
  if (!guest) return { ok: false, message: "That guest is not registered for this event." };
  // Lock the counter so two staff setting the same number at once cannot both pass the check.
  await tx
    .select({ id: registration.registration_id })
    .from(registration)
    .innerJoin(event, eq(event.registration_id, registration.registration_id))
    .where(eq(event.event_id, eventId))
    .for("update", { of: registration });
  const holders = await tx
    .select({ name: registrant.name, passId: registrant.pass_id })
    .from(registrant)
    .where(
      and(eq(registrant.event_id, eventId), eq(registrant.paddle, paddle), ne(registrant.registrant_id, registrantId)),
    );
  const otherParty = holders.find((holder) => holder.passId === null || holder.passId !== guest.passId);
  if (otherParty) return { ok: false, message: `Paddle ${paddle} belongs to ${otherParty.name ?? "another guest"}.` };
  const users = await tx
    .select({ usrId: usr_event_paddle.usr_id })
    .from(usr_event_paddle)
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.paddle, paddle)));
  const partyUsers = new Set(
    (guest.passId === null
      ? [guest.usrId]
      : (
          await tx.select({ usrId: registrant.usr_id }).from(registrant).where(eq(registrant.pass_id, guest.passId))
        ).map((row) => row.usrId)
    ).filter((id): id is number => id !== null),
  );
  if (users.some((row) => !partyUsers.has(row.usrId)))
    return { ok: false, message: `Paddle ${paddle} belongs to another bidder.` };

  await tx.update(registrant).set({ paddle }).where(eq(registrant.registrant_id, registrantId));
  if (guest.usrId !== null) {
    await tx
      .insert(usr_event_paddle)
      .values({ event_id: eventId, usr_id: guest.usrId, paddle })
      .onConflictDoUpdate({ target: [usr_event_paddle.event_id, usr_event_paddle.usr_id], set: { paddle } });
  }
  return { ok: true };
}

/** Events get their registration record when created; one made another way gets it on first need. */
async function giveRegistrationRecord(tx: Transaction, eventId: number) {
  const [created] = await tx.insert(registration).values({}).returning({ id: registration.registration_id });
  const [linked] = await tx
    .update(event)
    .set({ registration_id: created.id })
    .where(and(eq(event.event_id, eventId), sql`${event.registration_id} is null`))
    .returning({ id: event.event_id });
  if (linked) return;
  // Another registration linked one first, or the event is gone.
  await tx.delete(registration).where(eq(registration.registration_id, created.id));
  const [exists] = await tx.select({ id: event.event_id }).from(event).where(eq(event.event_id, eventId));
  if (!exists) throw new Error(`Event ${eventId} does not exist.`);
}
