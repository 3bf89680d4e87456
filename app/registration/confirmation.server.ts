/**
 * The confirmation of a registration: the page the buyer lands on after paying, and the same content by email.
 * Each named guest gets a QR code for the door; each seat still without a name gets a personal link the buyer
 * passes on, so that guest fills in their own details. A guest who fills them in gets their own ticket by email
 * (queueGuestTicket), with the same card and QR code.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { db } from "~/db.server";
import { messageOrigin } from "~/messages/links.server";
import { enqueueMessage } from "~/messages/outbox.server";
import { richTextToPlainText, sanitizeRichText } from "~/rich-text/sanitize.server";
import { formatMoney, fullName } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { event, meal, payment, question, registrant, registration, ticket, ticket_payment } from "~drizzle/schema";
import { checkInUrl, confirmationUrl, guestLinkUrl } from "./order-links.server";
import type { Database, Transaction } from "~/db/connection.server";

export interface ConfirmedGuest {
  registrantId: number;
  name: string | null;
  ticket: string;
  paddle: number | null;
  /** The meal chosen (its title); null when none is, or when the event asks for no meal. */
  meal: string | null;
  /** The event asks for a meal and this seat has none chosen yet. */
  mealMissing: boolean;
  /** Inline SVG of the check-in QR code, for a guest with a name. */
  qrSvg: string | null;
  /** The personal link, for a seat still without a name. */
  guestLink: string | null;
}

/** Said once under the guests when some seat still has no meal: the organiser's message may not say it. */
export const MEALS_LATER = "We will ask for the meal choices still to be made before the event.";

export type ConfirmedOrder = NonNullable<Awaited<ReturnType<typeof loadConfirmedOrder>>>;

export async function loadConfirmedOrder(origin: string, eventId: number, paymentId: number) {
  const [paid] = await db
    .select({
      amount: payment.amount,
      method: payment.method,
      status: payment.status,
      currency: event.currency,
      title: event.title,
      startsAt: event.start_date_time,
      timezone: event.timezone,
      address: event.address,
      message: registration.confirmation_message,
    })
    .from(payment)
    .innerJoin(event, eq(event.event_id, payment.event_id))
    .leftJoin(registration, eq(registration.registration_id, event.registration_id))
    .where(and(eq(payment.payment_id, paymentId), eq(payment.event_id, eventId)));
  if (!paid) return null;
  const [lines, guests, mealQuestions] = await Promise.all([
    db
      .select({
        title: ticket.title,
        quantity: ticket_payment.quantity,
        amount: ticket_payment.amount,
        discount: ticket_payment.discount,
        buyerFirst: ticket_payment.first_name,
        buyerLast: ticket_payment.last_name,
        email: ticket_payment.email,
      })
      .from(ticket_payment)
      .innerJoin(ticket, eq(ticket.ticket_id, ticket_payment.ticket_id))
      .where(eq(ticket_payment.payment_id, paymentId))
      .orderBy(asc(ticket_payment.ticket_payment_id)),
    db
      .select({
        id: registrant.registrant_id,
        name: registrant.name,
        paddle: registrant.paddle,
        ticket: ticket.title,
        checkin: registrant.checkin_token,
        claim: registrant.claim_token,
        meal: meal.title,
      })
      .from(registrant)
      .leftJoin(ticket, eq(ticket.ticket_id, registrant.ticket_id))
      .leftJoin(meal, and(eq(meal.meal_id, registrant.meal_id), eq(meal.event_id, eventId)))
      .where(and(eq(registrant.payment_id, paymentId), eq(registrant.event_id, eventId)))
      .orderBy(asc(registrant.registrant_id)),
    db
      .select({ id: question.question_id })
      .from(question)
      .where(and(eq(question.event_id, eventId), eq(question.type, "meal"))),
  ]);
  const asksMeal = mealQuestions.length > 0;
  const buyer = lines[0];
  return {
    eventId,
    paymentId,
    eventTitle: paid.title,
    // Where and when, as the confirmation email says them: the event's own time zone.
    when: paid.startsAt ? formatInZone(paid.startsAt, paid.timezone, "long") : null,
    where: paid.address?.trim() || null,
    currency: paid.currency,
    amount: paid.amount,
    method: paid.method,
    status: paid.status,
    buyer: { name: fullName(buyer?.buyerFirst, buyer?.buyerLast), email: buyer?.email ?? null },
    lines: lines.map(({ title, quantity, amount, discount }) => ({ title, quantity, amount, discount })),
    messageHtml: paid.message ? sanitizeRichText(paid.message) : null,
    messageText: paid.message ? richTextToPlainText(paid.message) : null,
    guests: await Promise.all(
      guests.map(async (guest): Promise<ConfirmedGuest & { checkinUrl: string }> => ({
        registrantId: guest.id,
        name: guest.name,
        ticket: guest.ticket ?? "Ticket",
        paddle: guest.paddle,
        meal: guest.meal,
        mealMissing: asksMeal && guest.meal === null,
        qrSvg: guest.name
          ? await QRCode.toString(checkInUrl(origin, eventId, guest.checkin), { type: "svg", margin: 1 })
          : null,
        guestLink: guest.name ? null : guestLinkUrl(origin, eventId, guest.claim),
        checkinUrl: checkInUrl(origin, eventId, guest.checkin),
      })),
    ),
    mealsLater: asksMeal && guests.some((guest) => guest.meal === null) ? MEALS_LATER : null,
    url: confirmationUrl(origin, eventId, paymentId),
  };
}

