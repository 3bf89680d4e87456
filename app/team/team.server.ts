/**
 * The team of an event (the role records with is_team_member): list it, add a role, change several
 * members' roles at once, remove roles. Every function takes the event id and
 * puts it in its WHERE clause, so one event's admins cannot reach another event's roles by changing an id. Every
 * change is published to the event's open admin pages and to the people it concerns (publishTeamChange).
 *
 * The rule kept here: an event always keeps at least one team member holding can_configure_event, so nobody
 * can lock everyone out of the team screen by removing or demoting the last admin.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { sendTeamInvitation } from "~/auth/invitations.server";
import { PERMISSION_LABELS, PERMISSIONS, TEAM_FLAGS, type Permission, type TeamFlag } from "~/auth/permissions";
import { db, type Database } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { publishTeamChange } from "~/realtime/data-area-changes.server";
import { usr, usr_event_role } from "~drizzle/schema";

type TeamFlags = Record<TeamFlag, boolean>;

/** A change refused because it would leave the event without anyone holding can_configure_event. */
export class LastAdminError extends Refusal {
  constructor() {
    super(
      `At least one team member must keep “${PERMISSION_LABELS.can_configure_event}”. Give it to someone else first.`,
    );
  }
}

/** A change naming people who are not on the event's team (removed meanwhile, or another event's). */
export class NotOnTeamError extends Refusal {
  constructor() {
    super("That person is no longer on this event's team. Reload the page to see the team as it is now.");
  }
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const flagColumns = Object.fromEntries(TEAM_FLAGS.map((flag) => [flag, usr_event_role[flag]])) as {
  [F in TeamFlag]: (typeof usr_event_role)[F];
};

/** The team of an event: the team members with their names, email and every flag, in the order they joined. */
export async function listTeam(eventId: number) {
  return db
    .select({
      usr_event_role_id: usr_event_role.usr_event_role_id,
      usr_id: usr.usr_id,
      first_name: usr.first_name,
      last_name: usr.last_name,
      email_address: usr.email_address,
      ...flagColumns,
    })
    .from(usr_event_role)
    .innerJoin(usr, eq(usr.usr_id, usr_event_role.usr_id))
    .where(and(eq(usr_event_role.event_id, eventId), eq(usr_event_role.is_team_member, true)))
    .orderBy(asc(usr_event_role.usr_event_role_id));
}

export interface Invitation {
  email: string;
  first_name?: string;
  last_name?: string;
  /** The permissions to give; the others are left off. */
  permissions: readonly Permission[];
}

/**
 * Adds a person to the team: finds the user by email (case-insensitively) or creates one, then gives them a role
 * with the chosen permissions and is_team_member. A role they already hold at the event (as a bidder, say) is
 * turned into a team role. Returns undefined when they are already on the team.
 */
export async function addTeamMember(eventId: number, invitation: Invitation): Promise<{ usrId: number } | undefined> {
  const email = invitation.email.trim().toLowerCase();
  const permissions = Object.fromEntries(PERMISSIONS.map((p) => [p, invitation.permissions.includes(p)]));
  return db.transaction(async (tx) => {
    const usrId = await findOrCreateUser(tx, email, invitation);
    const [existing] = await tx
      .select({ usr_event_role_id: usr_event_role.usr_event_role_id, is_team_member: usr_event_role.is_team_member })
      .from(usr_event_role)
      .where(and(eq(usr_event_role.event_id, eventId), eq(usr_event_role.usr_id, usrId)));
    if (existing?.is_team_member) return undefined;
    if (existing) {
      await tx
        .update(usr_event_role)
        .set({ ...permissions, is_team_member: true })
        .where(and(eq(usr_event_role.event_id, eventId), eq(usr_event_role.usr_id, usrId)));
    } else {
      await tx
        .insert(usr_event_role)
        .values({ usr_id: usrId, event_id: eventId, ...permissions, is_team_member: true });
    }
    await publishTeamChange(tx, eventId, [usrId]);
    return { usrId };
  });
}

async function findOrCreateUser(tx: Tx, email: string, names: Pick<Invitation, "first_name" | "last_name">) {
  const byEmail = sql`lower(${usr.email_address}) = ${email}`;
  const [found] = await tx.select({ usr_id: usr.usr_id }).from(usr).where(byEmail);
  if (found) return found.usr_id;
  // Someone signing up with this address at the same moment wins the unique index; then we use their row.
  const [created] = await tx
    .insert(usr)
    .values({ email_address: email, first_name: names.first_name || null, last_name: names.last_name || null })
    .onConflictDoNothing()
    .returning({ usr_id: usr.usr_id });
  if (created) return created.usr_id;
  const [raced] = await tx.select({ usr_id: usr.usr_id }).from(usr).where(byEmail);
  return raced.usr_id;
}

/**
 * The same change of role flags for several
 * team members at once. All or nothing: if one of them is not on the team, or the change would leave no one
 * holding can_configure_event, nothing is changed.
 */
export async function updateTeamRoles(eventId: number, usrIds: readonly number[], change: Partial<TeamFlags>) {
  const ids = [...new Set(usrIds)];
  if (ids.length === 0) return;
  await keepingAnAdmin(eventId, async (tx) => {
    const updated = await tx
      .update(usr_event_role)
      .set(pickFlags(change))
      .where(onTeam(eventId, ids))
      .returning({ usr_id: usr_event_role.usr_id });
    if (updated.length !== ids.length) throw new NotOnTeamError();
    await publishTeamChange(tx, eventId, ids);
  });
}

/** Takes people off the team by deleting their role at the event. */
export async function removeTeamMembers(eventId: number, usrIds: readonly number[]) {
  const ids = [...new Set(usrIds)];
  if (ids.length === 0) return;
  await keepingAnAdmin(eventId, async (tx) => {
    const deleted = await tx
      .delete(usr_event_role)
      .where(onTeam(eventId, ids))
      .returning({ usr_id: usr_event_role.usr_id });
    if (deleted.length !== ids.length) throw new NotOnTeamError();
    await publishTeamChange(tx, eventId, ids);
  });
}

function onTeam(eventId: number, usrIds: readonly number[]) {
  return and(
    eq(usr_event_role.event_id, eventId),
    inArray(usr_event_role.usr_id, [...usrIds]),
    eq(usr_event_role.is_team_member, true),
  );
}

function pickFlags(change: Partial<TeamFlags>): Partial<TeamFlags> {
  return Object.fromEntries(
    TEAM_FLAGS.filter((flag) => change[flag] !== undefined).map((flag) => [flag, change[flag]]),
  );
}

/**
 * Runs a change to the team in a transaction that first locks the team's rows, so two admins demoting each other
 * at the same moment take turns, and that is rolled back (LastAdminError) if no admin would be left.
 */
export async function keepingAnAdmin(eventId: number, change: (tx: Tx) => Promise<void>) {
  await db.transaction(async (tx) => {
    await tx
      .select({ usr_event_role_id: usr_event_role.usr_event_role_id })
      .from(usr_event_role)
      .where(and(eq(usr_event_role.event_id, eventId), eq(usr_event_role.is_team_member, true)))
      .for("update");
    await change(tx);
    const [admins] = await tx
      .select({ n: count() })
      .from(usr_event_role)
      .where(
        and(
          eq(usr_event_role.event_id, eventId),
          eq(usr_event_role.is_team_member, true),
          eq(usr_event_role.can_configure_event, true),
        ),
      );
    if (admins.n === 0) throw new LastAdminError();
  });
}

/** A person already on the team, refused beside the invitation's email field. */
export class AlreadyOnTeamError extends Refusal {
  constructor(email: string) {
    super(`${email} is already on the team.`, "email");
  }
}

/**
 * Invites a person to the event's team: adds them (refused when they are on it already), then sends the
 * invitation email. Whether the email went: when the mail server does not take it, they are on the team all the
 * same and can sign in with that address to start.
 */
export async function inviteToTeam(
  eventId: number,
  invitation: Invitation,
  from: { invitedBy: number; origin: string },
): Promise<{ mailed: boolean }> {
  const added = await addTeamMember(eventId, invitation);
  if (!added) throw new AlreadyOnTeamError(invitation.email);
  try {
    await sendTeamInvitation({ usrId: added.usrId, eventId, ...from });
    return { mailed: true };
  } catch (error) {
    console.error("[team] the invitation email could not be sent", error);
    return { mailed: false };
  }
}
