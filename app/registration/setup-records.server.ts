/**
 * What the registration setup's records share: moving a row of a list (ticket types, questions, meals) up or down
 * in its event's order, marking the event's registration as changed after any edit, and refusals that belong
 * beside one field of a form.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { describeUniqueViolation } from "~/db/errors.server";
import { Refusal } from "~/forms/refusal";
import { publishEventChange } from "~/realtime/data-area-changes.server";
import { event, meal, question, ticket } from "~drizzle/schema";
import type { Transaction } from "~/db.server";

/**
 * Bumps the event's data_version (as every setup screen's save does, telling open admin pages) and
 * registration_version, which tells an open /register page that what it offers (tickets, questions, window) changed
 * under it.
 */
export async function registrationChanged(tx: Transaction, eventId: number): Promise<void> {
  await tx
    .update(event)
    .set({
      data_version: sql`${event.data_version} + 1`,
      registration_version: sql`${event.registration_version} + 1`,
      updated_at: new Date(),
    })
    .where(eq(event.event_id, eventId));
  await publishEventChange(tx, eventId);
}

const ORDERED = {
  ticket: { table: ticket, id: ticket.ticket_id, eventId: ticket.event_id, order: ticket.display_order },
  question: { table: question, id: question.question_id, eventId: question.event_id, order: question.display_order },
  meal: { table: meal, id: meal.meal_id, eventId: meal.event_id, order: meal.display_order },
} as const;

export type OrderedList = keyof typeof ORDERED;
export type Direction = "up" | "down";

/** The display_order that puts a new row after the event's others. */
export async function nextDisplayOrder(tx: Transaction, list: OrderedList, eventId: number): Promise<number> {
  const t = ORDERED[list];
  const [row] = await tx
    .select({ last: sql<number | null>`max(${t.order})` })
    .from(t.table)
    .where(eq(t.eventId, eventId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/**
 * Moves one row of the event's list a place up or down and writes display_order 0, 1, 2… in the new order.
 * Answers false when the row is not the event's; moving the first row up (or the last down) changes nothing.
 */
export async function moveInOrder(
  tx: Transaction,
  list: OrderedList,
  eventId: number,
  rowId: number,
  direction: Direction,
): Promise<boolean> {
  const t = ORDERED[list];
  // Drizzle's builders are typed per table; the three share this shape, so one stands for all.
  const table = t.table as typeof ticket;
  const id = t.id as typeof ticket.ticket_id;
  const owner = t.eventId as typeof ticket.event_id;
  const order = t.order as typeof ticket.display_order;
  const rows = await tx.select({ id }).from(table).where(eq(owner, eventId)).orderBy(asc(order), asc(id)).for("update");
  const ids = rows.map((row) => row.id);
  const from = ids.indexOf(rowId);
  if (from === -1) return false;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return true;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  for (const [index, each] of ids.entries()) {
    await tx
      .update(table)
      .set({ display_order: index })
      .where(and(eq(id, each), eq(owner, eventId)));
  }
  await registrationChanged(tx, eventId);
  return true;
}

/** A refusal that belongs beside one field of the form (a name used twice, a limit below what was sold). */
export class FieldRefusal extends Refusal {
  constructor(field: string, message: string) {
    super(message, field);
  }
}

/** Runs a write, turning a broken unique constraint (a name used twice) into a FieldRefusal. */
export async function withUniqueFields<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const unique = describeUniqueViolation(error);
    if (unique) throw new FieldRefusal(unique.field, unique.message);
    throw error;
  }
}
