// The one box for organisers' secrets: what is sealed opens with the same key for the same event only, and a
// server without the key says it cannot store secrets.
import { describe, expect, it } from "vitest";
import { canStoreSecrets, openSecret, sealSecret } from "~/security/secret-box.server";

const KEY = "0123456789abcdef".repeat(4);
const OTHER_KEY = "fedcba9876543210".repeat(4);

describe("the secret box", () => {
  it("opens what it sealed, for the same event and key only", () => {
    const sealed = sealSecret("sk_test_very_secret", 12, KEY);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("very_secret");
    expect(openSecret(sealed, 12, KEY)).toBe("sk_test_very_secret");
    expect(openSecret(sealed, 13, KEY)).toBeNull();
    expect(openSecret(sealed, 12, OTHER_KEY)).toBeNull();
    expect(openSecret(`${sealed.slice(0, -4)}AAAA`, 12, KEY)).toBeNull();
    expect(openSecret(null, 12, KEY)).toBeNull();
  });

  it("seals the same secret differently each time", () => {
    expect(sealSecret("token", 1, KEY)).not.toBe(sealSecret("token", 1, KEY));
  });

  it("cannot store secrets without a key", () => {
    // No key given (""): `undefined` would stand for the configured key, which the embedded default now generates.
    expect(canStoreSecrets("")).toBe(false);
    expect(canStoreSecrets(KEY)).toBe(true);
    expect(() => sealSecret("token", 1, "")).toThrow(/SECRETS_KEY is not set/);
  });
});
