import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  hashToken,
  isTokenUsable,
  isWellFormedToken,
  newToken,
  tokenExpiry,
  TOKEN_LIFETIME_MS,
} from "~/auth/tokens.server";

const HOUR = 3_600_000;

describe("one-time link tokens", () => {
  it("are 43 URL-safe characters, different every time, stored as their SHA-256", () => {
    const first = newToken();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken().token).not.toBe(first.token);
    expect(first.tokenHash).toBe(createHash("sha256").update(first.token).digest("hex"));
    expect(hashToken(first.token)).toBe(first.tokenHash);
  });

  it("recognise their own shape before any database work", () => {
    expect(isWellFormedToken(newToken().token)).toBe(true);
    for (const value of [null, undefined, "", "short", "a".repeat(44), `${"a".repeat(42)}=`, 42]) {
      expect(isWellFormedToken(value)).toBe(false);
    }
  });

  it("last 1 hour for a reset, 24 hours for a sign-up and 7 days for an invitation", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    expect(TOKEN_LIFETIME_MS).toEqual({ password_reset: HOUR, sign_up: 24 * HOUR, team_invitation: 7 * 24 * HOUR });
    expect(tokenExpiry("password_reset", now)).toEqual(new Date("2026-03-01T13:00:00Z"));
    expect(tokenExpiry("team_invitation", now)).toEqual(new Date("2026-03-08T12:00:00Z"));
  });

  it("work until they expire, and only once", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const expires_at = new Date("2026-03-01T13:00:00Z");
    expect(isTokenUsable({ expires_at, used_at: null }, now)).toBe(true);
    expect(isTokenUsable({ expires_at, used_at: null }, expires_at)).toBe(false);
    expect(isTokenUsable({ expires_at, used_at: new Date("2026-03-01T12:30:00Z") }, now)).toBe(false);
  });
});
