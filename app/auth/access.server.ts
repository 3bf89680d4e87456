/**
 * Who is asking, and may they? Every protected loader and action starts with one of these calls; each
 * either returns what the rest needs or throws the response the spec asks for: a visitor who is not signed
 * in, or not a team member of the current event, goes to "/"; a team member without the permission gets 403.
 */
import { redirect } from "@remix-run/node";
import { asc, eq, sql } from "drizzle-orm";
import { preparedQuery } from "~/db/prepared.server";
import { db } from "~/db.server";
import { ended_session, usr, usr_event_role } from "~drizzle/schema";
import { isTeamMember, PERMISSION_LABELS, type Permission, type Role } from "./permissions";
import { getSessionUser, type SessionUser } from "./session.server";

export interface SignedInUser {
  usr_id: number;
  email_address: string;
  first_name: string | null;
  last_name: string | null;
  selected_event: number | null;
  /**
   * The user's roles in the order they were given (membership reads the first role entry of an event:
   * docs/permissions.md).
   */
  roles: Role[];
}

/**
 * The person, their roles (one row each) and whether the session still counts, for the user and session the
 * placeholders usrId and sessionId name. A caller that needs more of the same person at once (the bidder pages) adds
 * its own columns to the same statement and reads the user with `signedInUserFrom`.
 */
export const SIGNED_IN_USER_COLUMNS = {
  usr_id: usr.usr_id,
  email_address: usr.email_address,
  first_name: usr.first_name,
  last_name: usr.last_name,
  selected_event: usr.selected_event,
  session_version: usr.session_version,
  signed_out: sql<boolean>`exists(select 1 from ${ended_session} where ${ended_session.session_id} = ${sql.placeholder("sessionId")})`,
  role: usr_event_role,
};

const userWithRoles = preparedQuery("signed_in_user", (db) =>
  db
    .select(SIGNED_IN_USER_COLUMNS)
    .from(usr)
    .leftJoin(usr_event_role, eq(usr_event_role.usr_id, usr.usr_id))
    .where(eq(usr.usr_id, sql.placeholder("usrId")))
    .orderBy(asc(usr_event_role.usr_event_role_id)),
);

type SignedInUserRow = Pick<
  Awaited<ReturnType<ReturnType<typeof userWithRoles>["execute"]>>[number],
  keyof typeof SIGNED_IN_USER_COLUMNS
>;

/**
 * A page's loaders all ask who is signed in (the root's header, the page's own): a GET's answer is read once and
 * shared by its loaders, which Remix hands the same Request. Not a POST's: its action may change what the loaders
 * that run after it must see. A stream that asks again later asks with a copy of its request.
 */
const signedInUserOfRead = new WeakMap<Request, Promise<SignedInUser | undefined>>();

/**
 * The signed-in user, or undefined when nobody is, or their session was ended (signed out, signed out everywhere, a
 * new password).
 */
export function getSignedInUser(request: Request): Promise<SignedInUser | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return readSignedInUser(request);
  let user = signedInUserOfRead.get(request);
  if (!user) {
    user = readSignedInUser(request);
    signedInUserOfRead.set(request, user);
  }
  return user;
}

async function readSignedInUser(request: Request): Promise<SignedInUser | undefined> {
  const session = await getSessionUser(request);
  if (session === undefined) return undefined;
  // One statement for the person and their roles: every page of the app asks it.
  return signedInUserFrom(await userWithRoles(db).execute({ usrId: session.usrId, sessionId: session.sessionId }), {
    request,
    session,
  });
}

/**
 * The user of rows read with SIGNED_IN_USER_COLUMNS for the request's session (undefined when the session no longer
 * counts), kept for the request's other loaders as getSignedInUser keeps its own.
 */
export function signedInUserFrom(
  rows: SignedInUserRow[],
  { request, session }: { request: Request; session: SessionUser },
): SignedInUser | undefined {
  const [row] = rows;
  const user =
    !row || row.session_version !== session.version || row.signed_out
      ? undefined
      : {
          usr_id: row.usr_id,
          email_address: row.email_address,
          first_name: row.first_name,
          last_name: row.last_name,
          selected_event: row.selected_event,
          roles: rows.flatMap(({ role }) => (role ? [role] : [])),
        };
  if ((request.method === "GET" || request.method === "HEAD") && !signedInUserOfRead.has(request))
    signedInUserOfRead.set(request, Promise.resolve(user));
  return user;
}

/** Pages that need a signed-in user: anonymous visitors go to the root path. */
export async function requireUser(request: Request): Promise<SignedInUser> {
  const user = await getSignedInUser(request);
  if (!user) throw redirect("/");
  return user;
}

/** For a guest's page that needs a signed-in person: the redirect to sign in and come back to this page. */
export function signInAndComeBack(request: Request) {
  const url = new URL(request.url);
  return redirect(`/auth/sign-in?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

/** The event named by the request's query parameter id, if it holds one. */
export function eventIdFromQuery(request: Request): number | undefined {
  const id = new URL(request.url).searchParams.get("id");
  return id !== null && /^\d{1,9}$/.test(id) ? Number(id) : undefined;
}

/** A query parameter id sets the current event; otherwise the user's selected_event. */
export function currentEventId(request: Request, user: Pick<SignedInUser, "selected_event"> | undefined) {
  return eventIdFromQuery(request) ?? user?.selected_event ?? undefined;
}

export interface EventAccess {
  user: SignedInUser;
  eventId: number;
  role: Role;
}

/** Every admin page: signed in and a team member of the current event, else back to "/". */
export async function requireTeamMember(request: Request): Promise<EventAccess> {
  const user = await requireUser(request);
  const eventId = currentEventId(request, user);
  if (eventId === undefined || !isTeamMember(user.roles, eventId)) throw redirect("/");
  const role = user.roles.find((r) => r.event_id === eventId)!;
  return { user, eventId, role };
}

/**
 * A team member holding the permission (or, given several, any one of them: the paddle raise is worked by a bid
 * spotter or by whoever runs the event), else 403.
 */
export async function requireEventPermission(
  request: Request,
  permission: Permission | readonly Permission[],
): Promise<EventAccess> {
  const access = await requireTeamMember(request);
  requireRolePermission(access.role, permission);
  return access;
}

/**
 * The 403 for a role holding none of the permissions: for an action whose one intent asks more than the screen's
 * (the raffle desk's rules, docs/permissions.md).
 */
export function requireRolePermission(role: Role, permission: Permission | readonly Permission[]) {
  const anyOf = typeof permission === "string" ? [permission] : permission;
  if (anyOf.some((candidate) => role[candidate])) return;
  // Named as the team screen names it, for the error panel to show: what to ask an event admin for.
  const named = anyOf.map((candidate) => `“${PERMISSION_LABELS[candidate]}”`).join(" or ");
  throw new Response(`Your role on this event does not include the ${named} permission. Ask an event admin for it.`, {
    status: 403,
    statusText: "Forbidden",
  });
}
