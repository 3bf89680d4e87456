/** Signing in with email and password, behind the failed-attempt limits of sign-in-limits.server.ts. */
import { db } from "~/db.server";
import { findAccountByEmail } from "./accounts.server";
import { verifyPassword } from "./password.server";
import { clearSignInFailures, recordSignInFailure, signInBlock, type SignInBlock } from "./sign-in-limits.server";

export type PasswordSignInResult =
  | { ok: true; usrId: number }
  | { ok: false; reason: "wrong-credentials" }
  | { ok: false; reason: "blocked"; block: SignInBlock };

export async function signInWithPassword(input: {
  email: string;
  password: string;
  /** The client's IP address when known (the load context's clientAddress, from server.js). */
  ip: string | undefined;
  now?: Date;
}): Promise<PasswordSignInResult> {
  const now = input.now ?? new Date();
  const block = await signInBlock(db, input.email, input.ip, now);
  if (block) return { ok: false, reason: "blocked", block };

  const account = await findAccountByEmail(db, input.email);
  // Verified even when there is no account or no password (against a dummy hash), so the time taken tells nothing.
  const matches = await verifyPassword(account?.password_hash ?? undefined, input.password);
  if (!account || !matches) {
    await recordSignInFailure(db, input.email, input.ip, now);
    return { ok: false, reason: "wrong-credentials" };
  }
  await clearSignInFailures(db, input.email);
  return { ok: true, usrId: account.usr_id };
}
