/**
 * Reading and saving the event's own columns for the setup screens (its columns and its
 * meta). Every save bumps data_version and tells open admin pages (publishEventChange).
 */
import { eq, sql } from "drizzle-orm";
import { describeUniqueViolation, uniqueViolation } from "~/db/errors.server";
import { db } from "~/db.server";
import { publishEventChange } from "~/realtime/data-area-changes.server";
import { event } from "~drizzle/schema";

export type EventRow = typeof event.$inferSelect;
export type EventChanges = Partial<
  Omit<EventRow, "event_id" | "client_id" | "data_version" | "created_at" | "updated_at">
>;

export async function eventSettings(eventId: number): Promise<EventRow> {
  const [row] = await db.select().from(event).where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event does not exist.", { status: 404 });
  return row;
}

export type SaveResult = { ok: true } | { ok: false; field: string; message: string };

/** Saves the changes; a taken slug or subdomain comes back as the field's message instead of an error. */
export async function saveEventSettings(eventId: number, changes: EventChanges): Promise<SaveResult> {
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(event)
        .set({ ...changes, data_version: sql`${event.data_version} + 1`, updated_at: new Date() })
        .where(eq(event.event_id, eventId));
      await publishEventChange(tx, eventId);
    });
    return { ok: true };
  } catch (error) {
    const violation = uniqueViolation(error) ? describeUniqueViolation(error) : undefined;
    if (violation) return { ok: false, field: violation.field, message: violation.message };
    throw error;
  }
}
