// Drill 2 of issue 19, bad input on every action (docs/reliability.md): each route of the manifest that exports an
// action gets generated bad submissions from each persona; none may answer 5xx, and none the action refused may
// write. Short here (DRILL_RUNS submissions per action, 10 by default); `npm run drill:input` runs 1,000 per action.
// DRILL_SEED replays a run: the seed is printed with every failure.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTE_ACCESS } from "~/auth/route-access";
import { client } from "~drizzle/schema";
import {
  DRILL_SEED,
  drillRoute,
  furnishWorld,
  routeSeed,
  TABLES_WRITTEN_ON_REFUSAL,
  type DrillRoute,
} from "../support/bad-input-drill";
import { testDatabase } from "../support/database";
import { makePersonaWorld, type PersonaWorld } from "../support/personas";
import { appRoutes } from "../support/route-manifest";
import { changedTables, longTexts, tableChecksums } from "../support/table-checksums";
import type { KnownIds } from "../support/bad-submissions";
import type { RouteFunction } from "../support/route-calls";

const RUNS = Number(process.env.DRILL_RUNS ?? 10);
const routes = await appRoutes();
const drills: DrillRoute[] = [];
for (const route of routes) {
  const module = (await import(route.file)) as { action?: RouteFunction };
  if (typeof module.action !== "function") continue;
  drills.push({ route, action: module.action, rule: ADMIN_ROUTE_ACCESS[route.id]?.action });
}

const { db } = testDatabase();

describe(`bad input on every action, ${RUNS} submissions each, seed ${DRILL_SEED}`, () => {
  it("finds the routes with actions, public and admin", () => {
    const ids = drills.map((drill) => drill.route.id);
    expect(ids).toContain("routes/inroombid");
    expect(ids).toContain("routes/admin._workspace.setup.team");
    expect(drills.length).toBeGreaterThan(70);
  });

  it("sees a write in the table checksums and a long text stored, and none when nothing was written", async () => {
    const before = await tableChecksums(db, TABLES_WRITTEN_ON_REFUSAL);
    expect(changedTables(before, await tableChecksums(db, TABLES_WRITTEN_ON_REFUSAL))).toEqual([]);
    expect(await longTexts(db)).toEqual([]);
    const [made] = await db
      .insert(client)
      .values({ slug: "checksum-probe", title: "P".repeat(10_000) })
      .returning();
    expect(changedTables(before, await tableChecksums(db, TABLES_WRITTEN_ON_REFUSAL))).toEqual(["client"]);
    // …and sees a text of 10,000 characters stored.
    expect(await longTexts(db)).toEqual(["client.title"]);
    await db.delete(client).where(eq(client.client_id, made.client_id));
  });

  const totals = { routes: 0, sent: 0, accepted: 0, findings: 0 };
  afterAll(() => {
    console.info(
      `Bad-input drill: ${totals.routes} routes with actions, ${totals.sent} submissions sent, ${totals.accepted} accepted, ${totals.findings} findings`,
    );
  });

  // Each route gets events and people of its own: what an accepted submission changes stays with that route.
  describe.each(drills.map((drill) => [drill.route.id, drill] as const))("%s", (id, drill) => {
    let world: PersonaWorld;
    let ids: KnownIds;
    beforeAll(async () => {
      world = await makePersonaWorld(db, [drill.rule ?? "team"]);
      ids = await furnishWorld(db, world);
    });

    it(
      "answers no bad submission with a 5xx, and writes nothing for one it refuses",
      { timeout: 600_000 },
      async () => {
        const seed = routeSeed(id);
        const report = await drillRoute(db, routes, drill, world, ids, { runs: RUNS, seed });
        Object.assign(totals, {
          routes: totals.routes + 1,
          sent: totals.sent + report.sent,
          accepted: totals.accepted + report.accepted,
          findings: totals.findings + report.findings.length,
        });
        expect(report.sent).toBe(RUNS);
        expect(report.findings, `seed ${seed} (DRILL_SEED=${DRILL_SEED})`).toEqual([]);
      },
    );
  });
});
