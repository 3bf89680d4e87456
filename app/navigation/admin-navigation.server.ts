import { routes } from "@remix-run/dev/server-build";
import { eventIdFromQuery } from "~/auth/access.server";
import { eventAddress } from "~/http/paths";
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
  type MenuEntry,
  type MenuScreen,
  type MenuSection,
  type NavScreen,
} from "./admin-navigation";
import type { Role } from "~/auth/permissions";

/**
 * Route ids of the running build, from the Remix compiler's virtual server-build module (the same `routes`
 * object Remix serves from), so a menu entry appears exactly when its route file is part of the app.
 * The browser's route manifest cannot be used: with lazy route discovery it holds only the routes seen so far.
 * Read on call, not at import: this module is itself part of that build, which is still loading at import time.
 */
function routeIds(): ReadonlySet<string> {
  return new Set(Object.keys(routes));
}

/**
 * The menus for a person's role on the current event. When the request named its event with ?id, the links
 * keep it, so moving around the admin area stays on that event (?id sets the current event); without a request,
 * the links are for the user's selected event.
 */
export function adminMenus(request: Request | null, role: Role) {
  const shown = menuFilter(routeIds(), role);
  const eventId = request ? eventIdFromQuery(request) : undefined;
  const link = (screen: NavScreen): MenuScreen => ({
    ...screen,
    to: eventAddress(screen.path, eventId),
  });
  return {
    workspace: (): MenuSection[] =>
      visibleSections(workspaceSections, shown).map((section) => ({ ...section, screens: section.screens.map(link) })),
    hub: (): MenuScreen[] => visibleScreens(hubScreens, shown).map(link),
    side: (): MenuEntry[] =>
      visibleEntries(sideMenuEntries, shown).map((entry) =>
        isSection(entry) ? { ...entry, screens: entry.screens.map(link) } : link(entry),
      ),
    eric: (): MenuScreen[] => visibleScreens(ericScreens, shown).map(link),
  };
}

/**
 * The screens of a role's work on the night, in the order a person holding several is sent to them: the door, the
 * bid spotters' live bids, the registration desk, the cashiers' payments.
 */
const WORK_SCREENS = [
  "routes/admin._workspace.registration.checkinout",
  "routes/admin._workspace.bids.livebids",
  "routes/admin._workspace.registration.registrants",
  "routes/admin._workspace.billing.payments",
];

/**
 * Where a person lands after choosing an event (now their selected one): the dashboard when their role shows its
 * figures (organisers, who find every screen from it); otherwise the screen of their work (a door volunteer, the
 * door), else the first screen their role opens.
 */
export function workStart(role: Role): string {
  const menus = adminMenus(null, role);
  const hub = menus.hub();
  const dashboard = hub.find((screen) => screen.routeId === "routes/admin._hub.dashboard");
  if (dashboard && role.can_view_stats) return dashboard.to;
  const screens = menus.workspace().flatMap((section) => section.screens);
  const work = WORK_SCREENS.map((id) => screens.find((screen) => screen.routeId === id)).find(Boolean);
  return (work ?? screens[0] ?? dashboard ?? hub[0])?.to ?? "/admin";
}
