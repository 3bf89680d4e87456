/**
 * Events as navigation sees them: found by subdomain, listed for the signed-in user,
 * and chosen as the user's selected_event.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { preparedQuery } from "~/db/prepared.server";
import { db } from "~/db.server";
import { publishOwnChange } from "~/realtime/data-area-changes.server";
import { event, usr, usr_event_role } from "~drizzle/schema";

/** The id of the event using the subdomain (case-insensitive). */
export async function eventIdBySubdomain(subdomain: string): Promise<number | undefined> {
  const [row] = await db
    .select({ event_id: event.event_id })
    .from(event)
    .where(eq(sql`lower(${event.subdomain})`, subdomain.toLowerCase()))
    .limit(1);
  return row?.event_id;
}

/** Current events before archived ones, then the latest first (events without a date yet last), then by title. */
const NEWEST_FIRST = [asc(event.is_archived), sql`${event.start_date_time} desc nulls last`, asc(event.title)];

/** The short list of a user's events for the page header: every event they hold a role in. */
const eventsWithRoleOf = preparedQuery("events_of_user", (db) =>
  db
    .select({
      event_id: event.event_id,
      title: event.title,
      is_archived: event.is_archived,
      is_team_member: usr_event_role.is_team_member,
    })
    .from(usr_event_role)
    .innerJoin(event, eq(event.event_id, usr_event_role.event_id))
    .where(eq(usr_event_role.usr_id, sql.placeholder("usrId")))
    .orderBy(...NEWEST_FIRST),
);

/** Every page's header asks it: prepared once. */
export async function eventsOfUser(usrId: number) {
  return eventsWithRoleOf(db).execute({ usrId });
}

/**
 * A user's events with their roles, limited to the events whose team the user is on: the ones
 * /admin/events offers to work on. Upcoming first, then the most recent.
 */
export async function teamEventsOfUser(usrId: number) {
  return db
    .select({
      event_id: event.event_id,
      title: event.title,
      is_archived: event.is_archived,
      start_date_time: event.start_date_time,
      timezone: event.timezone,
      role: usr_event_role,
    })
    .from(usr_event_role)
    .innerJoin(event, eq(event.event_id, usr_event_role.event_id))
    .where(and(eq(usr_event_role.usr_id, usrId), eq(usr_event_role.is_team_member, true)))
    .orderBy(...NEWEST_FIRST);
}

/**
 * Sets the user's selected_event; the caller has checked the user is on the event's team.
 * Returns the event's title, for the confirmation.
 */
export async function selectEvent(usrId: number, eventId: number): Promise<string> {
  await db.transaction(async (tx) => {
    await tx.update(usr).set({ selected_event: eventId }).where(eq(usr.usr_id, usrId));
    // Their other open admin pages without ?id are on the selected event: they follow it.
    await publishOwnChange(tx, usrId);
  });
  const [row] = await db.select({ title: event.title }).from(event).where(eq(event.event_id, eventId));
  return row.title;
}
