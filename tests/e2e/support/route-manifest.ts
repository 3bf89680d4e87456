// The route manifest of the running build, as the app serves it to browsers (window.__remixManifest names its file):
// every route of the app with its parent and its path segment, so a test can say which route an address opens.
import type { Page } from "@playwright/test";

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/** Every route of the build the page was served by, by id (the whole manifest, not the page's lazy subset). */
export async function routeManifest(page: Page): Promise<Record<string, ManifestRoute>> {
  const url = await page.evaluate(
    () => (window as unknown as { __remixManifest: { url: string } }).__remixManifest.url,
  );
  const script = await (await page.request.get(url)).text();
  return (
    JSON.parse(script.slice(script.indexOf("=") + 1).replace(/;\s*$/, "")) as { routes: Record<string, ManifestRoute> }
  ).routes;
}

/** The address a route answers (its ancestors' segments and its own), "/admin/setup/team"; ":name" for a parameter. */
export function addressOf(routes: Record<string, ManifestRoute>, id: string): string {
  const segments: string[] = [];
  for (
    let route: ManifestRoute | undefined = routes[id];
    route;
    route = route.parentId ? routes[route.parentId] : undefined
  )
    if (route.path) segments.unshift(route.path);
  return `/${segments.join("/")}`;
}

/** The ids of the routes an address opens: the route whose address it is, an index route below it, and their ancestors. */
export function routesOpenedBy(routes: Record<string, ManifestRoute>, pathname: string): Set<string> {
  const opened = new Set<string>();
  for (const route of Object.values(routes)) {
    if (addressOf(routes, route.id) !== pathname.replace(/\/$/, "") || (hasChildren(routes, route.id) && !route.index))
      continue;
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
      opened.add(at.id);
  }
  return opened;
}

function hasChildren(routes: Record<string, ManifestRoute>, id: string) {
  return Object.values(routes).some((route) => route.parentId === id);
}
