/**
 * Headers every answer carries (server.js sets them before anything else runs): browsers must not guess content
 * types, other sites may not frame Gavel's pages (clickjacking of a bid or a charge), addresses of other sites are
 * not leaked in full, and no page may use the microphone or location; the camera only Gavel's own pages (the door's
 * QR scanner). A page (HTML from entry.server.tsx) also limits scripts to Gavel's own files and the inline scripts that
 * carry its nonce, so a script someone manages to slip into a page's content does not run.
 */
const BASE_POLICY = "frame-ancestors 'self'; base-uri 'self'; object-src 'none'";

export const RESPONSE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  ["Content-Security-Policy", BASE_POLICY],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(self)"],
];

/** The Content-Security-Policy of an HTML page whose inline scripts carry the nonce. */
export const documentPolicy = (nonce: string) => `${BASE_POLICY}; script-src 'self' 'nonce-${nonce}'`;
