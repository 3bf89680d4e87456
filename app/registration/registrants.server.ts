/**
 * The guests of an event for /admin/registration/registrants: one row per registrant with their party, ticket,
 * table, meal, answers and payment, and what the screen's forms need to know (ticket types, meals, questions).
 * Also deleting a guest and sending their order's confirmation again.
 */
import { and, asc, eq } from "drizzle-orm";
import { db as globalDb } from "~/db.server";
import { publish } from "~/realtime/bus.server";
import { formatMoney } from "~/ui/format";
import { event, meal, pass, payment, question, registrant, ticket } from "~drizzle/schema";
import { loadConfirmedOrder, queueConfirmation } from "./confirmation.server";
import { toRegisterQuestion, type RegisterQuestion } from "./register-page.server";
import { companyAndAddress, type GuestContact } from "./registrant-fields";
import { registrationTopic } from "./registration-topic";
import type { Database, Transaction } from "~/db/connection.server";

export interface RegistrantRow extends GuestContact {
  registrant_id: number;
  /** The guest's name, or null for a seat still to be named. */
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  group: string | null;
  ticket: string | null;
  party: string | null;
  pass_id: number | null;
  payment_id: number | null;
  table: string | null;
  meal_id: number | null;
  meal: string | null;
  answers: Record<string, string>;
  /** The answers as one line ("Dietary needs: vegan"), for the grid and the CSV. */
  answers_label: string;
  claimed: boolean;
  checked_in: boolean;
  payment_status: string | null;
  payment_method: string | null;
}

export interface RegistrationTicket {
  ticket_id: number;
  title: string;
  price: number;
  price_label: string;
  seat_count: number;
  increment: number;
}

export interface RegistrationChoices {
  currency: string;
  tickets: RegistrationTicket[];
  meals: { meal_id: number; title: string; description: string | null }[];
  questions: RegisterQuestion[];
}

/** Ticket types, meals and questions of the event: what the manual registration, edit and import forms offer. */
export async function loadRegistrationChoices(
  db: Database | Transaction,
  eventId: number,
): Promise<RegistrationChoices> {
  const [[found], tickets, meals, questions] = await Promise.all([
    db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId)),
    db
      .select({
        ticket_id: ticket.ticket_id,
        title: ticket.title,
        price: ticket.price,
        seat_count: ticket.seat_count,
        increment: ticket.increment,
      })
      .from(ticket)
      .where(eq(ticket.event_id, eventId))
      .orderBy(asc(ticket.display_order), asc(ticket.ticket_id)),
    db
      .select({ meal_id: meal.meal_id, title: meal.title, description: meal.description })
      .from(meal)
      .where(eq(meal.event_id, eventId))
      .orderBy(asc(meal.display_order), asc(meal.title)),
    db
      .select()
      .from(question)
      .where(eq(question.event_id, eventId))
      .orderBy(asc(question.display_order), asc(question.question_id)),
  ]);
  if (!found) throw new Response("This event no longer exists.", { status: 404 });
  return {
    currency: found.currency,
    tickets: tickets.map((row) => ({
      ...row,
      price: row.price ?? 0,
      price_label: formatMoney(row.price ?? 0, found.currency),
      seat_count: Math.max(1, row.seat_count),
      increment: Math.max(1, row.increment),
    })),
    meals,
    questions: questions.map(toRegisterQuestion),
  };
}

