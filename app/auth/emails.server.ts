/** The sign-in emails. Each link works once and for the time the message states (tokens.server.ts). */
import { renderEmail } from "~/mail/render-email.server";
import { showCode, SIGN_IN_CODE } from "./sign-in-codes.server";
import { TOKEN_LIFETIME_TEXT } from "./tokens.server";
import type { MailMessage } from "~/mail/mail-message";

export function signUpEmail(to: string, link: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: "Finish signing up for Gavel",
      intro: [
        "Someone, hopefully you, asked to sign up for Gavel with this email address. Choose your password to finish:",
      ],
      action: { label: "Choose your password", url: link },
      outro: [
        `The link works once, for ${TOKEN_LIFETIME_TEXT.sign_up}.`,
        "If you did not ask for this, ignore this message: nothing happens without the link.",
      ],
    }),
  };
}

/** Sent instead of a sign-up link when the address already has a password, so the form itself reveals nothing. */
export function alreadySignedUpEmail(to: string, origin: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: "You already have a Gavel account",
      intro: [
        "Someone, hopefully you, asked to sign up for Gavel with this email address, but you already have an account. Sign in with your password:",
      ],
      action: { label: "Sign in", url: `${origin}/` },
      outro: [
        `Forgotten your password? Choose a new one at ${origin}/auth/forgot-password`,
        "If you did not ask for this, ignore this message.",
      ],
    }),
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: "Reset your Gavel password",
      intro: ["Someone, hopefully you, asked to reset the password of the Gavel account with this email address."],
      action: { label: "Choose a new password", url: link },
      outro: [
        `The link works once, for ${TOKEN_LIFETIME_TEXT.password_reset}.`,
        "If you did not ask for this, ignore this message: your password stays as it is.",
      ],
    }),
  };
}

export function teamInvitationEmail(
  to: string,
  link: string,
  eventTitle: string,
  inviter: string | undefined,
): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `Join the team of ${eventTitle} on Gavel`,
      intro: [
        `${inviter ?? "An organiser"} invited you to the team of ${eventTitle} on Gavel, the app that runs the event.`,
        "Sign in with this email address, or choose a password, to join:",
      ],
      action: { label: "Join the team", url: link },
      outro: [`The link works once, for ${TOKEN_LIFETIME_TEXT.team_invitation}.`],
    }),
  };
}

/**
 * The code of /auth/code (6 digits, or 10 in groups of five for a team member). The same message whether or not the
 * address has an account yet.
 */
export function signInCodeEmail(to: string, code: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: "Your Gavel sign-in code",
      intro: [
        `Your sign-in code is ${showCode(code)}`,
        "Enter it on the page where you asked for it to sign in to Gavel.",
      ],
      outro: [
        `The code works once, for ${SIGN_IN_CODE.lifetimeText}.`,
        "If you did not ask for it, ignore this message: nobody can sign in without the code.",
      ],
    }),
  };
}
