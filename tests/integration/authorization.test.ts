// Every route of the app, from the route manifest the Remix compiler builds, against the access table
// (app/auth/route-access.ts): each admin loader and action is called for five people, and must answer each one
// as the table says. A new admin route that is missing from the table, or checks less than it says, fails here.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTE_ACCESS, type AccessRule } from "~/auth/route-access";
import { billing_settings } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie, teamRole, teamRoleWithout } from "../support/people";
import { cookieFor, makePersonaWorld, PERSONAS, type Persona, type PersonaWorld } from "../support/personas";
import { call, makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";
import { appRoutes, routePath, type AppRoute } from "../support/route-manifest";
import type { Permission } from "~/auth/permissions";

const routes = await appRoutes();
const isAdmin = (route: AppRoute) => route.id === "routes/admin" || route.id.startsWith("routes/admin.");
const adminRoutes = routes.filter(isAdmin);
const modules = new Map<string, Record<string, unknown>>(
  await Promise.all(
    routes.map(async (route) => [route.id, (await import(route.file)) as Record<string, unknown>] as const),
  ),
);

describe("the route manifest and the access table", () => {
  it("finds the app's routes, admin ones among them", () => {
    expect(routes.map((route) => route.id)).toContain("root");
    expect(adminRoutes.map((route) => route.id)).toContain("routes/admin._workspace.setup.team");
  });

  it("has an entry for every admin route", () => {
    const missing = adminRoutes.map((route) => route.id).filter((id) => !(id in ADMIN_ROUTE_ACCESS));
    expect(missing, "admin routes missing from app/auth/route-access.ts").toEqual([]);
  });

  it("has no entry for a route that does not exist, nor for a route outside /admin", () => {
    const ids = new Set(routes.map((route) => route.id));
    const stale = Object.keys(ADMIN_ROUTE_ACCESS).filter((id) => !ids.has(id));
    expect(stale, "entries for routes that do not exist").toEqual([]);
    const outside = Object.keys(ADMIN_ROUTE_ACCESS).filter((id) => !isAdmin({ id } as AppRoute));
    expect(outside, "entries for routes outside /admin").toEqual([]);
  });

  it.each(adminRoutes.map((route) => [route.id]))(
    "%s has a loader, and an action exactly when the table gives one a rule",
    (id) => {
      const module = modules.get(id)!;
      expect(typeof module.loader, "every admin route checks access in its loader").toBe("function");
      expect(typeof module.action === "function", "the table's action rule matches the module").toBe(
        ADMIN_ROUTE_ACCESS[id].action !== undefined,
      );
    },
  );
});

const rules = Object.values(ADMIN_ROUTE_ACCESS).flatMap((access) => [access.loader, access.action]);
let world: PersonaWorld;

beforeAll(async () => {
  world = await makePersonaWorld(
    testDatabase().db,
    rules.filter((rule): rule is AccessRule => rule !== undefined),
  );
});

/** What the person must get: "/" for anyone not on the team, 403 for a team member lacking the permission. */
function expected(persona: Persona, rule: AccessRule): "redirect home" | "forbidden" | "allowed" {
  if (persona === "a team member with it") return "allowed";
  if (persona === "a team member without it" && rule !== "team") return "forbidden";
  return "redirect home";
}

function verdict(outcome: Outcome): "redirect home" | "forbidden" | "allowed" {
  if (outcome.status >= 300 && outcome.status < 400 && outcome.location === "/") return "redirect home";
  if (outcome.status === 403) return "forbidden";
  return "allowed";
}

describe.each(adminRoutes.map((route) => [route.id, route] as const))("%s", (id, route) => {
  const access = ADMIN_ROUTE_ACCESS[id];
  const module = modules.get(id)!;
  const params = Object.fromEntries(
    (route.path ?? "")
      .split("/")
      .filter((s) => s.startsWith(":"))
      .map((s) => [s.slice(1), "1"]),
  );
  const kinds = (["loader", "action"] as const).filter((kind) => access?.[kind] !== undefined);

  describe.each(kinds.map((kind) => [kind]))("%s", (kind) => {
    const rule = access[kind]!;
    it.each(PERSONAS.map((persona) => [persona, expected(persona, rule)]))(
      `(needs "${rule}") answers %s: %s`,
      async (persona, outcome) => {
        const url = `${routePath(routes, id)}?id=${world.eventId}`;
        const request = makeRequest(url, {
          cookie: cookieFor(world, persona, rule),
          method: kind === "action" ? "POST" : "GET",
        });
        const result = await call(module[kind] as RouteFunction, request, params);
        expect(verdict(result), `status ${result.status}${result.location ? ` to ${result.location}` : ""}`).toBe(
          outcome,
        );
      },
    );
  });
});

/**
 * Exports (docs/permissions.md: "exports (any CSV or report download) | can_report"): each download, asked for by a
 * team member who may open its screen but lacks can_report, is refused; with can_report too, it comes.
 */
const EXPORTS: Array<[routeId: string, query: string, screen: Permission]> = [
  ["routes/admin._workspace.billing.payments_.csv", "", "can_bill"],
  ["routes/admin._workspace.billing.winnersreport_.download", "format=csv", "can_bill"],
  ["routes/admin._workspace.billing.winnersreport_.download", "format=pdf", "can_bill"],
  ...["revenue", "items", "guests", "tax", "procurement"].flatMap((report) =>
    ["format=csv", "format=xlsx"].map((format): [string, string, Permission] => [
      "routes/admin._workspace.setup.reporting_.download",
      `report=${report}&${format}`,
      "can_report",
    ]),
  ),
  ["routes/admin._workspace.setup.reporting_.download", "report=tax&statement=all", "can_report"],
  ["routes/admin._workspace.setup.reporting_.download", "report=tax&statement=all&year=2026", "can_report"],
  ["routes/admin._workspace.setup.reporting_.download", "report=tax&year=2026&format=csv", "can_report"],
];

describe("exports need can_report", () => {
  const cookies = new Map<string, string>();
  beforeAll(async () => {
    const { db } = testDatabase();
    for (const flags of [
      ["can_bill without can_report", teamRoleWithout("can_report")],
      ["can_bill and can_report", teamRole("can_bill", "can_report")],
      ["only can_report", teamRole("can_report")],
      ["only can_view_stats", teamRole("can_view_stats")],
    ] as const) {
      const user = await makeUser(db);
      await giveRole(db, user.usr_id, world.eventId, flags[1]);
      cookies.set(flags[0], await sessionCookie(user.usr_id));
    }
  });

  it.each(EXPORTS)("%s?%s", async (id, query) => {
    const download = (who: string) =>
      call(
        modules.get(id)!.loader as RouteFunction,
        makeRequest(`${routePath(routes, id)}?id=${world.eventId}&${query}`, { cookie: cookies.get(who) }),
      );
    expect(verdict(await download("can_bill without can_report"))).toBe("forbidden");
    const allowed = await download(id.includes("billing") ? "can_bill and can_report" : "only can_report");
    expect(allowed.status).toBe(200);
    expect(allowed.response?.headers.get("Content-Disposition")).toMatch(/^attachment/);
  });

  it("offers the grids' CSV export only to can_report", async () => {
    const layout = modules.get("routes/admin._workspace")!.loader as RouteFunction;
    const open = async (who: string) =>
      (await call(layout, makeRequest(`/admin/setup?id=${world.eventId}`, { cookie: cookies.get(who) }))).data;
    expect(await open("only can_view_stats")).toMatchObject({ mayExport: false });
    expect(await open("only can_report")).toMatchObject({ mayExport: true });
  });
});

/**
 * Payment keys and fee settings (issue 31): can_bill runs checkout, not the account it pays into. A volunteer with
 * only can_bill sees /admin/setup/billing read-only and cannot change the keys, the mode or the fee; the event's
 * admin (can_configure_event) can.
 */
describe("payment keys need can_configure_event", () => {
  const id = "routes/admin._workspace.setup.billing";
  const settingsForm = {
    mode: "test",
    test_publishable_key: "pk_test_diverted",
    test_secret_key: "",
    live_publishable_key: "",
    live_secret_key: "",
    currency: "USD",
    cover_fee_enabled: "yes",
    fee_percent: "9.9",
    fee_fixed: "5.00",
    receipt_text: "",
    tax_id: "",
    checkout_opens_at: "",
    checkout_closes_at: "",
  };
  const cookies = new Map<string, string>();
  beforeAll(async () => {
    const { db } = testDatabase();
    for (const [who, flags] of [
      ["only can_bill", teamRole("can_bill")],
      ["only can_configure_event", teamRole("can_configure_event")],
    ] as const) {
      const user = await makeUser(db);
      await giveRole(db, user.usr_id, world.eventId, flags);
      cookies.set(who, await sessionCookie(user.usr_id));
    }
  });
  const open = (who: string, form?: Record<string, string>) =>
    call(
      modules.get(id)![form ? "action" : "loader"] as RouteFunction,
      makeRequest(`${routePath(routes, id)}?id=${world.eventId}`, { cookie: cookies.get(who), form }),
    );
  const saved = async () =>
    (
      await testDatabase()
        .db.select({ key: billing_settings.test_publishable_key, fee: billing_settings.fee_basis_points })
        .from(billing_settings)
        .where(eq(billing_settings.event_id, world.eventId))
    )[0];

  it("shows can_bill the settings read-only, and refuses its change of keys, mode or fee", async () => {
    const page = await open("only can_bill");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ mayChange: false });
    expect(verdict(await open("only can_bill", settingsForm))).toBe("forbidden");
    expect(await saved()).toBeUndefined();
    expect(ADMIN_ROUTE_ACCESS[id].action).toBe("can_configure_event");
  });

  it("lets can_configure_event change them", async () => {
    expect(await open("only can_configure_event")).toMatchObject({ status: 200, data: { mayChange: true } });
    expect((await open("only can_configure_event", settingsForm)).status).toBe(302);
    expect(await saved()).toEqual({ key: "pk_test_diverted", fee: 990 });
  });
});
