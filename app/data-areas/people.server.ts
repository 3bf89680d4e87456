/** Data areas about people at an event: its team, its users, the client's staff, registrants and paddles. */
import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import { db } from "~/db.server";
import { event, registrant, staff, usr, usr_event_paddle, usr_event_role } from "~drizzle/schema";
import { countWhere } from "./aggregates.server";

/** "team": the team list (roles with is_team_member), with names and email. */
export async function teamArea(eventId: number) {
  return db
    .select({
      usr_id: usr.usr_id,
      first_name: usr.first_name,
      last_name: usr.last_name,
      email_address: usr.email_address,
    })
    .from(usr_event_role)
    .innerJoin(usr, eq(usr.usr_id, usr_event_role.usr_id))
    .where(and(eq(usr_event_role.event_id, eventId), eq(usr_event_role.is_team_member, true)))
    .orderBy(asc(usr_event_role.usr_event_role_id));
}

/** "users": everyone holding a role at the event: team, bidders, guests. */
export async function usersArea(eventId: number) {
  const [row] = await db
    .select({ count: count(), bidders: countWhere(eq(usr_event_role.can_bid, true)) })
    .from(usr_event_role)
    .where(eq(usr_event_role.event_id, eventId));
  return row;
}

/** "staff": the client's staff, who procure items; a short list for pickers. */
export async function staffArea(eventId: number) {
  return db
    .select({ staff_id: staff.staff_id, full_name: staff.full_name, email: staff.email })
    .from(staff)
    .innerJoin(event, eq(event.client_id, staff.client_id))
    .where(eq(event.event_id, eventId))
    .orderBy(asc(staff.last_name), asc(staff.first_name));
}

/** "registrants": how many guests are registered, checked in and seated. */
export async function registrantsArea(eventId: number) {
  const [row] = await db
    .select({
      count: count(),
      attended: countWhere(eq(registrant.attended, true)),
      seated: countWhere(isNotNull(registrant.tbl_id)),
    })
    .from(registrant)
    .where(eq(registrant.event_id, eventId));
  return row;
}

/** "paddles": who holds which bidder number, for showing paddles beside bids and winners. */
export async function paddlesArea(eventId: number) {
  return db
    .select({ usr_id: usr_event_paddle.usr_id, paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(eq(usr_event_paddle.event_id, eventId))
    .orderBy(asc(usr_event_paddle.paddle));
}
