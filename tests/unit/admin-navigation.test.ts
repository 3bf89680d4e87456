import { describe, expect, it } from "vitest";
import { OWNER_ROLE, PERMISSIONS, type RoleFlags } from "~/auth/permissions";
import { ADMIN_ROUTE_ACCESS } from "~/auth/route-access";
import {
  ericScreens,
  hubScreens,
  isSection,
  menuFilter,
  sideMenuEntries,
  visibleEntries,
  visibleScreens,
  visibleSections,
  workspaceSections,
  type NavSection,
} from "~/navigation/admin-navigation";

const exists = (routeIds: Iterable<string>) => {
  const ids = new Set(routeIds);
  return (routeId: string) => ids.has(routeId);
};

const sections: NavSection[] = [
  {
    label: "Setup",
    path: "/admin/setup",
    screens: [
      { label: "Team", path: "/admin/setup/team", routeId: "routes/admin._workspace.setup.team" },
      { label: "Modules", path: "/admin/setup/modules", routeId: "routes/admin._workspace.setup.modules" },
    ],
  },
  {
    label: "Bids",
    path: "/admin/bids",
    screens: [{ label: "Live bids", path: "/admin/bids/livebids", routeId: "routes/admin._workspace.bids.livebids" }],
  },
];

describe("visibleSections", () => {
  it("keeps only the screens whose route exists, in order, and drops sections left empty", () => {
    const routeIds = new Set(["root", "routes/admin._workspace", "routes/admin._workspace.setup.modules"]);
    expect(visibleSections(sections, exists(routeIds))).toEqual([
      {
        label: "Setup",
        path: "/admin/setup",
        screens: [{ label: "Modules", path: "/admin/setup/modules", routeId: "routes/admin._workspace.setup.modules" }],
      },
    ]);
  });

  it("shows nothing while no screen exists", () => {
    expect(visibleSections(workspaceSections, exists(["root", "routes/admin._workspace"]))).toEqual([]);
  });

  it("shows every section once all screens exist", () => {
    const all = new Set(workspaceSections.flatMap((s) => s.screens.map((screen) => screen.routeId)));
    expect(visibleSections(workspaceSections, exists(all))).toEqual(workspaceSections);
  });
});

describe("visibleScreens", () => {
  it("filters a flat list the same way", () => {
    expect(visibleScreens(hubScreens, exists(["routes/admin._hub.eric"])).map((s) => s.path)).toEqual(["/admin/eric"]);
  });
});

describe("menuFilter: the menus follow the person's role (app/auth/route-access.ts)", () => {
  const none = Object.fromEntries([...PERMISSIONS].map((p) => [p, false])) as Record<
    (typeof PERMISSIONS)[number],
    boolean
  >;
  const volunteer: Partial<RoleFlags> = { ...none, is_team_member: true, can_check_in_out: true, can_register: true };
  const admin: Partial<RoleFlags> = { ...none, is_team_member: true, can_configure_event: true };
  const built = new Set([
    "routes/admin._hub.dashboard",
    "routes/admin._hub.events",
    "routes/admin._hub.eric",
    "routes/admin._workspace.setup.team",
  ]);
  const labels = (role: Partial<RoleFlags> | undefined) => ({
    hub: visibleScreens(hubScreens, menuFilter(built, role)).map((s) => s.label),
    workspace: visibleSections(workspaceSections, menuFilter(built, role)).flatMap((s) =>
      s.screens.map((x) => x.label),
    ),
  });

  it("shows the team screen to whoever may configure the event", () => {
    expect(labels(admin)).toEqual({ hub: ["Dashboard", "Events"], workspace: ["Team"] });
    expect(labels(OWNER_ROLE).workspace).toEqual(["Team"]);
  });

  it("hides it from a team member without can_configure_event, who still has the hub", () => {
    expect(labels(volunteer)).toEqual({ hub: ["Dashboard", "Events"], workspace: [] });
  });

  it("shows the design lab only to designers (can_design)", () => {
    expect(labels({ ...none, is_team_member: true, can_design: true }).hub).toEqual([
      "Dashboard",
      "Events",
      "Design lab",
    ]);
    expect(labels(OWNER_ROLE).hub).toContain("Design lab");
  });

  it("shows nothing to someone who is not on the event's team, whatever the permissions", () => {
    expect(labels({ ...OWNER_ROLE, is_team_member: false })).toEqual({ hub: [], workspace: [] });
    expect(labels(undefined)).toEqual({ hub: [], workspace: [] });
  });

  it("never shows a screen whose route is missing from the access table", () => {
    const unlisted = "routes/admin._workspace.bids.not_in_the_table";
    expect(ADMIN_ROUTE_ACCESS[unlisted]).toBeUndefined();
    expect(menuFilter(new Set([unlisted]), OWNER_ROLE)(unlisted)).toBe(false);
  });
});

