/**
 * Headers every answer carries (server.js sets them before anything else runs): browsers must not guess content
 * types, other sites may not frame Gavel's pages (clickjacking of a bid or a charge), addresses of other sites are
 * not leaked in full, and no page may use the microphone or location; the camera only Gavel's own pages (the door's
 * QR scanner). Scripts are not restricted yet: Remix's inline hydration script needs a per-request nonce first.
 */
export const RESPONSE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  ["Content-Security-Policy", "frame-ancestors 'self'; base-uri 'self'; object-src 'none'"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(self)"],
];
