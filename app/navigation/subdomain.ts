/**
 * The subdomain check that runs before every page, as a pure decision on the request's URL: serve the page here,
 * redirect to a fixed place on the main host, or look an event up by its subdomain (the caller does that, see
 * subdomain.server.ts).
 */
import { paths } from "~/http/paths";

export interface HostRules {
  /** APP_HOST: the main host name, optionally with a port ("gavel.example.org", "localhost:3000"). */
  appHost: string;
  /** PORT: the app's own port, one of the local development ports that pass through. */
  port: number;
  /** SPECIAL_SUBDOMAIN and SPECIAL_SUBDOMAIN_PATH, when configured. */
  special?: { subdomain: string; path: string };
  /** The scheme the visitor used when a proxy in front says so (X-Forwarded-Proto). */
  forwardedProto?: string | null;
}

export type HostDecision =
  | { kind: "serve" }
  | { kind: "redirect"; location: string }
  | {
      kind: "event";
      /** The first host label, to be looked up as event.subdomain. */
      subdomain: string;
      /** Where the event's page is, on the main host, keeping the request's query string. */
      eventLocation: (eventId: number) => string;
      /** The spec's 404 path on the main host, for a subdomain no event uses. */
      notFoundLocation: string;
    };

/** Local development hosts on ports 9000 and 4000 pass through; so does the app's own port. */
const DEVELOPMENT_PORTS = [9000, 4000];
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function decideHost(url: URL, rules: HostRules): HostDecision {
  // URL already lower-cases host names; a trailing dot (a fully qualified name) names the same host.
  const hostname = url.hostname.replace(/\.$/, "");
  const main = splitHost(rules.appHost);
  if (hostname === main.hostname) return { kind: "serve" };

  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (LOOPBACK_HOSTS.has(hostname) && [...DEVELOPMENT_PORTS, rules.port].includes(port)) return { kind: "serve" };

  const protocol = forwardedProtocol(rules.forwardedProto) ?? url.protocol;
  const isSubdomainOfMain = hostname.endsWith(`.${main.hostname}`);
  // A subdomain reached the same server the same way as the main host, so keep the port (e.g. *.localhost:3000);
  // anything else (an IP address, an internal name) says nothing about the port the public uses.
  const mainPort = main.port ?? (isSubdomainOfMain ? url.port : "");
  const mainOrigin = `${protocol}//${main.hostname}${mainPort ? `:${mainPort}` : ""}`;

  // An address or a loopback name has no subdomain to look up: same page on the main host.
  if (LOOPBACK_HOSTS.has(hostname) || isIpAddress(hostname)) {
    return { kind: "redirect", location: `${mainOrigin}${url.pathname}${url.search}` };
  }

  const subdomain = hostname.split(".")[0];
  if (rules.special && subdomain === rules.special.subdomain) {
    return { kind: "redirect", location: `${mainOrigin}${rules.special.path}` };
  }
  // "www." is the main site by habit, never an event.
  if (subdomain === "www") return { kind: "redirect", location: `${mainOrigin}${url.pathname}${url.search}` };

  return {
    kind: "event",
    subdomain,
    eventLocation: (eventId) => {
      const query = new URLSearchParams(url.search);
      query.delete("id");
      const rest = query.toString();
      return `${mainOrigin}${paths.event(eventId)}${rest ? `&${rest}` : ""}`;
    },
    notFoundLocation: `${mainOrigin}/404`,
  };
}

function splitHost(host: string): { hostname: string; port?: string } {
  const [hostname, port] = host.toLowerCase().split(":");
  return { hostname: hostname.replace(/\.$/, ""), port };
}

function isIpAddress(hostname: string) {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith("[");
}

function forwardedProtocol(value: string | null | undefined): string | undefined {
  // A chain of proxies sends "https, http": the first is what the visitor used.
  const first = value?.split(",")[0].trim().toLowerCase();
  return first === "https" || first === "http" ? `${first}:` : undefined;
}
