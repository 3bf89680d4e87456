/**
 * Where a sign-in or a form may send people afterwards: only paths on this site.
 *
 * The address is read the way a browser will read it: parsed against this site's origin (dot segments resolved,
 * "%2e" read as ".", "\\" as "/"), then the normalised result is checked, because "/.//evil.example" is a path here
 * but "//evil.example", another site, once the browser has resolved it.
 */
// Browsers drop tabs and line breaks inside an address: "/<tab>/evil.example" is "//evil.example". Such characters
// never belong in a path of ours, typed or percent-encoded. Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const LEAVES_THE_SITE = /[\u0000-\u001f\u007f\\]/;
const SITE = "http://gavel.invalid";

/** The path the browser would land on, or undefined when it would leave the site (or read the path differently). */
function normalisedPath(to: string): string | undefined {
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== SITE) return undefined;
  const path = url.pathname + url.search + url.hash;
  // A path starting with two slashes (or a slash and a backslash) names another host when it is followed.
  if (!path.startsWith("/") || /^\/[/\\]/.test(path)) return undefined;
  return path;
}

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
  const path = normalisedPath(to);
  // Followed once more (a proxy or a later page may decode it again), it must stay the same path.
  if (path === undefined || normalisedPath(decodeURIComponent(path)) === undefined) return fallback;
  return path;
}
