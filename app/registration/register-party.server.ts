/**
 * Registering a party (docs/registration-rules.md): one transaction that takes the tickets, applies a promo code,
 * records the payment, and creates a pass per ticket line and a registrant per seat, each with a paddle number.
 * The ticket rows are locked (in id order, so two orders never deadlock) before their sales are counted, so
 * tickets never oversell however many buyers race for the last seats. /register, the manual registration dialog
 * and walk-ins at the door all come here.
 */
import { and, asc, eq, inArray, ne, sql, sum, type SQL } from "drizzle-orm";
import { fillMissingNames, findOrCreateUserByEmail } from "~/auth/accounts.server";
import { retryTransient, uniqueViolation } from "~/db/errors.server";
import { paths } from "~/http/paths";
import { messageOrigin } from "~/messages/links.server";
import { notifyTeam, notifyTeamIfRunningLow } from "~/messages/team-notifications.server";
import { publish } from "~/realtime/bus.server";
import {
  event,
  pass,
  payment,
  promo_code,
  registrant,
  registration,
  ticket,
  ticket_payment,
  usr_event_paddle,
} from "~drizzle/schema";
import { queueConfirmation } from "./confirmation.server";
import { allocatePaddle } from "./paddles.server";
import { priceOrder, type PromoTerms } from "./pricing";
import { registrationTopic } from "./registration-topic";
import type { Database, Transaction } from "~/db/connection.server";

export interface OrderLine {
  ticketId: number;
  quantity: number;
}

export interface GuestDetails {
  first_name: string;
  last_name: string;
  email?: string | null;
  phone?: string | null;
  meal_id?: number | null;
  /** Answers to registration questions, by question name. */
  answers?: Record<string, string>;
}

export interface Buyer {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
}

export type PaymentMethod = "pay_at_event" | "comp" | "cash" | "check" | "card";

export interface PartyOrder {
  eventId: number;
  lines: OrderLine[];
  buyer: Buyer;
  /** Seat by seat across the lines in order; a missing or null entry is a seat the buyer fills in later. */
  guests: (GuestDetails | null | undefined)[];
  promoCode?: string | null;
  method: PaymentMethod;
  /** The signed-in buyer, linked to the first seat when the buyer fills it. */
  usrId?: number | null;
  /** Staff registering by hand (comps, walk-ins) are not held to the registration window. */
  byStaff?: boolean;
  /** Write the buyer's confirmation email to the outbox in the registration's transaction. */
  sendConfirmation?: boolean;
  /** Names the submission: the same key again (a double tap, a replayed form) returns the party it made. */
  idempotencyKey?: string | null;
  /** Where a guest's own order came from (the load context's clientAddress), for the cap on unpaid orders. */
  clientAddress?: string | null;
  now?: Date;
}

export type RegistrationRefusal =
  | { code: "not_open"; message: string }
  | { code: "closed"; message: string }
  | { code: "no_tickets"; message: string }
  | { code: "unknown_ticket"; message: string; ticketId: number }
  | { code: "bad_step"; message: string; ticketId: number }
  | { code: "sold_out"; message: string; ticketId: number }
  | { code: "not_enough"; message: string; ticketId: number; left: number }
  | { code: "order_limit"; message: string; limit: number }
  | { code: "bad_promo"; message: string }
  | { code: "promo_used_up"; message: string }
  | { code: "unpaid_limit"; message: string; limit: number };

export interface RegisteredGuest {
  registrant_id: number;
  pass_id: number;
  ticket_id: number;
  name: string | null;
  email: string | null;
  paddle: number | null;
  claim_token: string;
  checkin_token: string;
}

export interface RegisteredParty {
  paymentId: number;
  amount: number;
  discount: number;
  passIds: number[];
  guests: RegisteredGuest[];
}

/** replayed: the key had been used, and this is the party the first submission made. */
export type RegisterPartyResult =
  { ok: true; party: RegisteredParty; replayed: boolean } | { ok: false; refusal: RegistrationRefusal };

class Refused extends Error {
  constructor(readonly refusal: RegistrationRefusal) {
    super(refusal.message);
  }
}

