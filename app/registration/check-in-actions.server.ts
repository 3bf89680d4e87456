/**
 * The door's form posts: check a guest (or their whole party) in or out, check in whoever a scanned code names, and
 * register a walk-in and check them in at once. Each answers with one line for the station's status banner.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { MAX_ROW_ID, readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { EMAIL_MAX, emailAddress, requiredText, TEXT_LIMITS } from "~/forms/rules";
import { formatMoney } from "~/ui/format";
import { event } from "~drizzle/schema";
import { checkGuests, guestOfToken, partyOf, tokenInScan, type CheckResult, type Direction } from "./check-in.server";
import { takeDoorPayment } from "./door-payments.server";
import { registerParty, type PaymentMethod } from "./register-party.server";

export interface DoorOutcome {
  tone: "success" | "info" | "error";
  message: string;
  /** The guests the message is about, so the screen can show them. */
  guestIds: number[];
  errors?: Record<string, string>;
  /** A walk-in was registered: the station clears its form for the next one. */
  walkIn?: boolean;
}

const WALK_IN_METHODS = ["pay_at_event", "cash", "check", "comp"] as const satisfies readonly PaymentMethod[];

const walkInSchema = z.object({
  first_name: requiredText(
    TEXT_LIMITS.name,
    "Enter the guest's first name.",
    `A first name can be at most ${TEXT_LIMITS.name} characters.`,
  ),
  last_name: requiredText(
    TEXT_LIMITS.name,
    "Enter the guest's last name.",
    `A last name can be at most ${TEXT_LIMITS.name} characters.`,
  ),
  email: z.union([
    z.literal(""),
    emailAddress(z.string().trim(), {
      tooLong: `An email address can be at most ${EMAIL_MAX} characters.`,
      notEmail: "Enter an email address like name@example.org, or leave it blank.",
    }),
  ]),
  ticket_id: z.coerce
    .number({ message: "Choose a ticket." })
    .int("Choose a ticket.")
    .positive("Choose a ticket.")
    .max(MAX_ROW_ID, "Choose a ticket."),
  method: z.enum(WALK_IN_METHODS, { message: "Choose how the guest pays." }),
});

export async function doorAction(eventId: number, usrId: number, form: FormData): Promise<DoorOutcome> {
  const intent = String(form.get("intent") ?? "");
  const id = readRowId(form.get("registrantId")) ?? Number.NaN;
  const timeZone = await eventTimeZone(eventId);
  switch (intent) {
    case "in":
    case "out":
      if (!Number.isSafeInteger(id)) return problem("Choose a guest.");
      return describe(await checkGuests(db, eventId, [id], intent, usrId), intent, timeZone);
    case "party-in":
      if (!Number.isSafeInteger(id)) return problem("Choose a guest.");
      return describe(await checkGuests(db, eventId, await partyOf(db, eventId, id), "in", usrId), "in", timeZone);
    case "scan": {
      const token = tokenInScan(String(form.get("code") ?? ""));
      const guest = token ? await guestOfToken(db, eventId, token) : null;
      if (guest === null) return problem("That code is not a ticket for this event.");
      return describe(await checkGuests(db, eventId, [guest], "in", usrId), "in", timeZone);
    }
    case "walk-in":
      return walkIn(eventId, usrId, form);
    case "pay-cash":
    case "pay-check":
      return takePayment(eventId, usrId, form, intent === "pay-cash" ? "cash" : "check");
    default:
      return problem("Unknown action.");
  }
}

async function walkIn(eventId: number, usrId: number, form: FormData): Promise<DoorOutcome> {
  const parsed = walkInSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { tone: "error", message: "Check the walk-in's details.", guestIds: [], errors };
  }
  const guest = parsed.data;
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

async function takePayment(
  eventId: number,
  usrId: number,
  form: FormData,
  method: "cash" | "check",
): Promise<DoorOutcome> {
  const paymentId = readRowId(form.get("paymentId"));
  const guestIds = [readRowId(form.get("registrantId"))].filter((id): id is number => id !== null);
  if (paymentId === null) return problem("Choose the party's order.");
  const checkNumber = typeof form.get("check_number") === "string" ? String(form.get("check_number")) : null;
  // A check's number is a reference, not a text of any length (issue 32, finding 9).
  if (checkNumber !== null && checkNumber.trim().length > TEXT_LIMITS.reference) {
    const message = `A check number can be at most ${TEXT_LIMITS.reference} characters.`;
    return { tone: "error", message, guestIds, errors: { [`check_number-${paymentId}`]: message } };
  }
  const result = await takeDoorPayment(db, { eventId, paymentId, method, checkNumber, byUsrId: usrId });
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
