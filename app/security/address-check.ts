/**
 * A NUL character (U+0000, `%00`) in a request's address is refused with 400 before the app sees it (server.js calls
 * this for every request). PostgreSQL refuses NUL in text, so a page that looks up what its address names (an
 * event's slug, a short path, a payment's key) answered 500 for one (drill 2 found three, docs/reliability.md);
 * no address of the app holds one, and a browser never sends one unless a link was made to. Forms are checked the
 * same way where actions read them (forms/posted-form.server.ts). Pure, so that the rule is unit-tested on its own.
 */

export const NUL_IN_ADDRESS_REFUSAL = "This address holds a character no page of Gavel takes (a NUL). Check the link.";

/** True when the address (path and query, as sent) names a NUL character. */
export function hasNulInAddress(url: string): boolean {
  // The request line cannot carry the character itself, only its escape; "%2500" is the text "%00", not a NUL.
  return /%00/i.test(url);
}
