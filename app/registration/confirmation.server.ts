/**
 * The confirmation of a registration: the page the buyer lands on after paying, and the same content by email.
 * Each named guest gets a QR code for the door; each seat still without a name gets a personal link the buyer
 * passes on, so that guest fills in their own details.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { db } from "~/db.server";
import { messageOrigin } from "~/messages/links.server";
import { enqueueMessage } from "~/messages/outbox.server";
import { richTextToPlainText, sanitizeRichText } from "~/rich-text/sanitize.server";
import { formatMoney } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { event, payment, registrant, registration, ticket, ticket_payment } from "~drizzle/schema";
import { checkInUrl, confirmationUrl, guestLinkUrl } from "./order-links.server";
import type { Database, Transaction } from "~/db/connection.server";

export interface ConfirmedGuest {
  registrantId: number;
  name: string | null;
  ticket: string;
  paddle: number | null;
  /** Inline SVG of the check-in QR code, for a guest with a name. */
  qrSvg: string | null;
  /** The personal link, for a seat still without a name. */
  guestLink: string | null;
}

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
  const [lines, guests] = await Promise.all([
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
      })
      .from(registrant)
      .leftJoin(ticket, eq(ticket.ticket_id, registrant.ticket_id))
      .where(eq(registrant.payment_id, paymentId))
      .orderBy(asc(registrant.registrant_id)),
  ]);
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
    buyer: { name: [buyer?.buyerFirst, buyer?.buyerLast].filter(Boolean).join(" "), email: buyer?.email ?? null },
    lines: lines.map(({ title, quantity, amount, discount }) => ({ title, quantity, amount, discount })),
    messageHtml: paid.message ? sanitizeRichText(paid.message) : null,
    messageText: paid.message ? richTextToPlainText(paid.message) : null,
    guests: await Promise.all(
      guests.map(async (guest): Promise<ConfirmedGuest & { checkinUrl: string }> => ({
        registrantId: guest.id,
        name: guest.name,
        ticket: guest.ticket ?? "Ticket",
        paddle: guest.paddle,
        qrSvg: guest.name
          ? await QRCode.toString(checkInUrl(origin, eventId, guest.checkin), { type: "svg", margin: 1 })
          : null,
        guestLink: guest.name ? null : guestLinkUrl(origin, eventId, guest.claim),
        checkinUrl: checkInUrl(origin, eventId, guest.checkin),
      })),
    ),
    url: confirmationUrl(origin, eventId, paymentId),
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
  const attachments = await Promise.all(
    named.map(async (guest) => ({
      filename: `ticket-${guest.registrantId}.png`,
      content: await QRCode.toBuffer(guest.checkinUrl, { type: "png", width: 320, margin: 1 }),
      cid: `ticket-${guest.registrantId}@gavel`,
      contentType: "image/png",
    })),
  );
  const status =
    order.status === "paid" ? "" : order.method === "pay_at_event" ? ", to pay at the event" : ", payment pending";
  return {
    values: {
      first_name: order.buyer.name.split(" ")[0] || "there",
      tickets: `${order.lines.map((line) => `${line.quantity} × ${line.title}`).join(", ")}: ${money(order.amount)}${status}`,
      message: order.messageText ?? "",
      link: order.url,
    },
    cards: order.guests.map((guest) =>
      guest.name
        ? {
            heading: guest.name,
            lines: [`${guest.ticket}${guest.paddle !== null ? ` · Paddle ${guest.paddle}` : ""}`],
            image: { cid: `ticket-${guest.registrantId}@gavel`, alt: `Check-in code for ${guest.name}` },
          }
        : {
            heading: `${guest.ticket}: guest to be named`,
            lines: ["Send this personal link to your guest so they can add their details:", guest.guestLink ?? ""],
          },
    ),
    attachments,
  };
}
