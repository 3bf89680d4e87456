/**
 * A ticket's QR code as the door reads it, shared by the server and the station (client-safe). The door's list carries
 * each ticket's fingerprint, not its token (the token checks the guest in): a station offline finds the guest of a
 * scanned code by the fingerprint.
 */

/** The check-in token in what a scanner read: the QR code's address, or the bare token. */
export function tokenInScan(scanned: string): string | null {
  const match = /(?:[?&]token=)?\b([0-9a-f]{32})\b/i.exec(scanned.trim());
  return match ? match[1].toLowerCase() : null;
}

/** The first 16 hex digits of the token's SHA-256: enough to tell an event's tickets apart, useless to check in with. */
export async function ticketFingerprint(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token.toLowerCase()));
  return [...new Uint8Array(digest)]
    .slice(0, 8)
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}
