/**
 * Spent sign-in records are removed now and then: failed sign-ins once they no longer count, expired one-time links,
 * and emailed sign-in codes past their limits' window.
 */
import { lt } from "drizzle-orm";
import { auth_token, sign_in_code, sign_in_failure } from "~drizzle/schema";
import { SIGN_IN_CODE_LIMITS } from "./sign-in-code.server";
import { SIGN_IN_LIMITS } from "./sign-in-limits.server";
import type { Database } from "~/db/connection.server";

export const SIGN_IN_RECORDS_CLEANUP_MS = 60 * 60 * 1000;

export async function deleteExpiredSignInRecords(db: Database, now = new Date()) {
  await db
    .delete(sign_in_failure)
    .where(lt(sign_in_failure.created_at, new Date(now.getTime() - SIGN_IN_LIMITS.windowMs)));
  await db.delete(auth_token).where(lt(auth_token.expires_at, now));
  // Codes live 10 minutes and count against the request limits for 15: older ones are spent either way.
  await db
    .delete(sign_in_code)
    .where(lt(sign_in_code.created_at, new Date(now.getTime() - SIGN_IN_CODE_LIMITS.windowMs)));
}

/** The periodic run from startup.server.ts: a failure is logged, and the next run tries again. */
export function removeExpiredSignInRecords(db: Database): void {
  deleteExpiredSignInRecords(db).catch((error: unknown) =>
    console.error("[auth] removing expired sign-in records failed:", error),
  );
}
