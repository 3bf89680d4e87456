/**
 * What organisers read when this server cannot keep secrets (their Stripe keys, an SMTP password, a Twilio token):
 * whom to ask, in their words. The server's setting behind it (SECRETS_KEY) is named in the README, not on their
 * screens. Client-safe.
 */
export const ASK_FOR_STORED_SECRETS = "ask the person who runs your Gavel server to turn on stored secrets";

/** A refusal to keep `what` ("payment keys", "a mail server's password") on a server without stored secrets. */
export function storedSecretsOff(what: string): string {
  return `Gavel cannot keep ${what} on this server yet: ${ASK_FOR_STORED_SECRETS}.`;
}
