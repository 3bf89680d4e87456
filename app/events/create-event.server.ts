/**
 * Creating an event, for team sign-up and for /admin/events: the event in its
 * organisation, its registration record, and an owner's role (every permission, on the team) for the person who
 * created it, who is also switched to it. The landing page and the auctions are created when their feature is
 * first enabled (app/events/feature-switches.server.ts), not here.
 */
import { eq } from "drizzle-orm";
import { OWNER_ROLE } from "~/auth/permissions";
import { publishOwnChange } from "~/realtime/data-area-changes.server";
import { event, registration, usr, usr_event_role } from "~drizzle/schema";
import type { Transaction } from "~/db.server";

export interface EventToCreate {
  clientId: number;
  title: string;
  slug: string;
  subdomain?: string | undefined;
  timezone: string;
}

/** Inserts the event inside the caller's transaction; returns its id. Unique violations propagate. */
export async function insertEvent(tx: Transaction, ownerUsrId: number, values: EventToCreate): Promise<number> {
  const [registrationRow] = await tx
    .insert(registration)
    .values({})
    .returning({ registration_id: registration.registration_id });
  const [eventRow] = await tx
    .insert(event)
    .values({
      client_id: values.clientId,
      title: values.title,
      slug: values.slug,
      subdomain: values.subdomain ?? null,
      timezone: values.timezone,
      registration_id: registrationRow.registration_id,
    })
    .returning({ event_id: event.event_id });
  await tx.insert(usr_event_role).values({ usr_id: ownerUsrId, event_id: eventRow.event_id, ...OWNER_ROLE });
  await tx.update(usr).set({ selected_event: eventRow.event_id }).where(eq(usr.usr_id, ownerUsrId));
  await publishOwnChange(tx, ownerUsrId);
  return eventRow.event_id;
}
