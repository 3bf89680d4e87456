/** Form fields about a person, shared by the sign-in forms. Client-safe. */
import { z } from "zod";
import { emailAddress } from "~/forms/rules";
import { newPasswordField } from "./password-rules";

/** An email address typed into a form: one message at a time, the most useful first. */
export const emailField = z
  .string({ required_error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .pipe(
    emailAddress(z.string(), {
      tooLong: "An email address has at most 254 characters.",
      notEmail: "Enter an email address such as ada@example.org.",
    }),
  );

/** A first or last name that may be left out (blank or absent becomes undefined). */
export const optionalNameField = z
  .string()
  .trim()
  .max(100, "Keep the name to 100 characters.")
  .optional()
  .transform((name) => name || undefined);

/**
 * The password sign-in form (home page, /auth/sign-in, /teamsignup); it posts to /auth/sign-in. Its id is the
 * <form>'s id in the page, so not "sign-in": the home page's "Sign in" heading is the `#sign-in` anchor, and Conform's
 * field checks submit through a button with `form="…"`, which would name the heading instead of the form.
 */
export const SIGN_IN_FORM = "password-sign-in";
export const signInSchema = z.object({
  email: emailField,
  password: z.string({ required_error: "Enter your password." }).min(1, "Enter your password."),
});

/** /auth/forgot-password: the address to send a link for choosing a new password. */
export const FORGOT_PASSWORD_FORM = "forgot-password";
export const forgotPasswordSchema = z.object({ email: emailField });

/** /auth/sign-up: the address to send a link for choosing a password (and returnTo, where to go after). */
export const SIGN_UP_FORM = "sign-up";
export const signUpSchema = z.object({ email: emailField });

/**
 * A new account's name (optional) and first password: /auth/finish-sign-up (the sign-up link) and an invited person
 * without an account (/teamsignup). The password is checked against the address by the domain.
 */
export const FINISH_SIGN_UP_FORM = "finish-sign-up";
export const newAccountSchema = z.object({
  firstName: optionalNameField,
  lastName: optionalNameField,
  password: newPasswordField,
});

/** /auth/reset-password (the link from forgot-password): the new password. */
export const RESET_PASSWORD_FORM = "reset-password";
export const resetPasswordSchema = z.object({ password: newPasswordField });
