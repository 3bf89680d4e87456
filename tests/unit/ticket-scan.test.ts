// A ticket's QR code at the door (issue 36): the token read from an address or bare, and the fingerprint a station
// offline finds the guest by, the same in the browser and on the server, and not the token itself.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ticketFingerprint, tokenInScan } from "~/registration/ticket-scan";

const token = "0123456789abcdef0123456789ABCDEF";

describe("a scanned ticket", () => {
  it("reads the token from the QR code's address or bare, and nothing else", () => {
    expect(tokenInScan(`https://gala.example/admin/registration/checkinout?id=4&token=${token}`)).toBe(
      token.toLowerCase(),
    );
    expect(tokenInScan(` ${token}\n`)).toBe(token.toLowerCase());
    expect(tokenInScan("paddle 12")).toBeNull();
  });

  it("has a fingerprint of 16 hex digits of the token's SHA-256, whatever the token's case", async () => {
    const expected = createHash("sha256").update(token.toLowerCase()).digest("hex").slice(0, 16);
    expect(await ticketFingerprint(token)).toBe(expected);
    expect(await ticketFingerprint(token.toLowerCase())).toBe(expected);
    expect(expected).not.toContain(token.toLowerCase().slice(0, 8));
  });
});
