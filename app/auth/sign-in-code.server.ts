/**
 * Signing in with a code sent by email (/auth/code), for bidders on phones: 6 digits, or 10 for a team member's
 * address (sign-in-codes.server.ts). Anyone may ask for a code for any address: the same answer and the same mail
 * whether or not an account has it, and the account is created (with nothing but the address, and the names given)
 * when the right code comes back.
 *
 * Limits:
 * - a code works once, for 10 minutes, and takes at most 5 wrong tries; a new code retires the older ones;
 * - at most 5 codes per address asked from one client address, 20 per address from anywhere, and 300 per client
 *   address in 15 minutes (a whole ballroom shares one venue address, so that limit only stops one machine from
 *   mailing many people);
 * - a wrong code counts as a failed sign-in (sign-in-limits.server.ts), which may stop password sign-in for the
 *   account, never code sign-in: the code goes to the owner's inbox, so it is how they get in whatever strangers
 *   tried (issue 19: anyone could lock anyone out). Guessing codes across many accounts is what is stopped instead:
 *   at most 100 wrong codes per client address, and 5,000 from everyone, in 15 minutes.
 */
import { and, desc, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { secretFor } from "~/config.server";
import { queueMail } from "~/mail/mailer.server";
import { sign_in_code, sign_in_failure } from "~drizzle/schema";
import { fillMissingNames, findOrCreateUserByEmail, isTeamMemberAddress, normaliseEmail } from "./accounts.server";
import { signInCodeEmail } from "./emails.server";
import {
  codeExpiry,
  codeMatches,
  codeState,
  hashSignInCode,
  newSalt,
  newSignInCode,
  SIGN_IN_CODE,
} from "./sign-in-codes.server";
import { clearSignInFailures, recordSignInFailure, retryTime, type SignInBlock } from "./sign-in-limits.server";
import type { Database } from "~/db/connection.server";

export const SIGN_IN_CODE_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Codes for one email address asked from one client address. */
  perEmail: 5,
  /** Codes for one email address from anywhere: a stranger on one network cannot use up the owner's. */
  perEmailAnywhere: 20,
  perAddress: 300,
  /** Wrong codes typed from one client address, and from everyone. */
  wrongPerAddress: 100,
  wrongEverywhere: 5_000,
} as const;

export type CodeRequestBlock = { scope: "email" | "address"; retryAt: Date };

async function recentRequests(db: Database, where: SQL | undefined, limit: number, now: Date) {
  const rows = await db
    .select({ created_at: sign_in_code.created_at })
    .from(sign_in_code)
    .where(and(where, gt(sign_in_code.created_at, new Date(now.getTime() - SIGN_IN_CODE_LIMITS.windowMs))))
    .orderBy(desc(sign_in_code.created_at))
    .limit(limit);
  return rows.map((row) => row.created_at);
}

/** Whether another code for this address, asked from this client address, is refused for now, and until when. */
export async function codeRequestBlock(
  db: Database,
  email: string,
  ip: string | undefined,
  now: Date,
): Promise<CodeRequestBlock | undefined> {
  const { perEmail, perEmailAnywhere, perAddress, windowMs } = SIGN_IN_CODE_LIMITS;
  const key = normaliseEmail(email);
  const fromHere = and(eq(sign_in_code.email, key), eq(sign_in_code.ip, ip ?? ""));
  const emailRetry =
    retryTime(await recentRequests(db, fromHere, perEmail, now), perEmail, windowMs, now) ??
    retryTime(
      await recentRequests(db, eq(sign_in_code.email, key), perEmailAnywhere, now),
      perEmailAnywhere,
      windowMs,
      now,
    );
  if (emailRetry) return { scope: "email", retryAt: emailRetry };
  if (!ip) return undefined;
  const addressRetry = retryTime(
    await recentRequests(db, eq(sign_in_code.ip, ip), perAddress, now),
    perAddress,
    windowMs,
    now,
  );
  return addressRetry ? { scope: "address", retryAt: addressRetry } : undefined;
}

export type RequestCodeResult = { ok: true } | { ok: false; block: CodeRequestBlock };

/**
 * Issues a new code for the address (retiring its older ones) and mails it in the background, unless the limits
 * refuse it. `secret` keys the stored hash; it is the session secret unless a test gives another.
 */
