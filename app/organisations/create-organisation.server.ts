/**
 * Team sign-up (/teamsignup): a new organisation (client) with its first event, created in one transaction, with
 * the person who asked as the event's owner and the event selected for them (app/events/create-event.server.ts).
 */
import { describeUniqueViolation, uniqueViolation } from "~/db/errors.server";
import { db } from "~/db.server";
import { insertEvent } from "~/events/create-event.server";
import { client } from "~drizzle/schema";
import type { OrganisationForm } from "./organisation-form";

/** Which form field a broken unique constraint belongs to. */
const FIELD_OF_CONSTRAINT: Record<string, keyof OrganisationForm> = {
  client_slug_unique: "organisationSlug",
  event_slug_unique: "eventSlug",
  event_subdomain_unique: "subdomain",
};

export type CreateOrganisationResult =
  { ok: true; eventId: number } | { ok: false; field: keyof OrganisationForm; message: string };

export async function createOrganisationWithEvent(
  usrId: number,
  form: OrganisationForm,
): Promise<CreateOrganisationResult> {
  try {
    const eventId = await db.transaction(async (tx) => {
      const [organisation] = await tx
        .insert(client)
        .values({ title: form.organisationTitle, slug: form.organisationSlug })
        .returning({ client_id: client.client_id });
      return insertEvent(tx, usrId, {
        clientId: organisation.client_id,
        title: form.eventTitle,
        slug: form.eventSlug,
        subdomain: form.subdomain,
        timezone: form.timezone,
      });
    });
    return { ok: true, eventId };
  } catch (error) {
    const violation = describeUniqueViolation(error);
    const field = FIELD_OF_CONSTRAINT[uniqueViolation(error) ?? ""];
    if (violation && field) return { ok: false, field, message: violation.message };
    throw error;
  }
}
