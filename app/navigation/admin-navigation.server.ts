import { routes } from "@remix-run/dev/server-build";
import { eventIdFromQuery } from "~/auth/access.server";
import {
  ericScreens,
  hubScreens,
  menuFilter,
  visibleScreens,
  visibleSections,
  workspaceSections,
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
 * keep it, so moving around the admin area stays on that event (?id sets the current event).
 */
export function adminMenus(request: Request, role: Role) {
  const shown = menuFilter(routeIds(), role);
  const eventId = eventIdFromQuery(request);
  const link = (screen: NavScreen): MenuScreen => ({
    ...screen,
    to: eventId === undefined ? screen.path : `${screen.path}?id=${eventId}`,
  });
  return {
    workspace: (): MenuSection[] =>
      visibleSections(workspaceSections, shown).map((section) => ({ ...section, screens: section.screens.map(link) })),
    hub: (): MenuScreen[] => visibleScreens(hubScreens, shown).map(link),
    eric: (): MenuScreen[] => visibleScreens(ericScreens, shown).map(link),
  };
}
