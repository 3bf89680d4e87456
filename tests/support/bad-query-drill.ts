// Drill 2 on page loaders: every route that has a loader gets GET requests with generated bad query strings
// (tests/support/bad-queries.ts) from each persona (tests/support/personas.ts). None may answer 5xx, throw or hang.
// A loader may write (a first visit makes a paddle, a setting's default row): what it writes is not checked here.
import fc from "fast-check";
import { hasNulInAddress } from "~/security/address-check";
import { send, paramNames, type Finding } from "./bad-input-drill";
import { badQueryArbitrary, describeQuery, toGetRequest, type BadQuery } from "./bad-queries";
import { formVocabulary } from "./form-vocabulary";
import { cookieFor, PERSONAS, type Persona, type PersonaWorld } from "./personas";
import { routePath, type AppRoute } from "./route-manifest";
import type { KnownIds } from "./bad-submissions";
import type { RouteFunction } from "./route-calls";
import type { AccessRule } from "~/auth/route-access";

export interface LoaderDrill {
  route: AppRoute;
  loader: RouteFunction;
  /** Who may open the page: an admin route's rule (app/auth/route-access.ts); undefined for a public route. */
  rule: AccessRule | undefined;
}

export interface LoaderReport {
  sent: number;
  /** Answers 2xx: the query reached the page's own reading, past access checks. */
  answered: number;
  /** Refused by server.js before any route: a NUL in the address. */
  refusedBeforeRoutes: number;
  findings: Finding[];
}

/** Sends `runs` generated bad queries to the route's loader, the personas taking turns. */
export async function drillLoader(
  routes: readonly AppRoute[],
  drill: LoaderDrill,
  world: PersonaWorld,
  ids: KnownIds,
  queryNames: readonly string[],
  { runs, seed }: { runs: number; seed: number },
): Promise<LoaderReport> {
  const segments = paramNames(routes, drill.route.id);
  const arbitrary = badQueryArbitrary(ids, formVocabulary(drill.route.file), queryNames, segments);
  const queries = fc.sample(arbitrary, { numRuns: runs, seed });
  const report: LoaderReport = { sent: 0, answered: 0, refusedBeforeRoutes: 0, findings: [] };
  const find = (persona: Persona, problem: string, query: BadQuery) =>
    report.findings.push({ routeId: drill.route.id, persona, problem, submission: describeQuery(query) });

  for (const [index, query] of queries.entries()) {
    const persona = PERSONAS[index % PERSONAS.length];
    // A lone surrogate cannot be written in an address (encodeURIComponent throws): a browser sends U+FFFD for it.
    const segment = (Object.values(query.params)[0] ?? "1").replace(/[\uD800-\uDFFF]/gu, "\uFFFD");
    const path = routePath(routes, drill.route.id, encodeURIComponent(segment), encodeURIComponent(segment));
    const visitor = new AbortController();
    const request = toGetRequest(query, path, cookieFor(world, persona, drill.rule ?? "team"), visitor.signal);
    report.sent++;
    // server.js refuses such an address before any route runs (security/address-check.ts).
    if (hasNulInAddress(request.url)) {
      report.refusedBeforeRoutes++;
      continue;
    }
    const sent = await send(drill.loader, request, query.params);
    // The visitor goes away, as the server tells a live stream whose client closed it: its subscriptions and timers end.
    visitor.abort();
    if ("problem" in sent) {
      find(persona, sent.problem, query);
      continue;
    }
    if (sent.outcome.status >= 200 && sent.outcome.status < 300) report.answered++;
    await sent.outcome.response?.body?.cancel();
  }
  return report;
}
