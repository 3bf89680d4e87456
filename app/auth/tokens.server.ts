/**
 * One-time links (auth_token): a random token goes out in the link, only its SHA-256 is stored, so a copy of the
 * database holds no working links. Each purpose has its own lifetime, and a token works once.
 */
import { createHash, randomBytes } from "node:crypto";

export type TokenPurpose = "sign_up" | "password_reset" | "team_invitation";

const HOUR_MS = 60 * 60 * 1000;

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  sign_up: 24 * HOUR_MS,
  password_reset: HOUR_MS,
  team_invitation: 7 * 24 * HOUR_MS,
};

/** How long a link works, in words for the email that carries it. */
export const TOKEN_LIFETIME_TEXT: Record<TokenPurpose, string> = {
  sign_up: "24 hours",
  password_reset: "1 hour",
  team_invitation: "7 days",
};

/** 32 random bytes, base64url: 43 characters, safe in a URL without escaping. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A cheap test before any database work: anything else in a token parameter is not one of ours. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function tokenExpiry(purpose: TokenPurpose, now: Date): Date {
  return new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
}

export function isTokenUsable(token: { expires_at: Date; used_at: Date | null }, now: Date): boolean {
  return token.used_at === null && token.expires_at.getTime() > now.getTime();
}