export async function requestSignInCode(
  db: Database,
  input: { email: string; ip?: string; now?: Date; secret?: string },
): Promise<RequestCodeResult> {
  const now = input.now ?? new Date();
  const email = normaliseEmail(input.email);
  const block = await codeRequestBlock(db, email, input.ip, now);
  if (block) return { ok: false, block };
  const { guestDigits, staffDigits } = SIGN_IN_CODE;
  const code = newSignInCode((await isTeamMemberAddress(db, email)) ? staffDigits : guestDigits);
  const salt = newSalt();
  await db.transaction(async (tx) => {
    await tx
      .update(sign_in_code)
      .set({ used_at: now })
      .where(and(eq(sign_in_code.email, email), isNull(sign_in_code.used_at)));
    await tx.insert(sign_in_code).values({
      email,
      salt,
      code_hash: hashSignInCode(code, email, salt, input.secret ?? secretFor("sign-in-code")),
      ip: input.ip ?? "",
      expires_at: codeExpiry(now),
      created_at: now,
    });
  });
  queueMail(signInCodeEmail(input.email.trim(), code));
  return { ok: true };
}

export type VerifyCodeResult =
  | { ok: true; usrId: number }
  | { ok: false; reason: "wrong"; attemptsLeft: number }
  | { ok: false; reason: "exhausted" | "no-code" }
  | { ok: false; reason: "blocked"; block: SignInBlock };

/**
 * Checks a typed code (6 or 10 digits, as sign-in-code-fields.ts reads it) against the newest code of the address. A
 * wrong one uses up a try and counts as a failed sign-in; the right one is spent in one statement (of two requests
 * racing with it, one wins) and signs in the account of the address, created if there is none.
 */
export async function verifySignInCode(
  db: Database,
  input: {
    email: string;
    code: string;
    names?: { firstName?: string; lastName?: string };
    /** The client's address when known: wrong codes are counted by it. */
    ip?: string;
    now?: Date;
    secret?: string;
  },
): Promise<VerifyCodeResult> {
  const now = input.now ?? new Date();
  const secret = input.secret ?? secretFor("sign-in-code");
  const email = normaliseEmail(input.email);
  const block = await codeGuessingBlock(db, input.ip, now);
  if (block) return { ok: false, reason: "blocked", block };

  const [row] = await db
    .select()
    .from(sign_in_code)
    .where(eq(sign_in_code.email, email))
    .orderBy(desc(sign_in_code.created_at), desc(sign_in_code.sign_in_code_id))
    .limit(1);
  const state = row ? codeState(row, now) : "expired";
  if (!row || state === "used" || state === "expired") return { ok: false, reason: "no-code" };
  if (state === "exhausted") return { ok: false, reason: "exhausted" };

  const usable = and(
    eq(sign_in_code.sign_in_code_id, row.sign_in_code_id),
    isNull(sign_in_code.used_at),
    gt(sign_in_code.expires_at, now),
    lt(sign_in_code.attempts, SIGN_IN_CODE.maxAttempts),
  );

  if (!codeMatches(input.code, row, secret)) {
    const [counted] = await db
      .update(sign_in_code)
      .set({ attempts: sql`${sign_in_code.attempts} + 1` })
      .where(usable)
      .returning({ attempts: sign_in_code.attempts });
    await recordSignInFailure(db, email, input.ip, now);
    const attemptsLeft = counted ? SIGN_IN_CODE.maxAttempts - counted.attempts : 0;
    return attemptsLeft > 0 ? { ok: false, reason: "wrong", attemptsLeft } : { ok: false, reason: "exhausted" };
  }

  const usrId = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(sign_in_code)
      .set({ used_at: now })
      .where(usable)
      .returning({ id: sign_in_code.sign_in_code_id });
    if (!spent) return undefined;
    const id = await findOrCreateUserByEmail(tx, input.email);
    await fillMissingNames(tx, id, input.names ?? {});
    await clearSignInFailures(tx, email);
    return id;
  });
  return usrId === undefined ? { ok: false, reason: "no-code" } : { ok: true, usrId };
}

/** Whether wrong codes from this client address, or from everyone, are past their ceiling (see the module comment). */
async function codeGuessingBlock(db: Database, ip: string | undefined, now: Date): Promise<SignInBlock | undefined> {
  const { wrongPerAddress, wrongEverywhere, windowMs } = SIGN_IN_CODE_LIMITS;
  const recent = gt(sign_in_failure.created_at, new Date(now.getTime() - windowMs));
  const failures = async (where: SQL | undefined, limit: number) =>
    (
      await db
        .select({ created_at: sign_in_failure.created_at })
        .from(sign_in_failure)
        .where(and(where, recent))
        .orderBy(desc(sign_in_failure.created_at))
        .limit(limit)
    ).map((row) => row.created_at);
  if (ip) {
    const retryAt = retryTime(
      await failures(eq(sign_in_failure.ip, ip), wrongPerAddress),
      wrongPerAddress,
      windowMs,
      now,
    );
    if (retryAt) return { scope: "address", retryAt };
  }
  const retryAt = retryTime(await failures(undefined, wrongEverywhere), wrongEverywhere, windowMs, now);
  return retryAt ? { scope: "address", retryAt } : undefined;
}
