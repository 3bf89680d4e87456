/**
 * Encrypts the secrets organisers give Gavel (an event's Stripe keys and webhook secret, its SMTP address with its
 * password, its Twilio auth token) with AES-256-GCM under SECRETS_KEY from the environment, so a copy of the database
 * alone holds no usable secret. A stored value is "v1:" + base64 of iv (12 bytes) · tag (16 bytes) · ciphertext; the
 * event id is bound in as associated data, so a value copied onto another event's row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { config } from "~/config.server";

/** Whether secrets can be stored at all on this server. */
export function canStoreSecrets(key = config.SECRETS_KEY): boolean {
  return Boolean(key);
}

export function sealSecret(plain: string, eventId: number, key = config.SECRETS_KEY): string {
  if (!key) throw new Error("SECRETS_KEY is not set: secrets cannot be stored (see the README's Configuration).");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(key, "hex"), iv);
  cipher.setAAD(Buffer.from(`event:${eventId}`));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
}

/** The secret, or null when none is stored or it cannot be opened (another key, another event's row, tampering). */
export function openSecret(stored: string | null, eventId: number, key = config.SECRETS_KEY): string | null {
  if (!stored || !key || !stored.startsWith("v1:")) return null;
  const raw = Buffer.from(stored.slice(3), "base64");
  try {
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(key, "hex"), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(`event:${eventId}`));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