export async function loadRegistrants(db: Database, eventId: number): Promise<RegistrantRow[]> {
  const [rows, choices] = await Promise.all([
    db
      .select({
        registrant: registrant,
        ticket: ticket.title,
        party: pass.title,
        meal: meal.title,
        payment_status: payment.status,
        payment_method: payment.method,
      })
      .from(registrant)
      .leftJoin(ticket, eq(ticket.ticket_id, registrant.ticket_id))
      .leftJoin(pass, and(eq(pass.pass_id, registrant.pass_id), eq(pass.event_id, eventId)))
      .leftJoin(meal, eq(meal.meal_id, registrant.meal_id))
      .leftJoin(payment, and(eq(payment.payment_id, registrant.payment_id), eq(payment.event_id, eventId)))
      .where(eq(registrant.event_id, eventId))
      .orderBy(asc(registrant.last_name), asc(registrant.first_name), asc(registrant.registrant_id)),
    loadRegistrationChoices(db, eventId),
  ]);
  const labels = new Map(choices.questions.map((asked) => [asked.name, asked.label]));
  return rows.map(({ registrant: guest, ...joined }) => {
    const answers = answersOf(guest.meta);
    return {
      registrant_id: guest.registrant_id,
      name: guest.name,
      first_name: guest.first_name,
      last_name: guest.last_name,
      email: guest.email,
      phone: guest.phone,
      ...companyAndAddress(guest),
      paddle: guest.paddle,
      group: guest.group,
      ticket: joined.ticket,
      party: joined.party,
      pass_id: guest.pass_id,
      payment_id: guest.payment_id,
      table: guest.assigned_table,
      meal_id: guest.meal_id,
      meal: joined.meal,
      answers,
      // In the questions' order (jsonb keeps its own), then answers to questions removed since.
      answers_label: [...labels.keys(), ...Object.keys(answers).filter((name) => !labels.has(name))]
        .filter((name) => answers[name])
        .map((name) => `${labels.get(name) ?? name}: ${answers[name]}`)
        .join("; "),
      claimed: guest.is_claimed,
      checked_in: guest.checked_in_at !== null,
      payment_status: joined.payment_status,
      payment_method: joined.payment_method,
    };
  });
}

export function answersOf(meta: Record<string, unknown> | null): Record<string, string> {
  const answers = meta?.answers;
  if (!answers || typeof answers !== "object") return {};
  return Object.fromEntries(
    Object.entries(answers).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** The pass's list of guest names, after a guest of it was named, renamed or deleted. */
export async function refreshPassNames(tx: Transaction, eventId: number, passId: number | null) {
  if (passId === null) return;
  const names = await tx
    .select({ name: registrant.name })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), eq(registrant.pass_id, passId)))
    .orderBy(asc(registrant.registrant_id));
  await tx
    .update(pass)
    .set({ names: names.map((guest) => guest.name).filter((name): name is string => Boolean(name)) })
    .where(and(eq(pass.event_id, eventId), eq(pass.pass_id, passId)));
}

/** The order a guest came with, for sending its confirmation again (a guest of another event is never found). */
export async function paymentOfRegistrant(db: Database, eventId: number, registrantId: number) {
  const [found] = await db
    .select({ paymentId: registrant.payment_id })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, registrantId)));
  return found?.paymentId ?? null;
}

/**
 * Deletes a guest; their name leaves the pass. Their paddle number is not handed out again: the event's counter
 * only grows. Returns the deleted guest's name (null: there was no such guest).
 */
export async function deleteRegistrant(
  db: Database,
  eventId: number,
  registrantId: number,
): Promise<{ name: string } | null> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(registrant)
      .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, registrantId)))
      .returning({ name: registrant.name, passId: registrant.pass_id });
    if (!deleted) return null;
    await refreshPassNames(tx, eventId, deleted.passId);
    await publish(tx, { topic: registrationTopic(eventId), type: "changed", data: {} });
    return { name: deleted.name ?? "The unnamed guest" };
  });
}

/**
 * Sends the buyer of an order their confirmation again (the same email as at registration, with the guests as they
 * are now). Returns the address it went to, or null when the order has no buyer's email.
 */
export async function resendConfirmation(origin: string, eventId: number, paymentId: number): Promise<string | null> {
  const order = await loadConfirmedOrder(origin, eventId, paymentId);
  if (!order?.buyer.email) return null;
  await queueConfirmation(globalDb, { eventId, paymentId, email: order.buyer.email, again: true });
  return order.buyer.email;
}
