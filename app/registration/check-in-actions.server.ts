/**
 * What the door's posts do (the route declares them): check a guest (or their whole party) in or out, check in
 * whoever a scanned code names, register a walk-in and check them in at once, take a party's payment. Each answers
 * with one line for the station's status banner. Each runs on the database handle it is given: the station's queue
 * runs an entry inside the transaction that records it (app/stations/station-sync.server.ts), at the time the entry
 * was really taken.
 */
import { eq } from "drizzle-orm";
import { eventCurrency } from "~/events/event-currency.server";
import { TEXT_LIMITS } from "~/forms/rules";
import { formatMoney } from "~/ui/format";
import { event } from "~drizzle/schema";
import { checkGuests, guestOfToken, partyOf, type CheckResult, type Direction } from "./check-in.server";
import { takeDoorPayment } from "./door-payments.server";
import { registerParty } from "./register-party.server";
import { tokenInScan } from "./ticket-scan";
import type { DoorPayment, WalkIn } from "./door-forms";
import type { Database } from "~/db/connection.server";

/** Who acts at the door, on which handle, and when the action was taken. */
export interface DoorCall {
  db: Database;
  eventId: number;
  usrId: number;
  at: Date;
}

export interface DoorOutcome {
  tone: "success" | "info" | "error";
  message: string;
  /** The guests the message is about, so the screen can show them. */
  guestIds: number[];
  errors?: Record<string, string>;
  /** A walk-in refused: what was typed, so the form without JavaScript shows it again beside its errors. */
  typed?: Record<string, string>;
  /** A walk-in was registered: the station clears its form for the next one. */
  walkIn?: boolean;
}

/**
 * Checks guests in or out (a guest, or their whole party). "success" when someone changed; "info" when the server's
 * rule kept them as they were (already in, or changed the other way since), which an offline entry lists as a conflict.
 */
export async function checkAtDoor(call: DoorCall, guestIds: number[], direction: Direction) {
  const { db, eventId, usrId, at } = call;
  return describe(
    await checkGuests(db, eventId, guestIds, direction, usrId, at),
    direction,
    at,
    await eventTimeZone(db, eventId),
  );
}

/**
 * Takes back a check-in made by mistake (the wrong guest tapped): the guest is as they were before it, so one who had
 * never arrived counts as still to arrive.
 */
export async function undoCheckIn(call: DoorCall, guestId: number): Promise<DoorOutcome> {
  const { db, eventId, usrId, at } = call;
  const result = await checkGuests(db, eventId, [guestId], "undo", usrId, at);
  const guestIds = [...result.changed, ...result.unchanged].map((guest) => guest.id);
  const [changed] = result.changed;
  if (changed) return { tone: "success", message: `${nameOf(changed)}'s check-in is undone.`, guestIds };
  const [unchanged] = result.unchanged;
  if (!unchanged) return problem("That guest is not registered for this event.");
  const checkedInAt = unchanged.checkedInAt;
  if (checkedInAt && checkedInAt > at) {
    const time = timeIn(await eventTimeZone(db, eventId));
    return {
      tone: "info",
      message: `${nameOf(unchanged)} was checked in again at ${time(checkedInAt)}, after this undo at ${time(at)}: check them out if they are not here.`,
      guestIds,
    };
  }
  return { tone: "info", message: `${nameOf(unchanged)} is not checked in: there is nothing to undo.`, guestIds };
}

/** Checks in a guest and the rest of their party who are not here yet. */
export async function checkInParty(call: DoorCall, guestId: number) {
  return checkAtDoor(call, await partyOf(call.db, call.eventId, guestId), "in");
}

/** Checks in whoever the scanned code (a ticket's QR code, or its address) names. */
export async function checkInScanned(call: DoorCall, code: string) {
  const token = tokenInScan(code);
  const guest = token ? await guestOfToken(call.db, call.eventId, token) : null;
  if (guest === null) return problem("That code is not a ticket for this event.");
  return checkAtDoor(call, [guest], "in");
}

/**
 * Registers a walk-in with one ticket and checks them in at once. The station's entry key, when it has one, is the
 * order's key too: the order is made once however often the entry is sent.
 */
