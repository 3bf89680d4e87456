// Emailed sign-in codes, the pure part (app/auth/sign-in-codes.server.ts; reading a typed one, sign-in-code-fields.ts):
// making, hashing, reading and checking.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readCode } from "~/auth/sign-in-code-fields";
import {
  codeExpiry,
  codeMatches,
  codeState,
  hashSignInCode,
  newSalt,
  newSignInCode,
  showCode,
  SIGN_IN_CODE,
} from "~/auth/sign-in-codes.server";

const SECRET = "a test secret that is long enough";

describe("newSignInCode", () => {
  it("makes 6 digits, leading zeros kept, spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, () => newSignInCode(SIGN_IN_CODE.guestDigits));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // 2,000 draws from a million values: repeats are rare, and both halves of the range show up.
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code < "500000")).toBe(true);
    expect(codes.some((code) => code >= "500000")).toBe(true);
    expect(new Set(codes.map((code) => code[0])).size).toBe(10);
  });

  it("makes a team member's 10 digits the same way, and the email shows them in groups of five", () => {
    const codes = Array.from({ length: 2000 }, () => newSignInCode(SIGN_IN_CODE.staffDigits));
    for (const code of codes) expect(code).toMatch(/^\d{10}$/);
    expect(new Set(codes).size).toBe(2000);
    expect(new Set(codes.map((code) => code[0])).size).toBe(10);
    expect(showCode("0123456789")).toBe("01234 56789");
    expect(showCode("012345")).toBe("012345");
  });
});

describe("hashSignInCode and codeMatches", () => {
  const row = (code: string, email = "ada@example.org", salt = newSalt()) => ({
    email,
    salt,
    code_hash: hashSignInCode(code, email, salt, SECRET),
  });

  it("stores an HMAC keyed with the secret over salt, address and code, never the code", () => {
    const salt = "c2FsdHNhbHQ";
    const hash = hashSignInCode("012345", "ada@example.org", salt, SECRET);
    expect(hash).toBe(createHmac("sha256", SECRET).update(`${salt}:ada@example.org:012345`).digest("hex"));
    expect(hash).not.toContain("012345");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives different hashes for the same code under another salt, address or secret", () => {
    const base = hashSignInCode("123456", "ada@example.org", "salt-a", SECRET);
    expect(hashSignInCode("123456", "ada@example.org", "salt-b", SECRET)).not.toBe(base);
    expect(hashSignInCode("123456", "bob@example.org", "salt-a", SECRET)).not.toBe(base);
    expect(hashSignInCode("123456", "ada@example.org", "salt-a", `${SECRET}!`)).not.toBe(base);
  });

  it("accepts the code it was made from and nothing else", () => {
    const stored = row("042042");
    expect(codeMatches("042042", stored, SECRET)).toBe(true);
    for (const wrong of ["042043", "42042", "0420420", "", "142042"])
      expect(codeMatches(wrong, stored, SECRET)).toBe(false);
    expect(codeMatches("042042", stored, "another secret")).toBe(false);
    expect(codeMatches("042042", { ...stored, email: "eve@example.org" }, SECRET)).toBe(false);
  });

  it("refuses a stored hash of the wrong length without throwing", () => {
    expect(codeMatches("042042", { ...row("042042"), code_hash: "abcd" }, SECRET)).toBe(false);
  });
});

describe("readCode", () => {
  it("takes 6 or 10 digits, with the spaces or dash people type", () => {
    expect(readCode("123456")).toBe("123456");
    expect(readCode("01234 56789")).toBe("0123456789");
    expect(readCode("012-345-6789")).toBe("0123456789");
    expect(readCode(" 123 456 ")).toBe("123456");
    expect(readCode("123-456")).toBe("123456");
    expect(readCode("000000")).toBe("000000");
  });

  it("refuses anything else", () => {
    for (const value of [
      "12345",
      "1234567",
      "123456789",
      "12345678901",
      "12345a",
      "",
      null,
      undefined,
      123456,
      "１２３４５６",
    ])
      expect(readCode(value)).toBeUndefined();
  });
});

describe("codeState", () => {
  const now = new Date("2027-03-14T19:00:00Z");
  const fresh = { used_at: null, expires_at: codeExpiry(now), attempts: 0 };

  it("lasts 10 minutes", () => {
    expect(codeExpiry(now).getTime() - now.getTime()).toBe(10 * 60 * 1000);
    expect(codeState(fresh, new Date(now.getTime() + 9 * 60 * 1000 + 59_999))).toBe("usable");
    expect(codeState(fresh, new Date(now.getTime() + 10 * 60 * 1000))).toBe("expired");
  });

  it("works once", () => {
    expect(codeState({ ...fresh, used_at: now }, now)).toBe("used");
  });

  it("takes 5 wrong tries, then no more", () => {
    expect(SIGN_IN_CODE.maxAttempts).toBe(5);
    expect(codeState({ ...fresh, attempts: 4 }, now)).toBe("usable");
    expect(codeState({ ...fresh, attempts: 5 }, now)).toBe("exhausted");
  });
});
