/**
 * The guest's link to their invoice: /invoice?t=<event>.<invoice>.<signature>, signed with HMAC-SHA256 under
 * SESSION_SECRET. It opens that one invoice without signing in (guests pay from their phones); changing either
 * number breaks the signature, so a link never shows another guest's invoice.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";

const sign = (eventId: number, invoiceId: number) =>
  createHmac("sha256", config.SESSION_SECRET).update(`invoice:${eventId}:${invoiceId}`).digest("base64url");

export function invoiceToken(eventId: number, invoiceId: number): string {
  return `${eventId}.${invoiceId}.${sign(eventId, invoiceId)}`;
}

export function invoicePath(eventId: number, invoiceId: number, extra: Record<string, string> = {}): string {
  return `/invoice?${new URLSearchParams({ t: invoiceToken(eventId, invoiceId), ...extra })}`;
}

/** The event and invoice a token names, or null when it is not one we signed. */
export function readInvoiceToken(token: string | null): { eventId: number; invoiceId: number } | null {
  const match = token?.match(/^(\d{1,9})\.(\d{1,9})\.([\w-]{43})$/);
  if (!match) return null;
  const eventId = Number(match[1]);
  const invoiceId = Number(match[2]);
  const expected = Buffer.from(sign(eventId, invoiceId));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { eventId, invoiceId } : null;
}
