/**
 * Team invitations. The team screen creates the invited person's usr row and their role on the event, then calls
 * one of these (`origin` is `publicOrigin(request)` from ~/security/request.server):
 *
 *   sendTeamInvitation({ usrId, eventId, invitedBy, origin }): Promise<void>
 *     Emails the person a link to /teamsignup?invitation=TOKEN naming the event and who invited them. The link
 *     works once, for 7 days. Rejects when the mail cannot be sent (the invitation then simply was not sent).
 *
 *   createInvitationLink({ usrId, eventId, invitedBy, origin }): Promise<string>
 *     The same link, without sending it.
 *
 * `invitedBy` is the usr_id of the person inviting. At /teamsignup the invited person signs in as the invited
 * address (Google or password) or, having no password yet, chooses one (the link proves the address); the link is
 * then used up and they land in the admin area on that event.
 */
import { and, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { sendMail } from "~/mail/mailer.server";
import { publishUserChange } from "~/realtime/data-area-changes.server";
import { event, usr, usr_event_role, usr_password } from "~drizzle/schema";
import { fillMissingNames, setPassword } from "./accounts.server";
import { teamInvitationEmail } from "./emails.server";
import { passwordIsEmailProblem } from "./password-rules";
import { hashPassword } from "./password.server";
import { clearSignInFailures } from "./sign-in-limits.server";
import { findUsableToken, issueToken, spendToken } from "./token-store.server";

const INVITATION_PATH = "/teamsignup";

export interface InvitationInput {
  usrId: number;
  eventId: number;
  invitedBy: number;
  origin: string;
  now?: Date;
}

export async function createInvitationLink(input: InvitationInput): Promise<string> {
  const token = await issueToken(db, {
    usrId: input.usrId,
    purpose: "team_invitation",
    eventId: input.eventId,
    invitedBy: input.invitedBy,
    now: input.now ?? new Date(),
  });
  const link = new URL(INVITATION_PATH, input.origin);
  link.searchParams.set("invitation", token);
  return link.toString();
}

export async function sendTeamInvitation(input: InvitationInput): Promise<void> {
  const [details] = await db
    .select({ email_address: usr.email_address, event_title: event.title })
    .from(usr)
    .innerJoin(event, eq(event.event_id, input.eventId))
    .where(eq(usr.usr_id, input.usrId));
  if (!details) throw new Error(`No user ${input.usrId} or no event ${input.eventId} to invite to`);
  const link = await createInvitationLink(input);
  await sendMail(
    teamInvitationEmail(details.email_address, link, details.event_title, await displayName(input.invitedBy)),
  );
}

async function displayName(usrId: number): Promise<string | undefined> {
  const [person] = await db
    .select({
      name: sql<string>`nullif(btrim(coalesce(${usr.first_name}, '') || ' ' || coalesce(${usr.last_name}, '')), '')`,
      email: usr.email_address,
    })
    .from(usr)
    .where(eq(usr.usr_id, usrId));
  return person ? (person.name ?? person.email) : undefined;
}

export interface Invitation {
  usrId: number;
  email: string;
  eventId: number;
  eventTitle: string;
  inviter: string | undefined;
  /** Whether the invited person can already sign in with a password (else they may choose one here). */
  hasPassword: boolean;
}

/**
 * The invitation behind a link, while the link is unused and unexpired and the invited person still has a role on
 * the event (removing them from the team withdraws the invitation).
 */
export async function findInvitation(token: unknown, now = new Date()): Promise<Invitation | undefined> {
  const link = await findUsableToken(db, token, "team_invitation", now);
  if (!link || link.event_id === null) return undefined;
  const [row] = await db
    .select({ event_title: event.title, password_hash: usr_password.password_hash })
    .from(usr_event_role)
    .innerJoin(event, eq(event.event_id, usr_event_role.event_id))
    .leftJoin(usr_password, eq(usr_password.usr_id, usr_event_role.usr_id))
    .where(and(eq(usr_event_role.usr_id, link.usr_id), eq(usr_event_role.event_id, link.event_id)));
  if (!row) return undefined;
  return {
    usrId: link.usr_id,
    email: link.email_address,
    eventId: link.event_id,
    eventTitle: row.event_title,
    inviter: link.invited_by === null ? undefined : await displayName(link.invited_by),
    hasPassword: row.password_hash !== null,
  };
}

export type AcceptInvitationResult =
  | { ok: true; usrId: number; eventId: number }
  | { ok: false; reason: "invalid-link" | "other-user" | "has-password" }
  | { ok: false; reason: "bad-password"; message: string };

/** The signed-in user takes up the invitation: the link is used up and the event becomes their selected one. */
export async function acceptInvitation(input: {
  token: string;
  usrId: number;
  now?: Date;
}): Promise<AcceptInvitationResult> {
  const now = input.now ?? new Date();
  const invitation = await findInvitation(input.token, now);
  if (!invitation) return { ok: false, reason: "invalid-link" };
  if (invitation.usrId !== input.usrId) return { ok: false, reason: "other-user" };
  return redeemInvitation(input.token, invitation, now);
}

/** An invited person without a password chooses one; the link proves their address, so they are signed in. */
export async function acceptInvitationWithPassword(input: {
  token: string;
  password: string;
  firstName?: string;
  lastName?: string;
  now?: Date;
}): Promise<AcceptInvitationResult> {
  const now = input.now ?? new Date();
  const invitation = await findInvitation(input.token, now);
  if (!invitation) return { ok: false, reason: "invalid-link" };
  if (invitation.hasPassword) return { ok: false, reason: "has-password" };
  const problem = passwordIsEmailProblem(input.password, invitation.email);
  if (problem) return { ok: false, reason: "bad-password", message: problem };
  const passwordHash = await hashPassword(input.password);
  return redeemInvitation(input.token, invitation, now, async (tx) => {
    await setPassword(tx, invitation.usrId, passwordHash);
    await fillMissingNames(tx, invitation.usrId, input);
    await clearSignInFailures(tx, invitation.email);
  });
}

async function redeemInvitation(
  token: string,
  invitation: Invitation,
  now: Date,
  alsoInTransaction?: (tx: Transaction) => Promise<void>,
): Promise<AcceptInvitationResult> {
  const accepted = await db.transaction(async (tx) => {
    const used = await spendToken(tx, token, "team_invitation", now);
    if (!used) return false;
    await alsoInTransaction?.(tx);
    await tx.update(usr).set({ selected_event: invitation.eventId }).where(eq(usr.usr_id, invitation.usrId));
    // The invited person has joined: the team they joined (and any other) sees them as they now are.
    await publishUserChange(tx, invitation.usrId);
    return true;
  });
  return accepted
    ? { ok: true, usrId: invitation.usrId, eventId: invitation.eventId }
    : { ok: false, reason: "invalid-link" };
}
