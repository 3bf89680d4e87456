/**
 * Who holds a paddle, and whose bill its money goes on (decision 049). Checkout is by paddle: staff type the number
 * and see one invoice, and an invoice is an account's. A guest who never signed in holds their paddle through their
 * registration only, so the clerk's entries for it (a pledge, a live lot, a sale at the bar) bill the account of the
 * guest's email, made for it when there is none yet, as signing in by code would, and given the paddle. A paddle whose
 * guest has no email is refused where it was typed, with what to do: no money is recorded that no invoice would ask
 * for, and nothing is billed to someone else (the room's screens would thank the wrong person).
 */
import { and, asc, eq } from "drizzle-orm";
import { fillMissingNames, findOrCreateUserByEmail } from "~/auth/accounts.server";
import { Refusal } from "~/forms/refusal";
import { fullName } from "~/ui/format";
import { registrant, usr, usr_event_paddle } from "~drizzle/schema";
import type { Database, Transaction } from "~/db/connection.server";

type Executor = Database | Transaction;

export interface PaddleHolder {
  paddle: number;
  /** The account the paddle's money is billed to; null, when read only, for a guest not yet linked to one. */
  usrId: number | null;
  name: string;
  firstName: string | null;
}

export interface BillablePaddleHolder extends PaddleHolder {
  usrId: number;
}

/** The paddle an account bids and buys under at the event, if it has one. */
export async function paddleOf(db: Executor, eventId: number, usrId: number): Promise<number | null> {
  const [row] = await db
    .select({ paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.usr_id, usrId)));
  return row?.paddle ?? null;
}

async function signedInHolder(db: Executor, eventId: number, paddle: number): Promise<PaddleHolder | null> {
  const [bidder] = await db
    .select({ usrId: usr.usr_id, first: usr.first_name, last: usr.last_name, email: usr.email_address })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(and(eq(usr_event_paddle.event_id, eventId), eq(usr_event_paddle.paddle, paddle)))
    .orderBy(asc(usr_event_paddle.usr_event_paddle_id))
    .limit(1);
  if (!bidder) return null;
  return {
    paddle,
    usrId: bidder.usrId,
    name: fullName(bidder.first, bidder.last) || bidder.email,
    firstName: bidder.first,
  };
}

/** The first seat registered under the number (a couple may share one). */
async function registeredSeat(db: Executor, eventId: number, paddle: number) {
  const [seat] = await db
    .select({
      registrantId: registrant.registrant_id,
      usrId: registrant.usr_id,
      name: registrant.name,
      first: registrant.first_name,
      last: registrant.last_name,
      email: registrant.email,
    })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), eq(registrant.paddle, paddle)))
    .orderBy(asc(registrant.registrant_id))
    .limit(1);
  return seat ?? null;
}

type Seat = NonNullable<Awaited<ReturnType<typeof registeredSeat>>>;

function seatHolder(paddle: number, seat: Seat, usrId: number | null): PaddleHolder {
  const name = fullName(seat.first, seat.last) || seat.name || `Paddle ${paddle}`;
  return { paddle, usrId, name, firstName: seat.first ?? name.split(" ")[0] ?? null };
}

/**
 * Who holds a paddle at the event, for showing: the bidder it was given to, else the registered guest with the
 * number. Null when nobody does. Reads only: a guest not yet linked to an account has usrId null.
 */
export async function paddleHolder(db: Executor, eventId: number, paddle: number): Promise<PaddleHolder | null> {
  const bidder = await signedInHolder(db, eventId, paddle);
  if (bidder) return bidder;
  const seat = await registeredSeat(db, eventId, paddle);
  return seat ? seatHolder(paddle, seat, seat.usrId) : null;
}

/** Why a paddle cannot be billed, and what staff do about it. */
function noEmailToBill(paddle: number, name: string | null): string {
  const then = "on the Registrants screen, then enter this again.";
  return name
    ? `${name} (paddle ${paddle}) has no email on their registration, so nothing can be billed to them. Add it ${then}`
    : `Paddle ${paddle} is a seat with no guest named yet, so nothing can be billed to it. Name the guest, with their email, ${then}`;
}

/**
 * The paddle's holder with the account its money is billed to, linking a registered guest to the account of their
 * email on first use. Null when nobody holds the number; a Refusal at the paddle field when its guest has no email.
 */
export async function billablePaddleHolder(
  db: Transaction,
  eventId: number,
  paddle: number,
): Promise<BillablePaddleHolder | null> {
  const bidder = await signedInHolder(db, eventId, paddle);
  if (bidder?.usrId) return { ...bidder, usrId: bidder.usrId };
  const seat = await registeredSeat(db, eventId, paddle);
  if (!seat) return null;
  if (seat.usrId !== null) return { ...seatHolder(paddle, seat, seat.usrId), usrId: seat.usrId };
  const email = seat.email?.trim();
  const holder = seatHolder(paddle, seat, null);
  if (!email) throw new Refusal(noEmailToBill(paddle, fullName(seat.first, seat.last) || seat.name), "paddle");
  // The seat is this person's: link it, name the account, and give it the number, as their first sign-in would.
  const usrId = await findOrCreateUserByEmail(db, email);
  await db.update(registrant).set({ usr_id: usrId }).where(eq(registrant.registrant_id, seat.registrantId));
  await fillMissingNames(db, usrId, { firstName: seat.first ?? undefined, lastName: seat.last ?? undefined });
  await db.insert(usr_event_paddle).values({ event_id: eventId, usr_id: usrId, paddle }).onConflictDoNothing();
  return { ...holder, usrId };
}
