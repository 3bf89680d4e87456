/**
 * The event's registration record (the registration table, through event.registration_id): the window in which
 * /register sells tickets, whether it stores a card, the confirmation message, the first paddle number and the
 * most tickets per order. An event has none until its settings are first saved; until then the columns'
 * defaults apply.
 */
import { eq } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { event, registration } from "~drizzle/schema";
import { registrationChanged } from "./setup-records.server";
import type { RegistrationSettingsInput } from "./setup-forms";

export type RegistrationSettings = {
  start_date_time: Date | null;
  end_date_time: Date | null;
  store_card: boolean;
  confirmation_message: string | null;
  paddle_start: number;
  order_limit: number;
  /** The next paddle number registration will try (null until one was handed out). */
  next_paddle: number | null;
};

/** The columns' own defaults (drizzle/schema/event.ts), shown until the event has a record. */
export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = {
  start_date_time: null,
  end_date_time: null,
  store_card: false,
  confirmation_message: null,
  paddle_start: 100,
  order_limit: 20,
  next_paddle: null,
};

export async function loadRegistrationSettings(
  eventId: number,
): Promise<{ timeZone: string; currency: string; exists: boolean; settings: RegistrationSettings }> {
  const [row] = await db
    .select({
      timeZone: event.timezone,
      currency: event.currency,
      registration_id: registration.registration_id,
      start_date_time: registration.start_date_time,
      end_date_time: registration.end_date_time,
      store_card: registration.store_card,
      confirmation_message: registration.confirmation_message,
      paddle_start: registration.paddle_start,
      order_limit: registration.order_limit,
      next_paddle: registration.next_paddle,
    })
    .from(event)
    .leftJoin(registration, eq(registration.registration_id, event.registration_id))
    .where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event no longer exists.", { status: 404 });
  const { timeZone, currency, registration_id, ...columns } = row;
  if (registration_id === null) return { timeZone, currency, exists: false, settings: DEFAULT_REGISTRATION_SETTINGS };
  return {
    timeZone,
    currency,
    exists: true,
    settings: {
      ...columns,
      store_card: columns.store_card!,
      paddle_start: columns.paddle_start!,
      order_limit: columns.order_limit!,
    },
  };
}

/**
 * Saves the settings, creating the event's registration record the first time, in one transaction with the event
 * row locked so two first saves do not make two records. next_paddle is left alone: the paddle counter only grows
 * (app/registration/paddles.server.ts), so a lower start never hands out a number twice.
 */
export async function saveRegistrationSettings(eventId: number, input: RegistrationSettingsInput): Promise<void> {
  await db.transaction(async (tx: Transaction) => {
    const [current] = await tx
      .select({ registration_id: event.registration_id })
      .from(event)
      .where(eq(event.event_id, eventId))
      .for("update");
    if (!current) throw new Response("This event no longer exists.", { status: 404 });
    if (current.registration_id === null) {
      const [created] = await tx.insert(registration).values(input).returning({ id: registration.registration_id });
      await tx.update(event).set({ registration_id: created!.id }).where(eq(event.event_id, eventId));
    } else {
      await tx.update(registration).set(input).where(eq(registration.registration_id, current.registration_id));
    }
    await registrationChanged(tx, eventId);
  });
}
