/**
 * Phone numbers as texting needs them: E.164 (+ and digits). Guests type numbers every way; a number without a
 * country code is read as North American (the events so far are in the US), which is what an organiser expects of
 * "(617) 555-0100". Client-safe: the bidder page checks a number as it is typed.
 */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}
