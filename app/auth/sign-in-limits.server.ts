/**
 * Slowing down password guessing without letting anyone lock the owner out (decision 035). Wrong passwords are paced
 * (pacing.server.ts), never counted for everyone together:
 * - from a browser that has signed in to the account before (its owner's): only that browser's own wrong passwords
 *   for the account count, so strangers elsewhere, on the venue's shared address too, never hold it back;
 * - from any other browser: the account's wrong passwords from such browsers, and this browser's wrong passwords and
 *   codes for any account; a client that sends no device cookie (a script dropping cookies) is counted by its address.
 * The check runs before the password is verified, and counts unknown addresses as accounts, so a refusal says nothing
 * about whether an account exists. The owner held back on a new browser still gets in with a code (sign-in-code.server.ts).
 */
import { normaliseEmail } from "./accounts.server";
import {
  firstWait,
  forgetAttempts,
  forgetAttemptsStartingWith,
  recordAttempts,
  type Pace,
  type PacedSubject,
} from "./pacing.server";
import type { Database } from "~/db/connection.server";

const MINUTE = 60_000;

export const SIGN_IN_PACES = {
  /** Wrong passwords for one account from browsers it has never signed in on. */
  account: { free: 5, firstDelayMs: 1_000, maxDelayMs: 15 * MINUTE },
  /** Wrong passwords for one account from one browser that signed in to it before: the owner's own typing. */
  ownDevice: { free: 5, firstDelayMs: 1_000, maxDelayMs: MINUTE },
  /** Wrong passwords and codes from one browser, whatever the account. */
  device: { free: 10, firstDelayMs: 1_000, maxDelayMs: 15 * MINUTE },
  /** Wrong passwords from clients without a device cookie at one network address. */
  cookielessAddress: { free: 20, firstDelayMs: 1_000, maxDelayMs: 15 * MINUTE },
} satisfies Record<string, Pace>;

/**
 * What a sign-in attempt is counted by: the account's address, the browser's device key, the client's address; `own`
 * says whether the browser signed in to the account before (devices.server.ts, `isOwnDevice`).
 */
export type SignInAttempt = {
  email: string;
  device: string | undefined;
  ip: string | undefined;
  own: boolean;
  now: Date;
};

export type SignInBlock = { scope: "account" | "device" | "address"; retryAt: Date };

const ACCOUNT = "password:account";
const OWN_DEVICE = "password:own-device";
const COOKIELESS = "password:cookieless";
/** Shared with wrong codes: one browser guessing is one browser, whatever it guesses. */
export const DEVICE_GUESSES = "sign-in:device";

/** What a wrong password counts against, for a browser that is or is not the account's own. */
function countedBy(attempt: SignInAttempt) {
  const email = normaliseEmail(attempt.email);
  const { device, ip, own } = attempt;
  if (own) return { ownDevice: { kind: OWN_DEVICE, subject: `${email} ${device}` } };
  return {
    account: { kind: ACCOUNT, subject: email },
    device: device ? { kind: DEVICE_GUESSES, subject: device } : undefined,
    address: !device && ip ? { kind: COOKIELESS, subject: ip } : undefined,
  } satisfies Record<string, PacedSubject | undefined>;
}

/** Whether this attempt must wait, and until when. */
export async function signInBlock(db: Database, attempt: SignInAttempt): Promise<SignInBlock | undefined> {
  const counted = countedBy(attempt);
  if ("ownDevice" in counted) {
    return firstWait(db, [{ scope: "device", counted: counted.ownDevice, pace: SIGN_IN_PACES.ownDevice }], attempt.now);
  }
  return firstWait(
    db,
    [
      { scope: "account", counted: counted.account, pace: SIGN_IN_PACES.account },
      { scope: "device", counted: counted.device, pace: SIGN_IN_PACES.device },
      { scope: "address", counted: counted.address, pace: SIGN_IN_PACES.cookielessAddress },
    ],
    attempt.now,
  );
}

/** Counts a wrong password against what the attempt is counted by. */
export async function recordSignInFailure(db: Database, attempt: SignInAttempt) {
  await recordAttempts(db, Object.values(countedBy(attempt)), attempt.now);
}

/** A successful sign-in (or a new password) wipes the account's slate, on every browser; not a browser's own. */
export async function clearSignInFailures(db: Database, email: string) {
  const key = normaliseEmail(email);
  await forgetAttempts(db, [ACCOUNT], key);
  await forgetAttemptsStartingWith(db, OWN_DEVICE, `${key} `);
}