/** Tickets still for sale per ticket type: max_quantity less what was sold (cancelled sales give seats back). */
export async function ticketsLeft(db: Database | Transaction, eventId: number): Promise<Map<number, number | null>> {
  const rows = await db
    .select({
      ticketId: ticket.ticket_id,
      max: ticket.max_quantity,
      sold: sum(ticket_payment.quantity).mapWith(Number),
    })
    .from(ticket)
    .leftJoin(
      ticket_payment,
      and(eq(ticket_payment.ticket_id, ticket.ticket_id), ne(ticket_payment.status, "cancelled")),
    )
    .where(eq(ticket.event_id, eventId))
    .groupBy(ticket.ticket_id);
  return new Map(rows.map((row) => [row.ticketId, row.max === null ? null : Math.max(0, row.max - (row.sold ?? 0))]));
}

/** The registration window's state at a moment: open, or why not. */
export function windowState(window: { start_date_time: Date | null; end_date_time: Date | null }, now: Date) {
  if (window.start_date_time && now < window.start_date_time) return "not_open" as const;
  if (window.end_date_time && now >= window.end_date_time) return "closed" as const;
  return "open" as const;
}

/**
 * Tickets ordered "to pay at the event" are held without money: one buyer (by email) may hold at most one order's
 * worth of them unpaid, and one client address three orders' worth (several households can share one). Paying by
 * card, or staff releasing orders on the passes screen, frees the count. The ticket rows are locked by the caller,
 * so two orders of one buyer at once are counted one after the other.
 */
async function refuseBeyondUnpaidLimit(tx: Transaction, order: PartyOrder, orderLimit: number) {
  const ordered = order.lines.reduce((count, line) => count + line.quantity, 0);
  const held = (who: SQL) =>
    tx
      .select({ n: sql<number>`coalesce(sum(${ticket_payment.quantity}), 0)::int` })
      .from(ticket_payment)
      .innerJoin(payment, eq(payment.payment_id, ticket_payment.payment_id))
      .where(
        and(
          eq(payment.event_id, order.eventId),
          eq(payment.method, "pay_at_event"),
          eq(payment.status, "pending"),
          who,
        ),
      );
  const [byBuyer] = await held(sql`lower(${ticket_payment.email}) = lower(${order.buyer.email})`);
  if (byBuyer.n + ordered > orderLimit) {
    throw new Refused({
      code: "unpaid_limit",
      limit: orderLimit,
      message:
        `${order.buyer.email} already holds ${byBuyer.n} ${byBuyer.n === 1 ? "ticket" : "tickets"} to pay at the event, ` +
        `and at most ${orderLimit} can wait for payment. Pay for these by card, or pay for the others first.`,
    });
  }
  if (!order.clientAddress) return;
  const addressLimit = 3 * orderLimit;
  const [byAddress] = await held(eq(payment.client_address, order.clientAddress));
  if (byAddress.n + ordered > addressLimit) {
    throw new Refused({
      code: "unpaid_limit",
      limit: addressLimit,
      message: `Too many tickets ordered from here wait for payment at the event. Pay for these by card, or ask the event's team.`,
    });
  }
}

/**
 * The account an order is billed to when its buyer was not signed in: the one of the buyer's email, made for it when
 * there is none (as signing in by code would), so that an order to pay at the event is on the buyer's invoice and in
 * every figure (decision 049). A buyer who gave no email (a walk-in paying at once) has none.
 */
async function buyerAccount(tx: Transaction, buyer: Buyer): Promise<number | null> {
  if (!buyer.email.trim()) return null;
  const usrId = await findOrCreateUserByEmail(tx, buyer.email);
  await fillMissingNames(tx, usrId, {
    firstName: buyer.first_name || undefined,
    lastName: buyer.last_name || undefined,
  });
  return usrId;
}

export function normalisePromoCode(code: string) {
  return code.trim().toUpperCase();
}

