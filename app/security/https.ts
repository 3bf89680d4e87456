/**
 * What an answer sent over HTTPS adds (server.js, for requests Express sees as HTTPS: directly, or through the
 * TRUSTED_PROXIES proxies' X-Forwarded-Proto). Whether a cookie is Secure is decided by the request's scheme, not by
 * configuration: behind a TLS proxy every cookie is Secure, and a venue's own server on plain HTTP (a laptop on the
 * room's network) still signs people in.
 */

/** Browsers keep to HTTPS for this site and its event subdomains for 180 days once they have seen it over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = "max-age=15552000; includeSubDomains";

const SECURE_ATTRIBUTE = /;\s*secure\s*(?:;|$)/i;

/** The Set-Cookie values of an answer over HTTPS: each with the Secure attribute, so it never travels in clear. */
export function withSecureAttribute(cookies: string | number | readonly string[]): string[] {
  const values = Array.isArray(cookies) ? cookies : [String(cookies)];
  return values.map((cookie: string) => (SECURE_ATTRIBUTE.test(cookie) ? cookie : `${cookie}; Secure`));
}
