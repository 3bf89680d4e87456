/**
 * Which link addresses rich text may hold, shared by the editor (link box, pasted links) and the server's
 * sanitiser so both refuse the same things. Client-safe.
 */

/** Absolute web and mail links only: no javascript:, data: or vbscript:, and no relative addresses. */
export const LINK_PROTOCOLS = ["http:", "https:", "mailto:"] as const;

/** The address as a browser reads it (normalised by the URL parser), or null when rich text may not link to it. */
export function allowedLinkUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    // The URL parser is the browser's own reading: it drops tabs and newlines, so "java\tscript:" is seen as
    // "javascript:" here too, and refused.
    url = new URL(value.trim());
  } catch {
    return null; // relative or malformed
  }
  if (!(LINK_PROTOCOLS as readonly string[]).includes(url.protocol)) return null;
  if (url.protocol !== "mailto:" && !url.hostname) return null;
  return url.href;
}

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/**
 * What a person typed in the editor's link box, as the address to link to: "example.org" becomes
 * "https://example.org/", "name@example.org" becomes "mailto:name@example.org"; null when it cannot be a web or
 * mail link (or the web address has no dot in its host name, which is usually a typing slip).
 */
export function linkUrlFromInput(input: string): string | null {
  const typed = input.trim();
  if (!typed) return null;
  const withScheme = HAS_SCHEME.test(typed) ? typed : EMAIL.test(typed) ? `mailto:${typed}` : `https://${typed}`;
  const href = allowedLinkUrl(withScheme);
  if (!href) return null;
  if (href.startsWith("mailto:")) return href;
  const host = new URL(href).hostname;
  return host.includes(".") || host === "localhost" ? href : null;
}
