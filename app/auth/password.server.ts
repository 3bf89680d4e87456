/**
 * Password hashing with argon2id (@node-rs/argon2, docs/decisions/006-sign-in.md). The library's defaults are
 * argon2id with 19 MiB of memory, 2 passes and 1 lane: the OWASP recommendation.
 */
import { hash, verify } from "@node-rs/argon2";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash. Without a hash (no such account, or no password) a dummy hash is
 * checked anyway, so the answer takes as long either way and the timing does not tell whether the account exists.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash("a password that nobody has, to spend the same time");
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}
