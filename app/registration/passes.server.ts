/**
 * Passes (purchases) for /admin/registration/passes: one row per pass with its buyer, ticket type, seats, guests
 * and payment; marking a pending payment paid by cash or check; cancelling a pass. A pass is one line of an order
 * (its ticket_payment: same payment, same ticket type); an order of several ticket types has a pass per type and
 * one payment.
 */
import { and, asc, desc, eq, isNull, lt, ne, or } from "drizzle-orm";
import { closeTicketPage } from "~/billing/ticket-checkout.server";
import { publish } from "~/realtime/bus.server";
import { formatMoney } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { event, pass, payment, registrant, ticket, ticket_payment } from "~drizzle/schema";
import { guestLinkUrl } from "./order-links.server";
import { registrationTopic } from "./registration-topic";
import type { Database, Transaction } from "~/db/connection.server";

export interface PassGuest {
  registrant_id: number;
  name: string | null;
  paddle: number | null;
  email: string | null;
  /** The seat's personal link, while it has no name: the buyer passes it on. */
  link: string | null;
}

export interface PassRow {
  pass_id: number;
  title: string;
  email: string | null;
  phone: string | null;
  ticket: string | null;
  seats: number;
  named: number;
  names: string;
  guests: PassGuest[];
  amount: number;
  amount_label: string;
  payment_id: number | null;
  method: string | null;
  /** The payment's status; "cancelled" once the pass is cancelled. */
  status: string;
  created_at: string;
  created_label: string;
}

export async function loadPasses(db: Database, origin: string, eventId: number): Promise<PassRow[]> {
  const [display] = await db
    .select({ currency: event.currency, timeZone: event.timezone })
    .from(event)
    .where(eq(event.event_id, eventId));
  if (!display) throw new Response("This event no longer exists.", { status: 404 });
  const [rows, guests] = await Promise.all([
    db
      .select({
        pass: pass,
        ticket: ticket.title,
        line_amount: ticket_payment.amount,
        line_status: ticket_payment.status,
        method: payment.method,
        payment_status: payment.status,
      })
      .from(pass)
      .leftJoin(ticket, eq(ticket.ticket_id, pass.ticket_id))
      .leftJoin(payment, and(eq(payment.payment_id, pass.payment_id), eq(payment.event_id, eventId)))
      .leftJoin(
        ticket_payment,
        and(eq(ticket_payment.payment_id, pass.payment_id), eq(ticket_payment.ticket_id, pass.ticket_id)),
      )
      .where(eq(pass.event_id, eventId))
      .orderBy(desc(pass.created_at), desc(pass.pass_id)),
    db
      .select({
        registrant_id: registrant.registrant_id,
        pass_id: registrant.pass_id,
        name: registrant.name,
        paddle: registrant.paddle,
        email: registrant.email,
        claim: registrant.claim_token,
      })
      .from(registrant)
      .where(eq(registrant.event_id, eventId))
      .orderBy(asc(registrant.registrant_id)),
  ]);
  const byPass = new Map<number, PassGuest[]>();
  for (const guest of guests) {
    if (guest.pass_id === null) continue;
    const list = byPass.get(guest.pass_id) ?? [];
    list.push({
      registrant_id: guest.registrant_id,
      name: guest.name,
      paddle: guest.paddle,
      email: guest.email,
      link: guest.name ? null : guestLinkUrl(origin, eventId, guest.claim),
    });
    byPass.set(guest.pass_id, list);
  }
  return rows.map((row) => {
    const own = byPass.get(row.pass.pass_id) ?? [];
    const cancelled = row.line_status === "cancelled";
    const amount = row.line_amount ?? 0;
    return {
      pass_id: row.pass.pass_id,
      title: row.pass.title ?? `Pass ${row.pass.pass_id}`,
      email: row.pass.email,
      phone: row.pass.phone,
      ticket: row.ticket,
      seats: row.pass.seat_count,
      named: own.filter((guest) => guest.name).length,
      names: own
        .map((guest) => guest.name)
        .filter(Boolean)
        .join(", "),
      guests: own,
      amount,
      amount_label: formatMoney(amount, display.currency),
      payment_id: row.pass.payment_id,
      method: row.method,
      status: cancelled ? "cancelled" : (row.payment_status ?? row.line_status ?? "pending"),
      created_at: row.pass.created_at.toISOString(),
      created_label: formatInZone(row.pass.created_at, display.timeZone),
    };
  });
}

