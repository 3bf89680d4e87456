/**
 * Creating an event beside the current one, and archiving an event (archiving sets is_archived; there
 * is no un-archive). The caller has checked can_edit_event on the current event.
 */
import { eq, sql } from "drizzle-orm";
import { describeUniqueViolation, uniqueViolation } from "~/db/errors.server";
import { db } from "~/db.server";
import { publishEventChange } from "~/realtime/data-area-changes.server";
import { event } from "~drizzle/schema";
import { insertEvent } from "./create-event.server";
import type { NewEvent } from "./event-fields";

const FIELD_OF_CONSTRAINT: Record<string, keyof NewEvent> = {
  event_slug_unique: "slug",
  event_subdomain_unique: "subdomain",
};

export type CreateEventResult = { ok: true; eventId: number } | { ok: false; field: keyof NewEvent; message: string };

/** A new event in the organisation of `besideEventId`, owned by the person creating it, who switches to it. */
export async function createEventBeside(
  usrId: number,
  besideEventId: number,
  form: NewEvent,
): Promise<CreateEventResult> {
  try {
    const eventId = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ client_id: event.client_id })
        .from(event)
        .where(eq(event.event_id, besideEventId));
      return insertEvent(tx, usrId, { clientId: current.client_id, ...form });
    });
    return { ok: true, eventId };
  } catch (error) {
    const field = FIELD_OF_CONSTRAINT[uniqueViolation(error) ?? ""];
    const violation = describeUniqueViolation(error);
    if (field && violation) return { ok: false, field, message: violation.message };
    throw error;
  }
}

/** Archives the event; returns its title. Archiving twice changes nothing more. */
export async function archiveEvent(eventId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(event)
      .set({ is_archived: true, data_version: sql`${event.data_version} + 1` })
      .where(eq(event.event_id, eventId))
      .returning({ title: event.title });
    await publishEventChange(tx, eventId);
    return row.title;
  });
}
