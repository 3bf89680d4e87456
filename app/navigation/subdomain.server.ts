import { redirect } from "@remix-run/node";
import { config } from "~/config.server";
import { decideHost } from "./subdomain";

/**
 * The subdomain check (./subdomain.ts), run by the root loader before every page: the redirect for a request that
 * came in on another host than the main one, or undefined when the page is served here. The caller hands in how an
 * event is found by its subdomain (app/events/events.server.ts), so navigation stays below the events.
 */
export async function subdomainRedirect(
  request: Request,
  eventIdBySubdomain: (subdomain: string) => Promise<number | undefined>,
): Promise<Response | undefined> {
  const decision = decideHost(new URL(request.url), {
    appHost: config.APP_HOST,
    port: config.PORT,
    special:
      config.SPECIAL_SUBDOMAIN && config.SPECIAL_SUBDOMAIN_PATH
        ? { subdomain: config.SPECIAL_SUBDOMAIN, path: config.SPECIAL_SUBDOMAIN_PATH }
        : undefined,
    // Believed only behind a proxy that sets it (TRUSTED_PROXIES), as everywhere else in Gavel.
    forwardedProto: config.TRUSTED_PROXIES > 0 ? request.headers.get("X-Forwarded-Proto") : null,
  });
  switch (decision.kind) {
    case "serve":
      return undefined;
    case "redirect":
      return redirect(decision.location);
    case "event": {
      const eventId = await eventIdBySubdomain(decision.subdomain);
      return redirect(eventId === undefined ? decision.notFoundLocation : decision.eventLocation(eventId));
    }
  }
}