export type PassChange = { ok: true; message: string } | { ok: false; message: string };

async function passOf(tx: Transaction, eventId: number, passId: number) {
  const [found] = await tx
    .select({ title: pass.title, paymentId: pass.payment_id, ticketId: pass.ticket_id })
    .from(pass)
    .where(and(eq(pass.event_id, eventId), eq(pass.pass_id, passId)));
  return found ?? null;
}

/** A ticket order with no card page open on it: one the buyer is paying by card is left to the card. */
const noCardPageOpen = or(ne(payment.method, "card"), isNull(payment.checkout_session_id));

/**
 * A card page the buyer left open on the pass's order could still take the money the door takes, or more than a
 * cancelled pass leaves owed: it is closed at the provider first (and recorded, if it was paid meanwhile).
 */
async function closeOpenCardPage(db: Database, eventId: number, passId: number) {
  const [row] = await db
    .select({ paymentId: pass.payment_id })
    .from(pass)
    .where(and(eq(pass.event_id, eventId), eq(pass.pass_id, passId)));
  if (row?.paymentId) await closeTicketPage(eventId, row.paymentId);
}

/** Why an order's payment was left as it is. */
async function unchangedBecause(tx: Transaction, paymentId: number) {
  const [row] = await tx
    .select({ status: payment.status, method: payment.method })
    .from(payment)
    .where(eq(payment.payment_id, paymentId));
  return row?.status === "pending" && row.method === "card"
    ? "The buyer opened a card payment page for this order just now: nothing was changed. Try again in a moment."
    : "This payment is not pending: nothing was changed.";
}

/** Records that a pending payment was paid at the door, by cash or check: the payment and its ticket lines are paid. */
export async function markPassPaid(
  db: Database,
  eventId: number,
  passId: number,
  method: "cash" | "check",
): Promise<PassChange> {
  await closeOpenCardPage(db, eventId, passId);
  return db.transaction(async (tx): Promise<PassChange> => {
    const found = await passOf(tx, eventId, passId);
    if (!found?.paymentId) return { ok: false, message: "This pass has no payment to mark." };
    const [paid] = await tx
      .update(payment)
      .set({ status: "paid", method })
      .where(
        and(
          eq(payment.event_id, eventId),
          eq(payment.payment_id, found.paymentId),
          eq(payment.status, "pending"),
          noCardPageOpen,
        ),
      )
      .returning({ id: payment.payment_id });
    if (!paid) return { ok: false, message: await unchangedBecause(tx, found.paymentId) };
    await tx
      .update(ticket_payment)
      .set({ status: "paid" })
      .where(
        and(
          eq(ticket_payment.event_id, eventId),
          eq(ticket_payment.payment_id, found.paymentId),
          ne(ticket_payment.status, "cancelled"),
        ),
      );
    await publish(tx, { topic: registrationTopic(eventId), type: "changed", data: {} });
    return { ok: true, message: `${found.title ?? "The pass"} is paid by ${method}` };
  });
}

/**
 * Cancels a pass: its ticket line is cancelled (the tickets go back on sale), its guests are deleted (their paddle
 * numbers are not handed out again), and its payment is cancelled, or lowered by the line's amount when the same
 * order holds other passes still.
 */
