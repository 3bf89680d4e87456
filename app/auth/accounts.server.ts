/** Finding people by email, and setting their password: shared by the sign-in, sign-up, reset and invitation flows. */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { publishUserChange } from "~/realtime/data-area-changes.server";
import { usr, usr_event_role, usr_password } from "~drizzle/schema";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/connection.server";

/** What people type: surrounding spaces dropped, compared without regard to case (usr has a unique lower() index). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const sameEmail = (email: string) => eq(sql`lower(${usr.email_address})`, normaliseEmail(email));

/** The user with this email address and their password hash, if they have one. */
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ usr_id: usr.usr_id, email_address: usr.email_address, password_hash: usr_password.password_hash })
    .from(usr)
    .leftJoin(usr_password, eq(usr_password.usr_id, usr.usr_id))
    .where(sameEmail(email));
  return row;
}

/**
 * Whether the address is a team member's: someone on the team of any event (every team screen asks for
 * is_team_member, docs/permissions.md), as against a guest, whose role on an event at most lets them bid.
 */
export async function isTeamMemberAddress(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ usr_id: usr.usr_id })
    .from(usr)
    .innerJoin(usr_event_role, and(eq(usr_event_role.usr_id, usr.usr_id), eq(usr_event_role.is_team_member, true)))
    .where(sameEmail(email))
    .limit(1);
  return row !== undefined;
}

/** The user with this email address, created (with nothing but the address) when there is none. */
export async function findOrCreateUserByEmail(db: Database | Transaction, email: string): Promise<number> {
  const [inserted] = await db
    .insert(usr)
    .values({ email_address: email.trim() })
    .onConflictDoNothing()
    .returning({ usr_id: usr.usr_id });
  if (inserted) return inserted.usr_id;
  // Someone else created it a moment ago (or it existed): the unique index on lower(email_address) kept one row.
  const [existing] = await db.select({ usr_id: usr.usr_id }).from(usr).where(sameEmail(email));
  return existing.usr_id;
}

export async function setPassword(db: Database, usrId: number, passwordHash: string): Promise<void> {
  await db
    .insert(usr_password)
    .values({ usr_id: usrId, password_hash: passwordHash })
    .onConflictDoUpdate({ target: usr_password.usr_id, set: { password_hash: passwordHash, updated_at: new Date() } });
}

/**
 * Fills in the user's names where they are still empty; names someone already has are theirs to change. When a name
 * was filled in, the events where they hold a role are told (their team lists show names).
 */
export async function fillMissingNames(
  tx: Transaction,
  usrId: number,
  names: { firstName?: string; lastName?: string },
) {
  const set: PgUpdateSetSource<typeof usr> = {};
  const empty = [];
  if (names.firstName) {
    set.first_name = sql`coalesce(${usr.first_name}, ${names.firstName})`;
    empty.push(isNull(usr.first_name));
  }
  if (names.lastName) {
    set.last_name = sql`coalesce(${usr.last_name}, ${names.lastName})`;
    empty.push(isNull(usr.last_name));
  }
  if (empty.length === 0) return;
  const filled = await tx
    .update(usr)
    .set(set)
    .where(and(eq(usr.usr_id, usrId), or(...empty)))
    .returning({ usr_id: usr.usr_id });
  if (filled.length > 0) await publishUserChange(tx, usrId);
}
