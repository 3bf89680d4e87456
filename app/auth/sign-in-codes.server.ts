/**
 * Emailed 6-digit sign-in codes, the pure part (app/auth/sign-in-code.server.ts stores and checks them): making a
 * code, the keyed hash that is stored instead of it, and the rules of its life. A million codes is few enough to
 * try them all against a plain hash, so the stored value is an HMAC-SHA256 keyed with the server's secret, over a
 * random salt of the row, the address and the code: a copy of the database alone gives no working code.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

export const SIGN_IN_CODE = {
  digits: 6,
  lifetimeMs: 10 * 60 * 1000,
  lifetimeText: "10 minutes",
  /** Wrong tries a code takes; after that a new code must be requested. */
  maxAttempts: 5,
} as const;

/** A uniformly random code of 6 digits (leading zeros included), as sent in the email. */
export function newSignInCode(): string {
  return String(randomInt(0, 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, "0");
}

export function newSalt(): string {
  return randomBytes(16).toString("base64url");
}

/** What is stored for the code: HMAC-SHA256(secret, salt:email:code), hex. */
export function hashSignInCode(code: string, email: string, salt: string, secret: string): string {
  return createHmac("sha256", secret).update(`${salt}:${email}:${code}`).digest("hex");
}

/** What people type: spaces and dashes dropped ("123 456", "123-456"). Undefined when it is not 6 digits then. */
export function readCode(typed: unknown): string | undefined {
  if (typeof typed !== "string") return undefined;
  const digits = typed.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${SIGN_IN_CODE.digits}}$`).test(digits) ? digits : undefined;
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
