/**
 * Emailed sign-in codes, the pure part (app/auth/sign-in-code.server.ts stores and checks them): making a code, the
 * keyed hash that is stored instead of it, and the rules of its life. Guests get 6 digits, team members 10
 * (decision 015: an account that can change an event is worth more guessing). A million codes is few enough to try
 * them all against a plain hash, so the stored value is an HMAC-SHA256 keyed with the server's secret, over a
 * random salt of the row, the address and the code: a copy of the database alone gives no working code.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_DIGITS } from "./sign-in-code-fields";

export const SIGN_IN_CODE = {
  /** Digits of a guest's code, and of a team member's (someone on the team of any event). */
  guestDigits: CODE_DIGITS.guest,
  staffDigits: CODE_DIGITS.staff,
  lifetimeMs: 10 * 60 * 1000,
  lifetimeText: "10 minutes",
  /** Wrong tries a code takes; after that a new code must be requested. */
  maxAttempts: 5,
} as const;

/** A uniformly random code of the given number of digits (leading zeros included). */
export function newSignInCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

/** The code as the email shows it: a long one in groups of five, easier to read and type ("12345 67890"). */
export function showCode(code: string): string {
  return code.length > SIGN_IN_CODE.guestDigits ? code.replace(/(\d{5})(?=\d)/g, "$1 ") : code;
}

export function newSalt(): string {
  return randomBytes(16).toString("base64url");
}

/** What is stored for the code: HMAC-SHA256(secret, salt:email:code), hex. */
export function hashSignInCode(code: string, email: string, salt: string, secret: string): string {
  return createHmac("sha256", secret).update(`${salt}:${email}:${code}`).digest("hex");
}

/** Whether `code` is the one stored for this row, compared in constant time. */
export function codeMatches(
  code: string,
  row: { email: string; salt: string; code_hash: string },
  secret: string,
): boolean {
  const expected = Buffer.from(row.code_hash, "hex");
  const actual = Buffer.from(hashSignInCode(code, row.email, row.salt, secret), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export type CodeState = "usable" | "used" | "expired" | "exhausted";

/** Whether a code can still be tried: not used, not expired, fewer than the allowed wrong tries. */
export function codeState(row: { used_at: Date | null; expires_at: Date; attempts: number }, now: Date): CodeState {
  if (row.used_at !== null) return "used";
  if (row.expires_at.getTime() <= now.getTime()) return "expired";
  if (row.attempts >= SIGN_IN_CODE.maxAttempts) return "exhausted";
  return "usable";
}

export function codeExpiry(now: Date): Date {
  return new Date(now.getTime() + SIGN_IN_CODE.lifetimeMs);
}
