/**
 * The forms of /auth/code, signing in with a code sent by email (app/auth/sign-in-code.server.ts). Client-safe: the
 * page checks them with the schemas the action parses with.
 */
import { z } from "zod";
import { emailField, optionalNameField } from "./person-fields";

/** Digits of a guest's code, and of a team member's (decision 015: an account that can change an event gets 10). */
export const CODE_DIGITS = { guest: 6, staff: 10 } as const;

/**
 * What people type: spaces and dashes dropped ("123 456", "12345-67890"). Undefined when it is then neither a
 * guest's nor a team member's length; which one the address was sent is for its stored hash to say.
 */
export function readCode(typed: unknown): string | undefined {
  if (typeof typed !== "string") return undefined;
  const digits = typed.replace(/[\s-]/g, "");
  return /^\d+$/.test(digits) && (digits.length === CODE_DIGITS.guest || digits.length === CODE_DIGITS.staff)
    ? digits
    : undefined;
}

const CODE_MESSAGE = `Enter the code from the email: its ${CODE_DIGITS.guest} or ${CODE_DIGITS.staff} digits.`;

/** The code as typed, read to its digits (readCode). */
const codeField = z.string({ required_error: CODE_MESSAGE }).transform((typed, context) => {
  const code = readCode(typed);
  if (code === undefined) context.addIssue({ code: z.ZodIssueCode.custom, message: CODE_MESSAGE });
  return code ?? z.NEVER;
});

/** Step one (intent "send"): the address to send a code to. */
export const CODE_EMAIL_FORM = "code-email";
export const codeEmailSchema = z.object({ email: emailField });

/** What the sign-in-by-code page's posts ask for, read by its forms and its action. */
export const CODE_INTENT = { send: "send", verify: "verify", resend: "resend", restart: "restart" } as const;

/** Step two (intent "verify"): the code, and a name if the person likes (it names a new account). */
export const CODE_VERIFY_FORM = "code-verify";
export const codeVerifySchema = z.object({
  code: codeField,
  first_name: optionalNameField,
  last_name: optionalNameField,
});

/** Step two's buttons "Send a new code" (intent "resend") and "Use a different email" (intent "restart"): no fields. */
export const CODE_AGAIN_FORM = "code-again";
export const codeAgainSchema = z.object({});
