/**
 * The donor's link to their gift's receipt: ?receipt=<gift>.<HMAC-SHA256 under SESSION_SECRET>. Someone who gave
 * without an account sees their receipt after the payment page; changing the number breaks the signature, so a link
 * never shows another donor's gift.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";

const sign = (eventId: number, donationId: number) =>
  createHmac("sha256", config.SESSION_SECRET).update(`donation:${eventId}:${donationId}`).digest("base64url");

export function receiptToken(eventId: number, donationId: number): string {
  return `${donationId}.${sign(eventId, donationId)}`;
}

export function readReceiptToken(eventId: number, token: string | null): number | null {
  const match = token?.match(/^(\d{1,9})\.([\w-]{43})$/);
  if (!match) return null;
  const donationId = Number(match[1]);
  const expected = Buffer.from(sign(eventId, donationId));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? donationId : null;
}
