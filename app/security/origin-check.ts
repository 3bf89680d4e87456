/**
 * Cross-site request forgery protection: a state-changing request that a browser sent from another site's page is
 * refused with 403 before the app sees it (server.js calls this for every request, so it covers every action).
 * Browsers put the page's origin in the Origin header of every POST (older ones at least send Sec-Fetch-Site), and
 * a page cannot forge either. Pure, so that the rule is unit-tested on its own.
 */

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What the check needs from a request, whatever the server's request type. */
export interface RequestHeaders {
  method: string;
  /** A request header's value, or undefined when absent (case-insensitive name). */
  header(name: string): string | undefined;
}

/**
 * The hosts (with port) this request was addressed to: the Host header, and X-Forwarded-Host when a proxy rewrote
 * Host. Believing X-Forwarded-Host here is safe: a cross-site page cannot set headers on a form post, and a script
 * that tries is stopped by CORS before the request leaves the browser.
 */
function ownHosts(request: RequestHeaders): string[] {
  return [request.header("Host"), request.header("X-Forwarded-Host")?.split(",")[0]]
    .map((host) => host?.trim().toLowerCase())
    .filter((host): host is string => Boolean(host));
}

/**
 * True when the request changes state and comes from another origin's page. The scheme is not compared: behind a
 * proxy that ends TLS the app sees http while the browser says https, and a page on our own host name is ours.
 * Requests with neither header (command-line tools, server-to-server calls) are not a browser's and pass.
 */
export function isCrossOriginMutation(request: RequestHeaders): boolean {
  if (!STATE_CHANGING_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.header("Origin");
  if (origin === undefined) return request.header("Sec-Fetch-Site") === "cross-site";
  // A page with the no-referrer policy (the invoice's, whose address holds its token) sends "null" with a plain form
  // post: the browser's own Sec-Fetch-Site then says whether the page was ours.
  if (origin === "null") return request.header("Sec-Fetch-Site") !== "same-origin";
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return true; // garbage: not one of our pages
  }
  if (originUrl.protocol !== "http:" && originUrl.protocol !== "https:") return true;
  return !ownHosts(request).includes(originUrl.host);
}

export const CROSS_ORIGIN_REFUSAL = "This form was sent from another website, so it was refused.";
