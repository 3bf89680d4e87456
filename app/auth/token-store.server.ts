/** Storing, finding and using the one-time links of tokens.server.ts. */
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { auth_token, usr } from "~drizzle/schema";
import { hashToken, isWellFormedToken, newToken, tokenExpiry, type TokenPurpose } from "./tokens.server";
import type { Database } from "~/db/connection.server";

export interface IssueTokenInput {
  usrId: number;
  purpose: TokenPurpose;
  eventId?: number;
  invitedBy?: number;
  now: Date;
}

/** Stores a new token for the user and returns it: the only time the token itself exists. */
export async function issueToken(db: Database, input: IssueTokenInput): Promise<string> {
  const { token, tokenHash } = newToken();
  await db.insert(auth_token).values({
    usr_id: input.usrId,
    purpose: input.purpose,
    token_hash: tokenHash,
    event_id: input.eventId ?? null,
    invited_by: input.invitedBy ?? null,
    expires_at: tokenExpiry(input.purpose, input.now),
    created_at: input.now,
  });
  return token;
}

/**
 * Links mailed to one account per hour, by purpose: anyone may ask for a sign-up or reset link for any address, so
 * past this the request is answered as usual and nothing is sent (the owner's inbox is not a target).
 */
export const LINKS_PER_HOUR = 3;

/** Whether the account was mailed LINKS_PER_HOUR links of this purpose in the last hour. */
export async function linkQuotaUsed(db: Database, usrId: number, purpose: TokenPurpose, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(auth_token)
    .where(
      and(
        eq(auth_token.usr_id, usrId),
        eq(auth_token.purpose, purpose),
        gt(auth_token.created_at, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    );
  return (row?.n ?? 0) >= LINKS_PER_HOUR;
}

const usableToken = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(auth_token.token_hash, hashToken(token)),
    eq(auth_token.purpose, purpose),
    isNull(auth_token.used_at),
    gt(auth_token.expires_at, now),
  );

/** The token's row with its user's email, when the token exists for this purpose, is unused and has not expired. */
export async function findUsableToken(db: Database, token: unknown, purpose: TokenPurpose, now: Date) {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .select({
      auth_token_id: auth_token.auth_token_id,
      usr_id: auth_token.usr_id,
      event_id: auth_token.event_id,
      invited_by: auth_token.invited_by,
      email_address: usr.email_address,
    })
    .from(auth_token)
    .innerJoin(usr, eq(usr.usr_id, auth_token.usr_id))
    .where(usableToken(token, purpose, now));
  return row;
}

/**
 * Marks the token used, in one statement, so that of two requests racing with the same link only one gets the row.
 * Returns undefined when the token was not usable (any more).
 */
export async function spendToken(db: Database, token: string, purpose: TokenPurpose, now: Date) {
  const [row] = await db
    .update(auth_token)
    .set({ used_at: now })
    .where(usableToken(token, purpose, now))
    .returning({ usr_id: auth_token.usr_id, event_id: auth_token.event_id });
  return row;
}

/** Retires the user's other unused tokens of a purpose, e.g. older reset links once the password has changed. */
export async function retireTokens(db: Database, usrId: number, purpose: TokenPurpose, now: Date) {
  await db
    .update(auth_token)
    .set({ used_at: now })
    .where(and(eq(auth_token.usr_id, usrId), eq(auth_token.purpose, purpose), isNull(auth_token.used_at)));
}
