/**
 * Signing up with email and password, finished through an emailed link. The form answers the same whatever the
 * address: a new address (or a person who exists without a password, such as a registered guest or an invited
 * team member) gets a link to choose a password; an address with a password gets a note that it has an account.
 * Only the link proves the address, so nobody can take over an existing person by signing up with their email.
 */
import { db } from "~/db.server";
import { queueMail } from "~/mail/mailer.server";
import { fillMissingNames, findAccountByEmail, findOrCreateUserByEmail, setPassword } from "./accounts.server";
import { alreadySignedUpEmail, signUpEmail } from "./emails.server";
import { passwordIsEmailProblem } from "./password-rules";
import { hashPassword } from "./password.server";
import { safeRedirect } from "./safe-redirect";
import { clearSignInFailures } from "./sign-in-limits.server";
import { findUsableToken, issueToken, linkQuotaUsed, spendToken } from "./token-store.server";

const FINISH_SIGN_UP_PATH = "/auth/finish-sign-up";

export async function requestSignUp(input: {
  email: string;
  origin: string;
  returnTo?: string;
  now?: Date;
}): Promise<void> {
  const now = input.now ?? new Date();
  const account = await findAccountByEmail(db, input.email);
  if (account?.password_hash) {
    queueMail(alreadySignedUpEmail(account.email_address, input.origin));
    return;
  }
  const usrId = account?.usr_id ?? (await findOrCreateUserByEmail(db, input.email));
  if (await linkQuotaUsed(db, usrId, "sign_up", now)) return;
  const token = await issueToken(db, { usrId, purpose: "sign_up", now });
  const link = new URL(FINISH_SIGN_UP_PATH, input.origin);
  link.searchParams.set("token", token);
  const returnTo = safeRedirect(input.returnTo);
  if (returnTo !== "/") link.searchParams.set("returnTo", returnTo);
  queueMail(signUpEmail(account?.email_address ?? input.email.trim(), link.toString()));
}

/** The email address a sign-up link is for, or undefined when the link is unknown, used or expired. */
export async function signUpLinkEmail(token: unknown, now = new Date()): Promise<string | undefined> {
  return (await findUsableToken(db, token, "sign_up", now))?.email_address;
}

export type FinishSignUpResult =
  | { ok: true; usrId: number }
  | { ok: false; reason: "invalid-link" }
  | { ok: false; reason: "bad-password"; message: string };

export async function finishSignUp(input: {
  token: string;
  password: string;
  firstName?: string;
  lastName?: string;
  now?: Date;
}): Promise<FinishSignUpResult> {
  const now = input.now ?? new Date();
  const link = await findUsableToken(db, input.token, "sign_up", now);
  if (!link) return { ok: false, reason: "invalid-link" };
  const problem = passwordIsEmailProblem(input.password, link.email_address);
  if (problem) return { ok: false, reason: "bad-password", message: problem };

  // Hashed before the transaction: it takes a while, and PGlite runs one transaction at a time.
  const passwordHash = await hashPassword(input.password);
  const usrId = await db.transaction(async (tx) => {
    const used = await spendToken(tx, input.token, "sign_up", now);
    if (!used) return undefined;
    await setPassword(tx, used.usr_id, passwordHash);
    await fillMissingNames(tx, used.usr_id, input);
    await clearSignInFailures(tx, link.email_address);
    return used.usr_id;
  });
  return usrId === undefined ? { ok: false, reason: "invalid-link" } : { ok: true, usrId };
}