export async function registerParty(db: Database, order: PartyOrder): Promise<RegisterPartyResult> {
  const lines = order.lines.filter((line) => line.quantity > 0);
  if (lines.length === 0) return { ok: false, refusal: { code: "no_tickets", message: "Choose at least one ticket." } };
  const key = order.idempotencyKey || null;
  const earlier = key ? await partyOfKey(db, order.eventId, key) : null;
  if (earlier) return { ok: true, party: earlier, replayed: true };
  try {
    const party = await retryTransient(() => db.transaction((tx) => registerInTransaction(tx, { ...order, lines })));
    return { ok: true, party, replayed: false };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    // The same submission twice at once: the other one made the party.
    const raced =
      key && uniqueViolation(error) === "payment_event_idempotency_key"
        ? await partyOfKey(db, order.eventId, key)
        : null;
    if (raced) return { ok: true, party: raced, replayed: true };
    throw error;
  }
}

/** The party an earlier submission with this key made, or null. */
export async function partyOfKey(db: Database, eventId: number, key: string): Promise<RegisteredParty | null> {
  const [paid] = await db
    .select({ id: payment.payment_id, amount: payment.amount })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), eq(payment.idempotency_key, key)));
  if (!paid) return null;
  const [lines, guests] = await Promise.all([
    db.select({ discount: ticket_payment.discount }).from(ticket_payment).where(eq(ticket_payment.payment_id, paid.id)),
    db
      .select({
        registrant_id: registrant.registrant_id,
        pass_id: registrant.pass_id,
        ticket_id: registrant.ticket_id,
        name: registrant.name,
        email: registrant.email,
        paddle: registrant.paddle,
        claim_token: registrant.claim_token,
        checkin_token: registrant.checkin_token,
      })
      .from(registrant)
      .where(eq(registrant.payment_id, paid.id))
      .orderBy(asc(registrant.registrant_id)),
  ]);
  return {
    paymentId: paid.id,
    amount: paid.amount,
    discount: lines.reduce((total, line) => total + line.discount, 0),
    passIds: [...new Set(guests.map((guest) => guest.pass_id).filter((id): id is number => id !== null))],
    guests: guests.map((guest) => ({ ...guest, pass_id: guest.pass_id ?? 0, ticket_id: guest.ticket_id ?? 0 })),
  };
}

