/**
 * Signing in with email and password, behind the failed-attempt limits of sign-in-limits.server.ts and, per client
 * address (per browser for the account's own), in the line of password-check-line.server.ts.
 */
import { db } from "~/db.server";
import { findAccountByEmail } from "./accounts.server";
import { isOwnDevice } from "./devices.server";
import { passwordCheckLines } from "./password-check-line.server";
import { verifyPassword } from "./password.server";
import {
  clearSignInFailures,
  recordSignInFailure,
  signInBlock,
  type SignInAttempt,
  type SignInBlock,
} from "./sign-in-limits.server";

export type PasswordSignInResult =
  | { ok: true; usrId: number }
  | { ok: false; reason: "wrong-credentials" }
  | { ok: false; reason: "blocked"; block: SignInBlock };

type PasswordSignIn = {
  email: string;
  password: string;
  /** The client's IP address when known (the load context's clientAddress, from server.js). */
  ip: string | undefined;
  /** The key of the browser's device cookie, when it sent one (devices.server.ts). */
  device: string | undefined;
  now?: Date;
};

const lines = passwordCheckLines();

/** How long a client whose line is full is asked to wait: the line empties within a few seconds. */
const FULL_LINE_RETRY_MS = 60_000;

export async function signInWithPassword(input: PasswordSignIn): Promise<PasswordSignInResult> {
  const now = input.now ?? new Date();
  const own = await isOwnDevice(db, input.email, input.device);
  const attempt = { email: input.email, device: input.device, ip: input.ip, own, now };
  // A browser that signed in to this account before waits in its own line, not behind its network's strangers.
  const line = own ? `device ${input.device}` : input.ip;
  if (line === undefined) return checkPassword(input, attempt);
  const result = await lines.inTurn(line, () => checkPassword(input, attempt));
  return (
    result ?? {
      ok: false,
      reason: "blocked",
      block: { scope: "address", retryAt: new Date(now.getTime() + FULL_LINE_RETRY_MS) },
    }
  );
}

/** The limits are read in the turn, after any wait, so attempts queued behind the last allowed one are refused. */
async function checkPassword(input: PasswordSignIn, attempt: SignInAttempt): Promise<PasswordSignInResult> {
  const block = await signInBlock(db, attempt);
  if (block) return { ok: false, reason: "blocked", block };

  const account = await findAccountByEmail(db, input.email);
  // Verified even when there is no account or no password (against a dummy hash), so the time taken tells nothing.
  const matches = await verifyPassword(account?.password_hash ?? undefined, input.password);
  if (!account || !matches) {
    await recordSignInFailure(db, attempt);
    return { ok: false, reason: "wrong-credentials" };
  }
  await clearSignInFailures(db, input.email);
  return { ok: true, usrId: account.usr_id };
}
