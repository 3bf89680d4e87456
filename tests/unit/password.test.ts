import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH, newPasswordField, passwordIsEmailProblem } from "~/auth/password-rules";
import { hashPassword, verifyPassword } from "~/auth/password.server";

describe("password rules", () => {
  it(`asks for at least ${MIN_PASSWORD_LENGTH} characters`, () => {
    expect(newPasswordField.safeParse("123456789").success).toBe(false);
    expect(newPasswordField.safeParse("1234567890").success).toBe(true);
    expect(newPasswordField.safeParse("x".repeat(201)).success).toBe(false);
  });

  it("refuses the email address itself, in any case and with spaces around", () => {
    expect(passwordIsEmailProblem(" Ada@Example.org ", "ada@example.org")).toMatch(/cannot be your email/);
    expect(passwordIsEmailProblem("ada@example.org!", "ada@example.org")).toBeUndefined();
  });
});

describe("password hashing", () => {
  it("stores argon2id hashes that verify only the same password", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(stored, "Correct horse battery staple")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("answers false without a hash (after checking a dummy) and for a malformed hash", async () => {
    expect(await verifyPassword(undefined, "anything at all")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything at all")).toBe(false);
  });
});
