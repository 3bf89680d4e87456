/** Where a sign-in or a form may send people afterwards: only paths on this site. */
// Browsers drop tabs and line breaks inside an address and read "\\" as "/": "/<tab>/evil.example" is "//evil.example",
// another site. Such characters never belong in a path of ours, typed or percent-encoded.
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const LEAVES_THE_SITE = /[\u0000-\u001f\u007f\\]/;
const SITE = "http://gavel.invalid";

/** Only paths on this site: a sign-in link must not send people to another site afterwards. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || LEAVES_THE_SITE.test(to)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  if (LEAVES_THE_SITE.test(decoded) || decoded.startsWith("//")) return fallback;
  const url = new URL(to, SITE);
  if (url.origin !== SITE) return fallback;
  return url.pathname + url.search + url.hash;
}
