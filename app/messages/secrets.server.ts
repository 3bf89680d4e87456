/**
 * The messaging secrets an organiser enters (an SMTP URL with its password, a Twilio auth token), encrypted at rest
 * with AES-256-GCM under MESSAGES_SECRET_KEY from the environment. A stored value is "v1:" + base64 of
 * iv (12 bytes) · tag (16 bytes) · ciphertext; the event id is bound in as associated data, so a value copied onto
 * another event's row does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { config } from "~/config.server";

export function canStoreSecrets(key = config.MESSAGES_SECRET_KEY): boolean {
  return Boolean(key);
}

export function encryptSecret(plain: string, eventId: number, key = config.MESSAGES_SECRET_KEY): string {
  if (!key) throw new Error("MESSAGES_SECRET_KEY is not set: secrets cannot be stored.");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(key, "hex"), iv);
  cipher.setAAD(Buffer.from(`event:${eventId}`));
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64")}`;
}

/** The secret, or null when none is stored or it cannot be read (another key, another event's row). */
export function decryptSecret(stored: string | null, eventId: number, key = config.MESSAGES_SECRET_KEY): string | null {
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
