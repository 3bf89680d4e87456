/**
 * Links a buyer and their guests keep: the order's confirmation page (signed, so a payment id alone opens nothing)
 * and each guest's personal link (their claim token). Both go out by email, so they are absolute addresses.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";
import { paths } from "~/http/paths";

function orderSignature(paymentId: number): string {
  return createHmac("sha256", config.SESSION_SECRET)
    .update(`register-order:${paymentId}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The ?order= value of a confirmation page. */
export function orderParam(paymentId: number): string {
  return `${paymentId}-${orderSignature(paymentId)}`;
}

/** The payment id an ?order= value stands for, or null when it was not made by orderParam. */
export function paymentOfOrderParam(value: string | null): number | null {
  const match = /^(\d{1,10})-([\w-]{22})$/.exec(value ?? "");
  if (!match) return null;
  const paymentId = Number(match[1]);
  const expected = Buffer.from(orderSignature(paymentId));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? paymentId : null;
}

export function confirmationUrl(origin: string, eventId: number, paymentId: number): string {
  return `${origin}${paths.register(eventId, { order: orderParam(paymentId) })}`;
}

export function guestLinkUrl(origin: string, eventId: number, claimToken: string): string {
  return `${origin}${paths.register(eventId, { guest: claimToken })}`;
}

/** What a guest's QR code holds: the door's check-in page with their token, so any camera app can open it there. */
export function checkInUrl(origin: string, eventId: number, checkinToken: string): string {
  return `${origin}${paths.registrationCheckinout(eventId, { token: checkinToken })}`;
}