describe("the side menu", () => {
  const none = Object.fromEntries([...PERMISSIONS].map((p) => [p, false]));
  const everyRoute = new Set(Object.keys(ADMIN_ROUTE_ACCESS));
  const outline = (role: Partial<RoleFlags>) =>
    visibleEntries(sideMenuEntries, menuFilter(everyRoute, role)).map((entry) =>
      isSection(entry) ? `${entry.label}: ${entry.screens.map((screen) => screen.label).join(", ")}` : entry.label,
    );

  it("holds the dashboard and the events, the sections, then the design lab, for a role with every permission", () => {
    expect(outline(OWNER_ROLE)).toEqual([
      "Dashboard",
      "Events",
      expect.stringMatching(/^Setup: Team, /),
      expect.stringMatching(/^Pages: /),
      expect.stringMatching(/^Auction items: Inventory, /),
      "Donations: Donations, Fundraisers",
      "Registration: Registrants, Passes, Seating, Check-in/out",
      expect.stringMatching(/^Bids: /),
      "Billing: Winners, Winners report, Payments",
      "Messages: Write to guests, Outbox, Thank a donor",
      "Design lab",
    ]);
  });

  it("gives a door volunteer the dashboard, the events and the registration desk only", () => {
    const volunteer = { ...none, is_team_member: true, can_check_in_out: true, can_register: true };
    expect(outline(volunteer)).toEqual([
      "Dashboard",
      "Events",
      "Registration: Registrants, Passes, Seating, Check-in/out",
    ]);
  });

  it("offers writing to guests to whoever may send messages, without the catalogue's thank-you letters", () => {
    expect(outline({ ...none, is_team_member: true, can_send_messages: true })).toContain(
      "Messages: Write to guests, Outbox",
    );
  });
});

describe("the admin map", () => {
  it("lists the spec's admin sections in order", () => {
    expect(workspaceSections.map((s) => [s.label, s.path])).toEqual([
      ["Setup", "/admin/setup"],
      ["Pages", "/admin/pages"],
      ["Auction items", "/admin/auction_items"],
      ["Donations", "/admin/solemen"],
      ["Registration", "/admin/registration"],
      ["Bids", "/admin/bids"],
      ["Billing", "/admin/billing"],
      ["Messages", "/admin/auction_items/email_page"],
    ]);
  });

  it("uses the spec's paths for child screens", () => {
    const paths = workspaceSections.flatMap((s) => s.screens.map((screen) => screen.path));
    expect(paths).toContain("/admin/setup/modules");
    expect(paths).toContain("/admin/auction_items/inventory");
    expect(paths).toContain("/admin/solemen/donations");
    expect(paths).toContain("/admin/registration/checkinout");
    expect(paths).toContain("/admin/billing/winnersreport");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("names, for each screen, the flat-route file that serves its path", () => {
    const screens = [...workspaceSections.flatMap((s) => s.screens), ...hubScreens, ...ericScreens];
    for (const screen of screens) {
      // Flat routes: dots become slashes, pathless layout segments (starting with "_") leave no trace, and a trailing
      // "_" (a screen outside its parent's layout) is not part of the address.
      const served = `/${screen.routeId
        .replace(/^routes\//, "")
        .split(".")
        .filter((segment) => !segment.startsWith("_"))
        .map((segment) => segment.replace(/_$/, ""))
        .join("/")}`;
      expect(served).toBe(screen.path);
    }
  });
});
