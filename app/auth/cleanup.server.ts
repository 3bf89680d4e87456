/**
 * Spent sign-in records are removed now and then: paced attempts once they no longer count, expired one-time links,
 * expired sign-in codes, ended sessions past the time their cookies would have expired.
 */
import { lt } from "drizzle-orm";
import { auth_token, ended_session, sign_in_code } from "~drizzle/schema";
import { deleteSpentAttempts } from "./pacing.server";
import type { Database } from "~/db/connection.server";

export const SIGN_IN_RECORDS_CLEANUP_MS = 60 * 60 * 1000;

export async function deleteExpiredSignInRecords(db: Database, now = new Date()) {
  await deleteSpentAttempts(db, now);
  await db.delete(auth_token).where(lt(auth_token.expires_at, now));
  await db.delete(sign_in_code).where(lt(sign_in_code.expires_at, now));
  await db.delete(ended_session).where(lt(ended_session.expires_at, now));
}

/** The periodic run from startup.server.ts: a failure is logged, and the next run tries again. */
export function removeExpiredSignInRecords(db: Database): void {
  deleteExpiredSignInRecords(db).catch((error: unknown) =>
    console.error("[auth] removing expired sign-in records failed:", error),
  );
}
