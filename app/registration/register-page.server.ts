/**
 * What /register needs to know about an event: whether registration shows to this visitor and is open, the ticket
 * types with what is left of each, the questions and meal choices, and the registration page's settings tree.
 */
import { asc, eq } from "drizzle-orm";
import { getSignedInUser } from "~/auth/access.server";
import { db } from "~/db.server";
import { pageTree } from "~/designed-pages/page-documents.server";
import { findPublicEvent, requireVisibleFeature } from "~/events/public-event.server";
import { meal, question, registration, ticket } from "~drizzle/schema";
import { ticketsLeft, windowState } from "./register-party.server";
import type { AskedQuestion } from "./register-forms";

export interface RegisterTicket {
  ticket_id: number;
  title: string;
  description: string | null;
  type: string;
  price: number;
  increment: number;
  seat_count: number;
  /** null: no limit. */
  left: number | null;
}

/** A question as /register and the registrants' screens read it: the forms' question, with its pattern and when it is asked. */
export interface RegisterQuestion extends AskedQuestion {
  pattern: string | null;
  is_pre_sales_question: boolean;
}

export type RegisterContext = Awaited<ReturnType<typeof loadRegisterContext>>;

export async function loadRegisterContext(request: Request, now = new Date()) {
  const event = await findPublicEvent(request);
  const { preview } = await requireVisibleFeature(request, event, "registration");
  const [settings] = event.registration_id
    ? await db.select().from(registration).where(eq(registration.registration_id, event.registration_id))
    : [];
  const [tickets, left, questions, meals, tree, user] = await Promise.all([
    db
      .select()
      .from(ticket)
      .where(eq(ticket.event_id, event.event_id))
      .orderBy(asc(ticket.display_order), asc(ticket.ticket_id)),
    ticketsLeft(db, event.event_id),
    db
      .select()
      .from(question)
      .where(eq(question.event_id, event.event_id))
      .orderBy(asc(question.display_order), asc(question.question_id)),
    db
      .select({ meal_id: meal.meal_id, title: meal.title, description: meal.description })
      .from(meal)
      .where(eq(meal.event_id, event.event_id))
      .orderBy(asc(meal.display_order), asc(meal.title)),
    pageTree(event.event_id, "registration"),
    getSignedInUser(request),
  ]);
  const window = { start_date_time: settings?.start_date_time ?? null, end_date_time: settings?.end_date_time ?? null };
  return {
    event,
    preview,
    window,
    state: windowState(window, now),
    orderLimit: settings?.order_limit ?? 20,
    confirmationMessage: settings?.confirmation_message ?? null,
    tickets: tickets.map((row): RegisterTicket => ({
      ticket_id: row.ticket_id,
      title: row.title,
      description: row.description,
      type: row.type,
      price: row.price ?? 0,
      increment: Math.max(1, row.increment),
      seat_count: Math.max(1, row.seat_count),
      left: left.get(row.ticket_id) ?? null,
    })),
    questions: questions.map((row) => toRegisterQuestion(row)),
    meals,
    pageTree: tree,
    user: user
      ? {
          usrId: user.usr_id,
          email: user.email_address,
          first_name: user.first_name ?? "",
          last_name: user.last_name ?? "",
        }
      : null,
  };
}

/** A question row as the forms read it: its validation JSON spelt out. */
export function toRegisterQuestion(row: typeof question.$inferSelect): RegisterQuestion {
  const rules = row.validation ?? {};
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  return {
    name: row.name,
    label: row.label,
    type: row.type,
    help: row.help,
    required: rules.required === true,
    options: Array.isArray(rules.options)
      ? rules.options.filter((option): option is string => typeof option === "string")
      : [],
    pattern: typeof rules.pattern === "string" && rules.pattern ? rules.pattern : null,
    min: number(rules.min),
    max: number(rules.max),
    is_pre_sales_question: row.is_pre_sales_question,
  };
}