export async function walkIn(call: DoorCall, guest: WalkIn, idempotencyKey?: string): Promise<DoorOutcome> {
  const { db, eventId, usrId, at } = call;
  const result = await registerParty(db, {
    eventId,
    lines: [{ ticketId: guest.ticket_id, quantity: 1 }],
    buyer: { first_name: guest.first_name, last_name: guest.last_name, email: guest.email },
    guests: [{ first_name: guest.first_name, last_name: guest.last_name, email: guest.email || null }],
    method: guest.method,
    byStaff: true,
    idempotencyKey,
  });
  if (!result.ok)
    return {
      tone: "error",
      message: result.refusal.message,
      guestIds: [],
      errors: { ticket_id: result.refusal.message },
      typed: { ...guest, ticket_id: String(guest.ticket_id) },
    };
  const first = result.party.guests[0];
  await checkGuests(db, eventId, [first.registrant_id], "in", usrId, at);
  return {
    tone: "success",
    message: `${guest.first_name} ${guest.last_name} is registered and checked in, paddle ${first.paddle}.`,
    guestIds: result.party.guests.map((seat) => seat.registrant_id),
    walkIn: true,
  };
}

/** Takes a party's order in cash or by check at the door. */
export async function takeDoorPaymentAt(
  { db, eventId, usrId }: DoorCall,
  { paymentId, registrantId, check_number: checkNumber }: DoorPayment,
  method: "cash" | "check",
): Promise<DoorOutcome> {
  const guestIds = registrantId ? [registrantId] : [];
  // A check's number is a reference, not a text of any length (issue 32, finding 9).
  if (checkNumber !== undefined && checkNumber.trim().length > TEXT_LIMITS.reference) {
    const message = `A check number can be at most ${TEXT_LIMITS.reference} characters.`;
    return { tone: "error", message, guestIds, errors: { [`check_number-${paymentId}`]: message } };
  }
  const result = await takeDoorPayment(db, {
    eventId,
    paymentId,
    method,
    checkNumber: checkNumber ?? null,
    byUsrId: usrId,
  });
  if (result.taken) {
    const amount = formatMoney(result.amount, await eventCurrency(eventId, db));
    return { tone: "success", message: `${amount} taken ${method === "cash" ? "in cash" : "by check"}.`, guestIds };
  }
  if (result.reason === "check_number")
    return {
      tone: "error",
      message: "Enter the check's number.",
      guestIds,
      errors: { [`check_number-${paymentId}`]: "Enter the check's number." },
    };
  if (result.reason === "already_paid") return { tone: "info", message: "This order is already paid.", guestIds };
  return problem("That order is not at this event.");
}

function problem(message: string): DoorOutcome {
  return { tone: "error", message, guestIds: [] };
}

const nameOf = (guest: { name: string | null }) => guest.name ?? "An unnamed guest";

const timeIn = (timeZone: string) => (moment: Date) =>
  new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone }).format(moment);

function describe(result: CheckResult, direction: Direction, at: Date, timeZone: string): DoorOutcome {
  const time = timeIn(timeZone);
  const names = (guests: { name: string | null }[]) => guests.map(nameOf).join(", ");
  const guestIds = [...result.changed, ...result.unchanged].map((guest) => guest.id);
  if (result.changed.length > 0) {
    const verb = direction === "in" ? "checked in" : "checked out";
    const also =
      result.unchanged.length > 0 ? ` (${names(result.unchanged)} already ${direction === "in" ? "here" : "out"})` : "";
    return {
      tone: "success",
      message: `${names(result.changed)} ${result.changed.length === 1 ? "is" : "are"} ${verb}${also}.`,
      guestIds,
    };
  }
  if (result.unchanged.length === 0) return problem("That guest is not registered for this event.");
  const [first] = result.unchanged;
  // Changed the other way after this entry was taken: the later change stands.
  const later = direction === "in" ? first.checkedOutAt : first.checkedInAt;
  if (later && later > at)
    return {
      tone: "info",
      message:
        direction === "in"
          ? `${names([first])} was checked out at ${time(later)}, after this check-in at ${time(at)}: check them in again if they are here.`
          : `${names([first])} was checked in again at ${time(later)}, after this check-out at ${time(at)}.`,
      guestIds,
    };
  if (direction === "out") return { tone: "info", message: `${names(result.unchanged)} had not checked in.`, guestIds };
  const when = first.checkedInAt ? ` at ${time(first.checkedInAt)}` : "";
  return {
    tone: "info",
    message: `${names(result.unchanged)} ${result.unchanged.length === 1 ? "was" : "were"} already checked in${when}.`,
    guestIds,
  };
}

async function eventTimeZone(db: Database, eventId: number) {
  const [row] = await db.select({ timezone: event.timezone }).from(event).where(eq(event.event_id, eventId));
  return row?.timezone ?? "UTC";
}
