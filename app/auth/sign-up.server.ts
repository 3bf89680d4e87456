/**
 * Signing up with email and password, finished through an emailed link. The form answers the same whatever the
 * address: a new address (or a person who exists without a password, such as a registered guest or an invited
 * team member) gets a link to choose a password; an address with a password gets a note that it has an account.
 * Only the link proves the address, so nobody can take over an existing person by signing up with their email.
 */
import { db } from "~/db.server";
import { queueMail } from "~/mail/mailer.server";
import {
  fillMissingNames,
  findAccountByEmail,
  findOrCreateUserByEmail,
  normaliseEmail,
  setPassword,
} from "./accounts.server";
import { alreadySignedUpEmail, signUpEmail } from "./emails.server";
import { pacedUntil, pacePerBrowser, recordAttempts, type ClientScope, type Pace } from "./pacing.server";
import { passwordIsEmailProblem } from "./password-rules";
import { hashPassword } from "./password.server";
import { safeRedirect } from "./safe-redirect";
import { clearSignInFailures } from "./sign-in-limits.server";
import { findUsableToken, issueToken, linkQuotaUsed, spendToken } from "./token-store.server";

const FINISH_SIGN_UP_PATH = "/auth/finish-sign-up";

const MINUTE = 60_000;

export const SIGN_UP_PACES = {
  /** Sign-ups from one browser, whatever the address: one person does not sign up many addresses. */
  device: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  /** Sign-ups from clients without a device cookie at one network address (scripts dropping cookies). */
  cookielessAddress: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  /** Mails to one address: past these the form answers the same and nothing is sent. */
  mailsToAddress: { free: 3, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE },
} satisfies Record<string, Pace>;

export type SignUpBlock = { scope: ClientScope; retryAt: Date };

/**
 * Mails the link (or the note that the address has an account), unless this browser, or this network's clients
 * without a device cookie, have signed up many addresses just now. Mails to one address are paced too, silently: the
 * answer stays the same, so it tells nobody whether an account exists.
 */
export async function requestSignUp(input: {
  email: string;
  origin: string;
  returnTo?: string;
  /** The key of the browser's device cookie, when it sent one. */
  device: string | undefined;
  ip: string | undefined;
  now?: Date;
}): Promise<{ ok: true } | { ok: false; block: SignUpBlock }> {
  const now = input.now ?? new Date();
  const block = await pacePerBrowser(db, "sign-up", input, SIGN_UP_PACES, now);
  if (block) return { ok: false, block };
  const mailsToAddress = { kind: "sign-up:mail", subject: normaliseEmail(input.email) };
  if (await pacedUntil(db, mailsToAddress, SIGN_UP_PACES.mailsToAddress, now)) return { ok: true };
  await recordAttempts(db, [mailsToAddress], now);
  await mailSignUp(input, now);
  return { ok: true };
}

async function mailSignUp(input: { email: string; origin: string; returnTo?: string }, now: Date) {
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