async function registerInTransaction(tx: Transaction, order: PartyOrder): Promise<RegisteredParty> {
  const now = order.now ?? new Date();
  const [settings] = await tx
    .select({
      start_date_time: registration.start_date_time,
      end_date_time: registration.end_date_time,
      order_limit: registration.order_limit,
    })
    .from(event)
    .leftJoin(registration, eq(registration.registration_id, event.registration_id))
    .where(eq(event.event_id, order.eventId));
  if (!settings) throw new Error(`Event ${order.eventId} does not exist.`);
  if (!order.byStaff) {
    const state = windowState(
      { start_date_time: settings.start_date_time, end_date_time: settings.end_date_time },
      now,
    );
    if (state === "not_open") throw new Refused({ code: "not_open", message: "Registration is not open yet." });
    if (state === "closed") throw new Refused({ code: "closed", message: "Registration has closed." });
    const limit = settings.order_limit ?? 20;
    const total = order.lines.reduce((count, line) => count + line.quantity, 0);
    if (total > limit)
      throw new Refused({ code: "order_limit", limit, message: `One order can hold at most ${limit} tickets.` });
  }

  const ticketIds = [...new Set(order.lines.map((line) => line.ticketId))].sort((a, b) => a - b);
  const tickets = await tx
    .select()
    .from(ticket)
    .where(and(eq(ticket.event_id, order.eventId), inArray(ticket.ticket_id, ticketIds)))
    .orderBy(asc(ticket.ticket_id))
    .for("update");
  const byId = new Map(tickets.map((row) => [row.ticket_id, row]));
  const left = await ticketsLeft(tx, order.eventId);
  for (const line of order.lines) {
    const type = byId.get(line.ticketId);
    if (!type)
      throw new Refused({
        code: "unknown_ticket",
        ticketId: line.ticketId,
        message: "That ticket is no longer on sale.",
      });
    if (line.quantity % type.increment !== 0) {
      throw new Refused({
        code: "bad_step",
        ticketId: line.ticketId,
        message: `${type.title} tickets are sold in steps of ${type.increment}.`,
      });
    }
    const available = left.get(line.ticketId) ?? null;
    if (available !== null && !order.byStaff) {
      if (available === 0)
        throw new Refused({ code: "sold_out", ticketId: line.ticketId, message: `${type.title} is sold out.` });
      if (line.quantity > available) {
        throw new Refused({
          code: "not_enough",
          ticketId: line.ticketId,
          left: available,
          message: `Only ${available} ${type.title} ${available === 1 ? "ticket is" : "tickets are"} left.`,
        });
      }
    }
  }

  const promo = order.promoCode ? await lockPromo(tx, order.eventId, order.promoCode) : null;
  const priced = priceOrder(
    order.lines.map((line) => ({
      ticketId: line.ticketId,
      unitPrice: order.method === "comp" ? 0 : (byId.get(line.ticketId)!.price ?? 0),
      quantity: line.quantity,
    })),
    promo,
  );
  const discounted = priced.ticketsDiscounted;
  if (promo && discounted === 0)
    throw new Refused({ code: "bad_promo", message: "This code does not apply to the tickets chosen." });

  const paid = order.method === "comp" || order.method === "cash" || order.method === "check" || priced.total === 0;
  const status = paid ? "paid" : "pending";
  if (!order.byStaff && !paid && order.method === "pay_at_event") {
    await refuseBeyondUnpaidLimit(tx, order, settings.order_limit ?? 20);
  }
  const buyerUsrId = order.usrId ?? (await buyerAccount(tx, order.buyer));
  const [paymentRow] = await tx
    .insert(payment)
    .values({
      event_id: order.eventId,
      usr_id: buyerUsrId,
      amount: priced.total,
      method: order.method,
      status,
      idempotency_key: order.idempotencyKey || null,
      client_address: order.byStaff ? null : (order.clientAddress ?? null),
    })
    .returning({ id: payment.payment_id });

  const buyerName = `${order.buyer.first_name} ${order.buyer.last_name}`.trim();
  const group = order.buyer.company?.trim() || `${buyerName} party`;
  const guests: RegisteredGuest[] = [];
  const passIds: number[] = [];
  let seat = 0;
  for (const [index, line] of order.lines.entries()) {
    const type = byId.get(line.ticketId)!;
    const pricedLine = priced.lines[index];
    await tx.insert(ticket_payment).values({
      ticket_id: type.ticket_id,
      event_id: order.eventId,
      payment_id: paymentRow.id,
      first_name: order.buyer.first_name,
      last_name: order.buyer.last_name,
      email: order.buyer.email,
      phone: order.buyer.phone ?? null,
      company: order.buyer.company ?? null,
      quantity: line.quantity,
      amount: pricedLine.amount,
      discount: pricedLine.discount,
      promo_code_id: pricedLine.discount > 0 && promo ? promo.promo_code_id : null,
      status,
    });
    const seats = line.quantity * type.seat_count;
    const details = Array.from({ length: seats }, () => order.guests[seat++] ?? null);
    const names = details
      .filter((guest): guest is GuestDetails => guest !== null)
      .map((guest) => `${guest.first_name} ${guest.last_name}`.trim());
    const [passRow] = await tx
      .insert(pass)
      .values({
        event_id: order.eventId,
        ticket_id: type.ticket_id,
        payment_id: paymentRow.id,
        title: `${type.title}${line.quantity > 1 ? ` × ${line.quantity}` : ""}: ${order.buyer.company?.trim() || buyerName}`,
        names,
        paid_for_guests: true,
        email: order.buyer.email,
        phone: order.buyer.phone ?? null,
        seat_count: seats,
        meta: order.buyer.company ? { company: order.buyer.company } : {},
      })
      .returning({ id: pass.pass_id });
    passIds.push(passRow.id);

    for (const guest of details) {
      const isBuyer = guest !== null && sameEmail(guest.email, order.buyer.email);
      const [row] = await tx
        .insert(registrant)
        .values({
          event_id: order.eventId,
          ticket_id: type.ticket_id,
          ticket_count: 1,
          payment_id: paymentRow.id,
          pass_id: passRow.id,
          usr_id: isBuyer ? buyerUsrId : null,
          meal_id: guest?.meal_id ?? null,
          is_claimed: guest !== null,
          name: guest ? `${guest.first_name} ${guest.last_name}`.trim() : null,
          first_name: guest?.first_name ?? null,
          last_name: guest?.last_name ?? null,
          email: guest?.email?.trim() || null,
          phone: guest?.phone?.trim() || null,
          company: order.buyer.company ?? null,
          paddle: await allocatePaddle(tx, order.eventId),
          group,
          meta: { answers: guest?.answers ?? {} },
        })
        .returning();
      // The buyer's own seat gives their account its paddle, so checkout finds their invoice by the number.
      if (isBuyer && buyerUsrId !== null && row.paddle !== null) {
        await tx
          .insert(usr_event_paddle)
          .values({ event_id: order.eventId, usr_id: buyerUsrId, paddle: row.paddle })
          .onConflictDoNothing();
      }
      guests.push({
        registrant_id: row.registrant_id,
        pass_id: passRow.id,
        ticket_id: type.ticket_id,
        name: row.name,
        email: row.email,
        paddle: row.paddle,
        claim_token: row.claim_token,
        checkin_token: row.checkin_token,
      });
    }
  }
  if (promo) {
    await tx
      .update(promo_code)
      .set({ times_used: sql`${promo_code.times_used} + ${discounted}` })
      .where(eq(promo_code.promo_code_id, promo.promo_code_id));
  }
  if (order.sendConfirmation && order.buyer.email) {
    await queueConfirmation(tx, { eventId: order.eventId, paymentId: paymentRow.id, email: order.buyer.email });
  }
  for (const line of order.lines) {
    const type = byId.get(line.ticketId)!;
    const before = left.get(line.ticketId) ?? null;
    if (type.max_quantity === null || before === null) continue;
    await notifyTeamIfRunningLow(tx, {
      eventId: order.eventId,
      thing: `ticket:${type.ticket_id}`,
      title: `${type.title} tickets`,
      stock: type.max_quantity,
      leftBefore: before,
      leftAfter: before - line.quantity,
      link: `${messageOrigin()}${paths.setupRegistration(order.eventId)}`,
    });
  }
  const seats = guests.length;
  await notifyTeam(tx, {
    eventId: order.eventId,
    flag: "notify_registration",
    template: "team_registration",
    key: `payment:${paymentRow.id}`,
    data: {
      guest: `${order.buyer.first_name} ${order.buyer.last_name}`.trim() || order.buyer.email,
      tickets: `${seats} ${seats === 1 ? "seat" : "seats"}`,
      link: `${messageOrigin()}${paths.registrationRegistrants(order.eventId)}`,
    },
  });
  await publish(tx, { topic: registrationTopic(order.eventId), type: "registered", data: { passIds } });
  return { paymentId: paymentRow.id, amount: priced.total, discount: priced.discount, passIds, guests };
}

function sameEmail(a: string | null | undefined, b: string | null | undefined) {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

type LockedPromo = PromoTerms & { promo_code_id: number };

/** The code's row, locked so two orders cannot both take its last use. */
async function lockPromo(tx: Transaction, eventId: number, code: string): Promise<LockedPromo> {
  const [row] = await tx
    .select()
    .from(promo_code)
    .where(and(eq(promo_code.event_id, eventId), eq(promo_code.code, normalisePromoCode(code))))
    .for("update");
  if (!row || !row.is_active) throw new Refused({ code: "bad_promo", message: "This promo code is not valid." });
  const usageLeft = row.usage_limit === null ? null : Math.max(0, row.usage_limit - row.times_used);
  if (usageLeft === 0) throw new Refused({ code: "promo_used_up", message: "This promo code has been used up." });
  return {
    promo_code_id: row.promo_code_id,
    discount_type: row.discount_type === "amount" ? "amount" : "percent",
    discount: row.discount,
    ticket_ids: row.ticket_ids,
    usage_left: usageLeft,
  };
}
