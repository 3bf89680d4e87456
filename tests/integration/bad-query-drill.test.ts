// Drill 2 of issue 19 on page loaders (docs/reliability.md): each route of the manifest that exports a loader gets
// GET requests with generated bad query strings from each persona; none may answer 5xx, throw or hang. Short here
// (DRILL_QUERY_RUNS requests per loader, 10 by default); `npm run drill:input` runs more. DRILL_SEED replays a run.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_ROUTE_ACCESS } from "~/auth/route-access";
import { saveBillingSettings } from "~/billing/settings.server";
import { DRILL_SEED, furnishWorld, routeSeed } from "../support/bad-input-drill";
import { queryNamesOfApp } from "../support/bad-queries";
import { drillLoader, type LoaderDrill } from "../support/bad-query-drill";
import { BILLING_DEFAULTS } from "../support/billing";
import { testDatabase } from "../support/database";
import { makePersonaWorld, type PersonaWorld } from "../support/personas";
import { appRoutes } from "../support/route-manifest";
import type { KnownIds } from "../support/bad-submissions";
import type { RouteFunction } from "../support/route-calls";

const RUNS = Number(process.env.DRILL_QUERY_RUNS ?? 10);

// Event A takes cards, through the fake provider: pages that read a payment page's session (?session=,
// ?card_session=) ask it about the generated ones, as they would ask Stripe.
const fakeStripe = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});
afterAll(() => fakeStripe.close());

const routes = await appRoutes();
const drills: LoaderDrill[] = [];
for (const route of routes) {
  const module = (await import(route.file)) as { loader?: RouteFunction };
  if (typeof module.loader !== "function") continue;
  drills.push({ route, loader: module.loader, rule: ADMIN_ROUTE_ACCESS[route.id]?.loader });
}
const queryNames = queryNamesOfApp();

const { db } = testDatabase();

describe(`bad query strings on every loader, ${RUNS} requests each, seed ${DRILL_SEED}`, () => {
  it("finds the routes with loaders, public and admin, and the names the app reads from addresses", () => {
    const ids = drills.map((drill) => drill.route.id);
    expect(ids).toContain("routes/live");
    expect(ids).toContain("routes/raffle");
    expect(ids).toContain("routes/admin._workspace.auction_items.email_page_.guests");
    expect(drills.length).toBeGreaterThan(100);
    expect(queryNames).toEqual(expect.arrayContaining(["lot", "bought", "broadcast", "amount", "item"]));
  });

  // Loaders only read (or make what a first visit needs), so one world serves every route: its people hold every
  // rule's roles.
  let world: PersonaWorld;
  let ids: KnownIds;
  beforeAll(async () => {
    world = await makePersonaWorld(db, ["team", ...drills.flatMap((drill) => (drill.rule ? [drill.rule] : []))]);
    ids = await furnishWorld(db, world);
    const key = `sk_test_${world.eventId}_${Math.random().toString(36).slice(2)}`;
    await saveBillingSettings(
      world.eventId,
      { ...BILLING_DEFAULTS, test_secret_key: key },
      "http://127.0.0.1:9/unused",
    );
  });

  const totals = { routes: 0, sent: 0, answered: 0, refusedBeforeRoutes: 0, findings: 0 };
  afterAll(() => {
    console.info(
      `Bad-query drill: ${totals.routes} routes with loaders, ${totals.sent} requests sent, ${totals.refusedBeforeRoutes} refused before any route (NUL), ${totals.answered} answered 2xx, ${totals.findings} findings`,
    );
  });

  it.each(drills.map((drill) => [drill.route.id, drill] as const))(
    "%s answers no bad query with a 5xx",
    { timeout: 600_000 },
    async (id, drill) => {
      const seed = routeSeed(id);
      const report = await drillLoader(routes, drill, world, ids, queryNames, { runs: RUNS, seed });
      Object.assign(totals, {
        routes: totals.routes + 1,
        sent: totals.sent + report.sent,
        answered: totals.answered + report.answered,
        refusedBeforeRoutes: totals.refusedBeforeRoutes + report.refusedBeforeRoutes,
        findings: totals.findings + report.findings.length,
      });
      expect(report.sent).toBe(RUNS);
      expect(report.findings, `seed ${seed} (DRILL_SEED=${DRILL_SEED})`).toEqual([]);
    },
  );
});
