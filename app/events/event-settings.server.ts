/**
 * Reading and saving the event's own columns for the setup screens (its columns and its
 * meta). Every save bumps data_version and tells open admin pages (publishEventChange).
 */
import { eq, sql } from "drizzle-orm";
import { describeUniqueViolation, uniqueViolation } from "~/db/errors.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { publishEventChange } from "~/realtime/data-area-changes.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { event } from "~drizzle/schema";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";
import type { EventDetails } from "./setup-forms";

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

/** Saves a setup screen's changes; a taken slug or subdomain is refused beside its field. */
export async function saveEventSetup(eventId: number, changes: EventChanges): Promise<void> {
  const saved = await saveEventSettings(eventId, changes);
  if (!saved.ok) throw new Refusal(saved.message, saved.field === "form" ? undefined : saved.field);
}

/** The event's details (/admin/setup/event): its description sanitised, the share texts kept in its meta. */
export async function saveEventDetails(
  eventId: number,
  { share_title, share_description, description, ...columns }: EventDetails,
  images: Pick<EventChanges, "thumbnail">,
): Promise<void> {
  const current = await eventSettings(eventId);
  await saveEventSetup(eventId, {
    ...columns,
    ...images,
    description: sanitizeRichText(description),
    meta: { ...current.meta, share_title, share_description },
  });
}

/** The organisation behind the event (/admin/setup/company), its story sanitised. */
export async function saveCompany(
  eventId: number,
  { company_about, ...columns }: { company_name: string | null; company_about: string },
  images: Pick<EventChanges, "company_logo">,
): Promise<void> {
  await saveEventSetup(eventId, { ...columns, ...images, company_about: sanitizeRichText(company_about) });
}

/** Puts the event's colours and fonts back to the defaults. */
export async function resetBranding(eventId: number): Promise<void> {
  await saveEventSetup(eventId, { ...DEFAULT_EVENT_STYLE });
}
