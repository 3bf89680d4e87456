/**
 * Slowing down password guessing: at most 5 failed sign-ins per email address and 20 per client address in any
 * 15 minutes (sign_in_failure). The check runs before the password is verified, and counts unknown addresses the
 * same way as accounts, so a refusal says nothing about whether an account exists.
 */
import { and, desc, eq, gt, lt } from "drizzle-orm";
import { sign_in_failure } from "~drizzle/schema";
import { normaliseEmail } from "./accounts.server";
import type { Database } from "~/db/connection.server";

export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perAddress: 20,
} as const;

export type SignInBlock = { scope: "account" | "address"; retryAt: Date };

/**
 * When the oldest failure that still counts leaves the window, given the most recent failures (newest first):
 * the `limit`-th most recent one decides. Undefined when fewer than `limit` failures are recent.
 */
export function retryTime(
  recentFailures: readonly Date[],
  limit: number,
  windowMs: number,
  now: Date,
): Date | undefined {
  const deciding = recentFailures.filter((at) => at.getTime() > now.getTime() - windowMs)[limit - 1];
  return deciding ? new Date(deciding.getTime() + windowMs) : undefined;
}

/** Whole minutes until `retryAt`, at least 1: what the message tells the person. */
export function minutesUntil(retryAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
}

async function recentFailures(
  db: Database,
  column: typeof sign_in_failure.email | typeof sign_in_failure.ip,
  key: string,
  limit: number,
  now: Date,
) {
  const rows = await db
    .select({ created_at: sign_in_failure.created_at })
    .from(sign_in_failure)
    .where(and(eq(column, key), gt(sign_in_failure.created_at, new Date(now.getTime() - SIGN_IN_LIMITS.windowMs))))
    .orderBy(desc(sign_in_failure.created_at))
    .limit(limit);
  return rows.map((row) => row.created_at);
}

/** Whether a sign-in for this email from this address is refused for now, and until when. */
export async function signInBlock(
  db: Database,
  email: string,
  ip: string | undefined,
  now: Date,
): Promise<SignInBlock | undefined> {
  const { perAccount, perAddress, windowMs } = SIGN_IN_LIMITS;
  const accountRetry = retryTime(
    await recentFailures(db, sign_in_failure.email, normaliseEmail(email), perAccount, now),
    perAccount,
    windowMs,
    now,
  );
  if (accountRetry) return { scope: "account", retryAt: accountRetry };
  if (ip === undefined) return undefined;
  const addressRetry = retryTime(
    await recentFailures(db, sign_in_failure.ip, ip, perAddress, now),
    perAddress,
    windowMs,
    now,
  );
  return addressRetry ? { scope: "address", retryAt: addressRetry } : undefined;
}

/** Records a failed sign-in; failures that no longer count for this email and address are removed on the way. */
export async function recordSignInFailure(db: Database, email: string, ip: string | undefined, now: Date) {
  const key = normaliseEmail(email);
  const windowStart = new Date(now.getTime() - SIGN_IN_LIMITS.windowMs);
  await db
    .delete(sign_in_failure)
    .where(and(eq(sign_in_failure.email, key), lt(sign_in_failure.created_at, windowStart)));
  if (ip !== undefined) {
    await db
      .delete(sign_in_failure)
      .where(and(eq(sign_in_failure.ip, ip), lt(sign_in_failure.created_at, windowStart)));
  }
  // Without a known client address the row is stored with an empty one, which is never counted.
  await db.insert(sign_in_failure).values({ email: key, ip: ip ?? "", created_at: now });
}

/** A successful sign-in (or a new password) wipes the slate for the account. */
export async function clearSignInFailures(db: Database, email: string) {
  await db.delete(sign_in_failure).where(eq(sign_in_failure.email, normaliseEmail(email)));
}