/** The line under a named guest's name: their ticket, paddle and meal. */
export function seatLine(guest: Pick<ConfirmedGuest, "ticket" | "paddle" | "meal" | "mealMissing">): string {
  return [
    guest.ticket,
    guest.paddle !== null ? `Paddle ${guest.paddle}` : null,
    guest.meal !== null ? `Meal: ${guest.meal}` : guest.mealMissing ? "Meal: not chosen yet" : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A named guest's QR code, as an email attaches it inline (the card's image names its cid). */
async function ticketAttachment(registrantId: number, checkinUrl: string) {
  return {
    filename: `ticket-${registrantId}.png`,
    content: await QRCode.toBuffer(checkinUrl, { type: "png", width: 320, margin: 1 }),
    cid: `ticket-${registrantId}@gavel`,
    contentType: "image/png",
  };
}

/**
 * Writes the buyer's confirmation to the outbox (docs/decisions/023-messages-outbox.md): with the registration's
 * transaction handle it goes out if and only if the registration commits. `again` makes a new message (a resend); the
 * first one's key is the payment's, so a replayed registration writes it once.
 */
export async function queueConfirmation(
  tx: Transaction | Database,
  input: { eventId: number; paymentId: number; email: string; again?: boolean },
): Promise<void> {
  await enqueueMessage(tx, {
    event_id: input.eventId,
    template: "registration_confirmation",
    to: { email: input.email },
    channel: "email",
    data: { payment_id: input.paymentId },
    idempotency_key: `confirmation:${input.paymentId}${input.again ? `:${randomUUID()}` : ""}`,
  });
}

/**
 * The confirmation's content at send time (the outbox worker asks): the order's lines and amount, the organiser's
 * message, and a card per guest with their QR code inline (or the personal link of a seat still to be named).
 */
export async function confirmationEnrichment(row: { event_id: number; data: Record<string, unknown> }) {
  const paymentId = Number(row.data.payment_id);
  const order = Number.isInteger(paymentId) ? await loadConfirmedOrder(messageOrigin(), row.event_id, paymentId) : null;
  if (!order) return null;
  const money = (cents: number) => formatMoney(cents, order.currency);
  const named = order.guests.filter((guest) => guest.name);
  const attachments = await Promise.all(named.map((guest) => ticketAttachment(guest.registrantId, guest.checkinUrl)));
  const status =
    order.status === "paid" ? "" : order.method === "pay_at_event" ? ", to pay at the event" : ", payment pending";
  return {
    values: {
      first_name: order.buyer.name.split(" ")[0] || "there",
      tickets: `${order.lines.map((line) => `${line.quantity} × ${line.title}`).join(", ")}: ${money(order.amount)}${status}`,
      message: order.messageText ?? "",
      meals: order.mealsLater ?? "",
      link: order.url,
    },
    cards: order.guests.map((guest) =>
      guest.name
        ? {
            heading: guest.name,
            lines: [seatLine(guest)],
            image: { cid: `ticket-${guest.registrantId}@gavel`, alt: `Check-in code for ${guest.name}` },
          }
        : {
            heading: `${guest.ticket}: guest to be named`,
            lines: ["Send this personal link to your guest so they can add their details:"],
            link: guest.guestLink ?? undefined,
          },
    ),
    attachments,
  };
}

/**
 * Writes a guest's own ticket to the outbox, when they saved their details on their personal link with an email
 * address. Once per seat and address: saving again, or correcting a name or a meal, sends nothing more; a new address
 * gets the ticket (the one before may have been mistyped).
 */
export async function queueGuestTicket(
  tx: Transaction | Database,
  input: { eventId: number; registrantId: number; email: string },
): Promise<void> {
  const email = input.email.trim();
  await enqueueMessage(tx, {
    event_id: input.eventId,
    template: "guest_ticket",
    to: { email },
    channel: "email",
    data: { registrant_id: input.registrantId },
    idempotency_key: `guest-ticket:${input.registrantId}:${email.toLowerCase()}`,
  });
}

/** A guest's ticket at send time: their seat, paddle and meal, their QR code inline, and their personal link. */
export async function guestTicketEnrichment(row: { event_id: number; data: Record<string, unknown> }) {
  const registrantId = Number(row.data.registrant_id);
  if (!Number.isInteger(registrantId)) return null;
  const [seat] = await db
    .select({
      name: registrant.name,
      firstName: registrant.first_name,
      paddle: registrant.paddle,
      ticket: ticket.title,
      meal: meal.title,
      checkin: registrant.checkin_token,
      claim: registrant.claim_token,
      message: registration.confirmation_message,
    })
    .from(registrant)
    .innerJoin(event, eq(event.event_id, registrant.event_id))
    .leftJoin(registration, eq(registration.registration_id, event.registration_id))
    .leftJoin(ticket, eq(ticket.ticket_id, registrant.ticket_id))
    .leftJoin(meal, and(eq(meal.meal_id, registrant.meal_id), eq(meal.event_id, row.event_id)))
    .where(and(eq(registrant.registrant_id, registrantId), eq(registrant.event_id, row.event_id)));
  if (!seat) return null;
  const [mealQuestion] = await db
    .select({ id: question.question_id })
    .from(question)
    .where(and(eq(question.event_id, row.event_id), eq(question.type, "meal")));
  const origin = messageOrigin();
  const name = seat.name ?? "Your ticket";
  const line = seatLine({
    ticket: seat.ticket ?? "Ticket",
    paddle: seat.paddle,
    meal: seat.meal,
    mealMissing: Boolean(mealQuestion) && seat.meal === null,
  });
  return {
    values: {
      first_name: seat.firstName || "there",
      tickets: line,
      message: seat.message ? richTextToPlainText(seat.message) : "",
      link: guestLinkUrl(origin, row.event_id, seat.claim),
    },
    cards: [
      {
        heading: name,
        lines: [line],
        image: { cid: `ticket-${registrantId}@gavel`, alt: `Check-in code for ${name}` },
      },
    ],
    attachments: [await ticketAttachment(registrantId, checkInUrl(origin, row.event_id, seat.checkin))],
  };
}
