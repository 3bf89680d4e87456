/**
 * Signing in with a code sent by email (/auth/code), for bidders on phones: 6 digits, or 10 for a team member's
 * address (sign-in-codes.server.ts). Anyone may ask for a code for any address: the same answer and the same mail
 * whether or not an account has it, and the account is created (with nothing but the address, and the names given)
 * when the right code comes back.
 *
 * Limits (decision 035): nothing here is counted for everyone together or per network address for browsers that
 * hold a device cookie, because a ballroom of guests shares one address and anyone could fill such a limit.
 * - A code works once, for 10 minutes, for 5 wrong tries, and only in the browser that asked for it: another
 *   browser's tries or requests never use up the owner's code, so a code in the owner's hands is always accepted.
 * - Codes asked are paced per address and browser, per address from anywhere (which bounds the mail one inbox gets,
 *   and the owner's wait to 2 minutes), per browser whatever the address, and, for clients that send no device
 *   cookie, per network address.
 * - Wrong codes are paced per browser (with its wrong passwords): a browser guessing is slowed, nobody else.
 */
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { secretFor } from "~/config.server";
import { queueMail } from "~/mail/mailer.server";
import { sign_in_code } from "~drizzle/schema";
import { fillMissingNames, findOrCreateUserByEmail, isTeamMemberAddress, normaliseEmail } from "./accounts.server";
import { signInCodeEmail } from "./emails.server";
import { firstWait, recordAttempts, type Pace } from "./pacing.server";
import {
  codeExpiry,
  codeMatches,
  codeState,
  hashSignInCode,
  newSalt,
  newSignInCode,
  SIGN_IN_CODE,
} from "./sign-in-codes.server";
import { clearSignInFailures, DEVICE_GUESSES, SIGN_IN_PACES, type SignInBlock } from "./sign-in-limits.server";
import type { Database } from "~/db/connection.server";

const MINUTE = 60_000;

export const CODE_REQUEST_PACES = {
  /** Codes for one address asked from one browser. */
  emailFromDevice: { free: 3, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  /** Codes for one address from anywhere: at most a 2-minute wait for the owner, whoever else asks. */
  email: { free: 10, firstDelayMs: 15_000, maxDelayMs: 2 * MINUTE },
  /** Codes asked from one browser, whatever the address. */
  device: { free: 10, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
  /** Codes asked by clients without a device cookie at one network address (scripts dropping cookies). */
  cookielessAddress: { free: 5, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE },
} satisfies Record<string, Pace>;

export type CodeRequestBlock = { scope: "email" | "device" | "address"; retryAt: Date };

/** Who asks for a code: the browser's device key (given one when it held none) and whether it sent one. */
export type CodeRequester = { device: string; cookieless: boolean; ip: string | undefined };

/** What a code request is counted by. */
function requestCountedBy(email: string, requester: CodeRequester) {
  return [
    {
      scope: "email",
      counted: { kind: "code:email-device", subject: `${email} ${requester.device}` },
      pace: CODE_REQUEST_PACES.emailFromDevice,
    },
    { scope: "email", counted: { kind: "code:email", subject: email }, pace: CODE_REQUEST_PACES.email },
    { scope: "device", counted: { kind: "code:device", subject: requester.device }, pace: CODE_REQUEST_PACES.device },
    {
      scope: "address",
      counted: requester.cookieless && requester.ip ? { kind: "code:cookieless", subject: requester.ip } : undefined,
      pace: CODE_REQUEST_PACES.cookielessAddress,
    },
  ] as const;
}

export type RequestCodeResult = { ok: true } | { ok: false; block: CodeRequestBlock };

/**
 * Issues a new code for the address, usable in the requesting browser (retiring that browser's older ones), and mails
 * it in the background, unless the limits hold it back. `secret` keys the stored hash; it is the session secret unless a test gives another.
 */
export async function requestSignInCode(
  db: Database,
  input: { email: string; requester: CodeRequester; now?: Date; secret?: string },
): Promise<RequestCodeResult> {
  const now = input.now ?? new Date();
  const email = normaliseEmail(input.email);
  const limits = requestCountedBy(email, input.requester);
  const block = await firstWait(db, limits, now);
  if (block) return { ok: false, block };
  await recordAttempts(
    db,
    limits.map((limit) => limit.counted),
    now,
  );
  const { guestDigits, staffDigits } = SIGN_IN_CODE;
  const code = newSignInCode((await isTeamMemberAddress(db, email)) ? staffDigits : guestDigits);
  const salt = newSalt();
  await db.transaction(async (tx) => {
    await tx
      .update(sign_in_code)
      .set({ used_at: now })
      .where(
        and(
          eq(sign_in_code.email, email),
          eq(sign_in_code.device, input.requester.device),
          isNull(sign_in_code.used_at),
        ),
      );
    await tx.insert(sign_in_code).values({
      email,
      salt,
      code_hash: hashSignInCode(code, email, salt, input.secret ?? secretFor("sign-in-code")),
      device: input.requester.device,
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
 * Checks a typed code (6 or 10 digits, as sign-in-code-fields.ts reads it) against the newest code this browser asked
 * for the address. A wrong one uses up a try and counts against the browser's guesses; the right one is spent in one
 * statement (of two requests racing with it, one wins) and signs in the account of the address, created if there is
 * none (the session it starts makes the browser one of the account's own: session.server.ts).
 */
export async function verifySignInCode(
  db: Database,
  input: {
    email: string;
    code: string;
    names?: { firstName?: string; lastName?: string };
    /** The key of the browser's device cookie: only its own codes count, and its wrong codes are paced. */
    device: string | undefined;
    now?: Date;
    secret?: string;
  },
): Promise<VerifyCodeResult> {
  const now = input.now ?? new Date();
  const secret = input.secret ?? secretFor("sign-in-code");
  const email = normaliseEmail(input.email);
  const { device } = input;
  // A browser without a device cookie asked for no code.
  if (!device) return { ok: false, reason: "no-code" };
  const guesses = { kind: DEVICE_GUESSES, subject: device };
  const block = await firstWait(db, [{ scope: "device" as const, counted: guesses, pace: SIGN_IN_PACES.device }], now);
  if (block) return { ok: false, reason: "blocked", block };

  const [row] = await db
    .select()
    .from(sign_in_code)
    .where(and(eq(sign_in_code.email, email), eq(sign_in_code.device, device)))
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
    await recordAttempts(db, [guesses], now);
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
