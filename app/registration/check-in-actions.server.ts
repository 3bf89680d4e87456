/**
 * What the door's posts do (the route declares them): check a guest (or their whole party) in or out, check in
 * whoever a scanned code names, register a walk-in and check them in at once, take a party's payment. Each answers
 * with one line for the station's status banner.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { TEXT_LIMITS } from "~/forms/rules";
import { formatMoney } from "~/ui/format";
import { event } from "~drizzle/schema";
import { checkGuests, guestOfToken, partyOf, tokenInScan, type CheckResult, type Direction } from "./check-in.server";
import { takeDoorPayment } from "./door-payments.server";
import { registerParty } from "./register-party.server";
import type { DoorPayment, WalkIn } from "./door-forms";

export interface DoorOutcome {
  tone: "success" | "info" | "error";
  message: string;
  /** The guests the message is about, so the screen can show them. */
  guestIds: number[];
  errors?: Record<string, string>;
  /** A walk-in was registered: the station clears its form for the next one. */
  walkIn?: boolean;
}

/** Checks guests in or out (a guest, or their whole party). */
export async function checkAtDoor(eventId: number, usrId: number, guestIds: number[], direction: Direction) {
  return describe(await checkGuests(db, eventId, guestIds, direction, usrId), direction, await eventTimeZone(eventId));
}

/** Checks in a guest and the rest of their party who are not here yet. */
export async function checkInParty(eventId: number, usrId: number, guestId: number) {
  return checkAtDoor(eventId, usrId, await partyOf(db, eventId, guestId), "in");
}

/** Checks in whoever the scanned code (a ticket's QR code, or its address) names. */
export async function checkInScanned(eventId: number, usrId: number, code: string) {
  const token = tokenInScan(code);
  const guest = token ? await guestOfToken(db, eventId, token) : null;
  if (guest === null) return problem("That code is not a ticket for this event.");
  return checkAtDoor(eventId, usrId, [guest], "in");
}

/** Registers a walk-in with one ticket and checks them in at once. */
export async function walkIn(eventId: number, usrId: number, guest: WalkIn): Promise<DoorOutcome> {
  const result = await registerParty(db, {
    eventId,
    lines: [{ ticketId: guest.ticket_id, quantity: 1 }],
    buyer: { first_name: guest.first_name, last_name: guest.last_name, email: guest.email },
    guests: [{ first_name: guest.first_name, last_name: guest.last_name, email: guest.email || null }],
    method: guest.method,
    byStaff: true,
  });
  if (!result.ok)
    return {
      tone: "error",
      message: result.refusal.message,
      guestIds: [],
      errors: { ticket_id: result.refusal.message },
    };
  const first = result.party.guests[0];
  await checkGuests(db, eventId, [first.registrant_id], "in", usrId);
  return {
    tone: "success",
    message: `${guest.first_name} ${guest.last_name} is registered and checked in, paddle ${first.paddle}.`,
    guestIds: result.party.guests.map((seat) => seat.registrant_id),
    walkIn: true,
  };
}

/** Takes a party's order in cash or by check at the door. */
export async function takeDoorPaymentAt(
  eventId: number,
  usrId: number,
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
    const amount = formatMoney(result.amount, await eventCurrency(eventId));
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

function describe(result: CheckResult, direction: Direction, timeZone: string): DoorOutcome {
  const names = (guests: { name: string | null }[]) =>
    guests.map((guest) => guest.name ?? "An unnamed guest").join(", ");
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
  if (direction === "out") return { tone: "info", message: `${names(result.unchanged)} had not checked in.`, guestIds };
  const at = result.unchanged[0].checkedInAt;
  const when = at ? ` at ${new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone }).format(at)}` : "";
  return {
    tone: "info",
    message: `${names(result.unchanged)} ${result.unchanged.length === 1 ? "was" : "were"} already checked in${when}.`,
    guestIds,
  };
}

async function eventCurrency(eventId: number) {
  const [row] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
  return row?.currency ?? "USD";
}

async function eventTimeZone(eventId: number) {
  const [row] = await db.select({ timezone: event.timezone }).from(event).where(eq(event.event_id, eventId));
  return row?.timezone ?? "UTC";
}
