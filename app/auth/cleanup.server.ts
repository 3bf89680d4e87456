/** Spent sign-in records are removed now and then: failed sign-ins once they no longer count, expired one-time links. */
import { lt } from "drizzle-orm";
import type { Database } from "~/db/connection.server";
import { auth_token, sign_in_failure } from "~drizzle/schema";
import { SIGN_IN_LIMITS } from "./sign-in-limits.server";

export const SIGN_IN_RECORDS_CLEANUP_MS = 60 * 60 * 1000;

export async function deleteExpiredSignInRecords(db: Database, now = new Date()) {
  await db.delete(sign_in_failure).where(lt(sign_in_failure.created_at, new Date(now.getTime() - SIGN_IN_LIMITS.windowMs)));
  await db.delete(auth_token).where(lt(auth_token.expires_at, now));
}

/** The periodic run from startup.server.ts: a failure is logged, and the next run tries again. */
export function removeExpiredSignInRecords(db: Database): void {
  deleteExpiredSignInRecords(db).catch((error: unknown) => console.error("[auth] removing expired sign-in records failed:", error));
}
