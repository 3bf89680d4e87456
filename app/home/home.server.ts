/** What the home page shows a signed-in person: the events they hold a role in. */
import { asc, desc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { client, event, usr_event_role } from "~drizzle/schema";
import { formatEventDates } from "./event-dates";
import { roleSummary } from "./role-summary";

export interface HomeEvent {
  eventId: number;
  title: string;
  organisation: string;
  /** Formatted on the server in the event's time zone, so server and browser render the same text. */
  dates: string | null;
  isArchived: boolean;
  role: string;
  isTeamMember: boolean;
}

export async function eventsForHome(usrId: number): Promise<HomeEvent[]> {
  const rows = await db
    .select({ event, organisation: client.title, role: usr_event_role })
    .from(usr_event_role)
    .innerJoin(event, eq(event.event_id, usr_event_role.event_id))
    .innerJoin(client, eq(client.client_id, event.client_id))
    .where(eq(usr_event_role.usr_id, usrId))
    .orderBy(asc(event.is_archived), desc(event.start_date_time), asc(event.title));
  return rows.map(({ event: e, organisation, role }) => ({
    eventId: e.event_id,
    title: e.title,
    organisation,
    dates: formatEventDates(e.start_date_time, e.end_date_time, e.timezone),
    isArchived: e.is_archived,
    role: roleSummary(role),
    isTeamMember: role.is_team_member,
  }));
}
