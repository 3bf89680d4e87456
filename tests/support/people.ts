// Integration-test data about people and events: an organisation, its events, users with roles, and the
// session cookie a signed-in user's browser would send. Each call makes new rows with unique names.
import { randomBytes } from "node:crypto";
import { PERMISSIONS, type Permission, type RoleFlags } from "~/auth/permissions";
import { sessionStorage, SESSION_USER_KEY } from "~/auth/session.server";
import { client, event, usr, usr_event_role } from "~drizzle/schema";
import type { Database } from "~/db/connection.server";

const unique = () => randomBytes(4).toString("hex");

export async function makeEvent(
  db: Database,
  fields: { title?: string; subdomain?: string; is_archived?: boolean } = {},
) {
  const tag = unique();
  const [organisation] = await db
    .insert(client)
    .values({ slug: `client-${tag}`, title: `Client ${tag}` })
    .returning({ client_id: client.client_id });
  const [row] = await db
    .insert(event)
    .values({
      client_id: organisation.client_id,
      slug: `event-${tag}`,
      title: fields.title ?? `Gala ${tag}`,
      ...fields,
    })
    .returning({ event_id: event.event_id, client_id: event.client_id, title: event.title });
  return row;
}

export async function makeUser(
  db: Database,
  fields: { email?: string; first_name?: string; last_name?: string; selected_event?: number } = {},
) {
  const { email, ...names } = fields;
  const [row] = await db
    .insert(usr)
    .values({ email_address: email ?? `person-${unique()}@example.org`, ...names })
    .returning({ usr_id: usr.usr_id, email_address: usr.email_address });
  return row;
}

export async function giveRole(db: Database, usrId: number, eventId: number, flags: Partial<RoleFlags>) {
  await db.insert(usr_event_role).values({ usr_id: usrId, event_id: eventId, ...flags });
}

/** A team member's flags holding exactly the given permissions. */
export function teamRole(...permissions: Permission[]): Partial<RoleFlags> {
  return { is_team_member: true, ...Object.fromEntries(permissions.map((p) => [p, true])) };
}

/** Every permission but the ones named, on the team. */
export function teamRoleWithout(...missing: Permission[]): Partial<RoleFlags> {
  return teamRole(...PERMISSIONS.filter((p) => !missing.includes(p)));
}

/** The Cookie header of a browser signed in as the user, as the sign-in flow would leave it. */
export async function sessionCookie(usrId: number): Promise<string> {
  const session = await sessionStorage.getSession();
  // A new user's session_version is 1; each cookie is a session of its own.
  session.set(SESSION_USER_KEY, { usrId, version: 1, sessionId: randomBytes(16).toString("base64url") });
  session.set("expiresAt", Date.now() + 60 * 60 * 1000);
  const setCookie = await sessionStorage.commitSession(session);
  return setCookie.split(";")[0];
}

/** A browser of its own (a device key and a network address), as the paced forms see one. */
export const aBrowser = () => ({ device: `browser-${unique()}`, ip: "198.51.100.7" });
