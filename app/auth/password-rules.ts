/**
 * What a new password must be. Client-safe (no server imports): the forms show the rule, the server enforces it.
 * Length is what makes a password strong; the upper bound only keeps hashing cheap enough to not be a weapon.
 */
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 200;

export const PASSWORD_HELP = `At least ${MIN_PASSWORD_LENGTH} characters, and not your email address. A few unrelated words make a good one.`;

export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);

/** The message for a password that is the email address itself (ignoring case and spaces around), else undefined. */
export function passwordIsEmailProblem(password: string, email: string): string | undefined {
  return password.trim().toLowerCase() === email.trim().toLowerCase()
    ? "Your password cannot be your email address."
    : undefined;
}
