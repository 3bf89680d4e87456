/**
 * Resetting a forgotten password through an emailed link (1 hour, once). The form answers the same for every
 * address; only addresses that belong to someone get mail.
 */
import { db } from "~/db.server";
import { queueMail } from "~/mail/mailer.server";
import { findAccountByEmail, setPassword } from "./accounts.server";
import { passwordResetEmail } from "./emails.server";
import { passwordIsEmailProblem } from "./password-rules";
import { hashPassword } from "./password.server";
import { endEverySession } from "./session.server";
import { clearSignInFailures } from "./sign-in-limits.server";
import { findUsableToken, issueToken, linkQuotaUsed, retireTokens, spendToken } from "./token-store.server";

const RESET_PASSWORD_PATH = "/auth/reset-password";

export async function requestPasswordReset(input: { email: string; origin: string; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const account = await findAccountByEmail(db, input.email);
  if (!account || (await linkQuotaUsed(db, account.usr_id, "password_reset", now))) return;
  const token = await issueToken(db, { usrId: account.usr_id, purpose: "password_reset", now });
  const link = new URL(RESET_PASSWORD_PATH, input.origin);
  link.searchParams.set("token", token);
  queueMail(passwordResetEmail(account.email_address, link.toString()));
}

/** The email address a reset link is for, or undefined when the link is unknown, used or expired. */
export async function resetLinkEmail(token: unknown, now = new Date()): Promise<string | undefined> {
  return (await findUsableToken(db, token, "password_reset", now))?.email_address;
}

export type ResetPasswordResult =
  | { ok: true; usrId: number }
  | { ok: false; reason: "invalid-link" }
  | { ok: false; reason: "bad-password"; message: string };

export async function resetPassword(input: {
  token: string;
  password: string;
  now?: Date;
}): Promise<ResetPasswordResult> {
  const now = input.now ?? new Date();
  const link = await findUsableToken(db, input.token, "password_reset", now);
  if (!link) return { ok: false, reason: "invalid-link" };
  const problem = passwordIsEmailProblem(input.password, link.email_address);
  if (problem) return { ok: false, reason: "bad-password", message: problem };

  const passwordHash = await hashPassword(input.password);
  const usrId = await db.transaction(async (tx) => {
    const used = await spendToken(tx, input.token, "password_reset", now);
    if (!used) return undefined;
    await setPassword(tx, used.usr_id, passwordHash);
    // Whoever knew the old password may be signed in somewhere: a new password ends every session (this browser is
    // signed in afresh by the caller).
    await endEverySession(tx, used.usr_id);
    // Other reset links sent before this one must not change the password again.
    await retireTokens(tx, used.usr_id, "password_reset", now);
    await clearSignInFailures(tx, link.email_address);
    return used.usr_id;
  });
  return usrId === undefined ? { ok: false, reason: "invalid-link" } : { ok: true, usrId };
}
