/**
 * The origin for links that leave the site (emails, the OAuth callback): the one the request was made to, when its
 * host is APP_HOST or a loopback address; otherwise APP_HOST. A forged Host header therefore cannot make Gavel mail
 * someone a password-reset link that points at another site. (Behind TRUSTED_PROXIES, server.js has already put
 * the visitor's scheme and host from X-Forwarded-Proto and X-Forwarded-Host into the request's URL.)
 */

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function publicOriginOf(requestUrl: string, appHost: string): string {
  const url = new URL(requestUrl);
  return `${url.protocol}//${isOwnHost(url, appHost.toLowerCase()) ? url.host : appHost}`;
}

function isOwnHost(url: URL, appHost: string): boolean {
  if (LOOPBACK_HOSTNAMES.has(url.hostname)) return true;
  // APP_HOST with a port names one exact host and port; without one, the host name on any port.
  return /:\d+$/.test(appHost) ? url.host === appHost : url.hostname === appHost;
}
