/**
 * Publishing changes of the admin data areas (decision 017): every write to an event's record, its team or the
 * people holding a role at it calls one of these inside its transaction, so the message goes out after commit
 * and never for a rollback. Messages say only what changed and where; a page that follows them loads the data
 * again through its loaders, which check access as always.
 */
import { eq, sql } from "drizzle-orm";
import { event, usr, usr_event_role } from "~drizzle/schema";
import { publish } from "./bus.server";
import { eventDataTopic, userTopic, type DataAreaChange } from "./data-area-topics";
import type { Database, Transaction } from "~/db/connection.server";

async function publishChange(tx: Transaction, topic: string, type: DataAreaChange, data: Record<string, number>) {
  await publish(tx, { topic, type, data });
}

/** The event's own record changed; the caller's update has bumped its data_version, as every such write does. */
export async function publishEventChange(tx: Transaction, eventId: number) {
  await publishChange(tx, eventDataTopic(eventId), "event", { eventId });
}

/**
 * The event's team changed (roles given, changed or taken away): bumps the event's data_version, which is what
 * tells a page that loaded before the change, and tells each person whose roles changed.
 */
export async function publishTeamChange(tx: Transaction, eventId: number, usrIds: readonly number[]) {
  await tx
    .update(event)
    .set({ data_version: sql`${event.data_version} + 1` })
    .where(eq(event.event_id, eventId));
  await publishChange(tx, eventDataTopic(eventId), "team", { eventId });
  for (const usrId of new Set(usrIds)) await publishOwnChange(tx, usrId);
}

/**
 * A person's name or email address changed (the caller's update of their usr row set its updated_at): every event
 * where they hold a role shows them among its users, and they see themselves in every page header.
 */
export async function publishUserChange(tx: Transaction, usrId: number) {
  const events = await tx
    .select({ event_id: usr_event_role.event_id })
    .from(usr_event_role)
    .where(eq(usr_event_role.usr_id, usrId));
  for (const { event_id } of events) await publishChange(tx, eventDataTopic(event_id), "users", { usrId });
  await publishOwnChange(tx, usrId);
}

/** Something only the person sees changed: the event they selected, or a role of theirs. */
export async function publishOwnChange(tx: Transaction, usrId: number) {
  await publishChange(tx, userTopic(usrId), "user", { usrId });
}

/**
 * What a page following the data areas compares (app/routes/admin.stream.ts): the event, its data_version (bumped by
 * every change of its record and team) and the latest change of any person holding a role at it or of the signed-in
 * person (usr.updated_at). Any of those changes alters it; an unchanged marker means nothing the admin layouts show
 * changed. Read it before the data it stands for, so a change made meanwhile shows as a newer marker, never an older.
 */
export async function dataAreasMarker(db: Database, eventId: number, usrId: number): Promise<string> {
  const people = db
    .select({ usr_id: usr_event_role.usr_id })
    .from(usr_event_role)
    .where(eq(usr_event_role.event_id, eventId));
  const [row] = await db
    .select({
      version: event.data_version,
      peopleChanged: sql<string | null>`(select extract(epoch from max(${usr.updated_at}))::text from ${usr}
        where ${usr.usr_id} = ${usrId} or ${usr.usr_id} in (${people}))`,
    })
    .from(event)
    .where(eq(event.event_id, eventId));
  return row ? `${eventId}:${row.version}:${row.peopleChanged ?? ""}` : `${eventId}:gone`;
}