export async function cancelPass(db: Database, eventId: number, passId: number): Promise<PassChange> {
  await closeOpenCardPage(db, eventId, passId);
  return db.transaction(async (tx): Promise<PassChange> => {
    const found = await passOf(tx, eventId, passId);
    if (!found) return { ok: false, message: "This pass no longer exists." };
    const title = found.title ?? "The pass";
    // The order's payment first, as the door and the desk lock it before its tickets (else the two could deadlock).
    const [order] = found.paymentId
      ? await tx
          .select({ status: payment.status, method: payment.method, session: payment.checkout_session_id })
          .from(payment)
          .where(and(eq(payment.event_id, eventId), eq(payment.payment_id, found.paymentId)))
          .for("update")
      : [];
    if (order?.status === "pending" && order.method === "card" && order.session)
      return { ok: false, message: await unchangedBecause(tx, found.paymentId!) };
    const guests = await tx
      .delete(registrant)
      .where(and(eq(registrant.event_id, eventId), eq(registrant.pass_id, passId)))
      .returning({ id: registrant.registrant_id });
    await tx.update(pass).set({ names: [] }).where(eq(pass.pass_id, passId));
    if (found.paymentId !== null && found.ticketId !== null) {
      const lines = await tx
        .update(ticket_payment)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(ticket_payment.event_id, eventId),
            eq(ticket_payment.payment_id, found.paymentId),
            eq(ticket_payment.ticket_id, found.ticketId),
            ne(ticket_payment.status, "cancelled"),
          ),
        )
        .returning({ amount: ticket_payment.amount });
      const remaining = await tx
        .select({ amount: ticket_payment.amount })
        .from(ticket_payment)
        .where(and(eq(ticket_payment.payment_id, found.paymentId), ne(ticket_payment.status, "cancelled")));
      // Money already taken stays recorded as taken: giving it back is a refund, on the Payments screen.
      if (order?.status === "pending")
        await tx
          .update(payment)
          .set(
            remaining.length === 0
              ? { status: "cancelled" }
              : { amount: remaining.reduce((total, line) => total + line.amount, 0) },
          )
          .where(and(eq(payment.event_id, eventId), eq(payment.payment_id, found.paymentId)));
      if (lines.length === 0 && guests.length === 0) return { ok: false, message: `${title} was already cancelled.` };
      if (order?.status === "paid") {
        await publish(tx, { topic: registrationTopic(eventId), type: "changed", data: { passIds: [passId] } });
        return {
          ok: true,
          message: `${title} is cancelled; its tickets are back on sale. Its order was paid: refund the buyer from Payments if they are owed money`,
        };
      }
    }
    await publish(tx, { topic: registrationTopic(eventId), type: "changed", data: { passIds: [passId] } });
    return { ok: true, message: `${title} is cancelled; its tickets are back on sale` };
  });
}

/**
 * Releases the orders "to pay at the event" still unpaid that were placed before `before`: each of their passes is
 * cancelled (cancelPass), so their tickets go back on sale. How many passes were released.
 */
export async function releaseUnpaidOrders(db: Database, eventId: number, before: Date): Promise<number> {
  const stale = await db
    .select({ passId: pass.pass_id })
    .from(pass)
    .innerJoin(payment, eq(payment.payment_id, pass.payment_id))
    .where(
      and(
        eq(pass.event_id, eventId),
        eq(payment.method, "pay_at_event"),
        eq(payment.status, "pending"),
        lt(payment.created_at, before),
      ),
    );
  let released = 0;
  for (const { passId } of stale) if ((await cancelPass(db, eventId, passId)).ok) released++;
  return released;
}

/** The payment of a pass, for resending its confirmation (a pass of another event is never found). */
export async function paymentOfPass(db: Database, eventId: number, passId: number): Promise<number | null> {
  const [found] = await db
    .select({ paymentId: pass.payment_id })
    .from(pass)
    .where(and(eq(pass.event_id, eventId), eq(pass.pass_id, passId)));
  return found?.paymentId ?? null;
}
