/**
 * Encrypts secrets kept in the database (an event's Stripe secret keys) with AES-256-GCM under
 * BILLING_ENCRYPTION_KEY, so a copy of the database alone does not hold usable keys. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; the tag makes a tampered or wrongly keyed value fail to open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { config } from "~/config.server";

export class MissingEncryptionKeyError extends Error {
  constructor() {
    super("BILLING_ENCRYPTION_KEY is not set: card payments need it to store the payment keys (see the README).");
    this.name = "MissingEncryptionKeyError";
  }
}

/** Whether secrets can be stored at all on this server. */
export const canEncryptSecrets = () => Boolean(config.BILLING_ENCRYPTION_KEY);

function key(): Buffer {
  if (!config.BILLING_ENCRYPTION_KEY) throw new MissingEncryptionKeyError();
  return Buffer.from(config.BILLING_ENCRYPTION_KEY, "hex");
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function openSecret(stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !tag || sealed === undefined) throw new Error("Not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}
