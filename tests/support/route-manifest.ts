// The app's routes as the Remix compiler sees them (remix.config.js and the flat-route files of app/routes),
// read with the same function the compiler uses, so tests cover exactly the routes of a build.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readConfig } from "@remix-run/dev/dist/config.js";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface AppRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  /** Absolute path of the route module. */
  file: string;
}

export async function appRoutes(): Promise<AppRoute[]> {
  const config = await readConfig(PROJECT_ROOT);
  return Object.values(config.routes).map((route) => ({
    id: route.id,
    parentId: route.parentId,
    path: route.path,
    index: route.index,
    file: path.join(config.appDirectory, route.file),
  }));
}

/**
 * The URL path a route answers, its dynamic segments filled with `param` (e.g. "/events/subdomain/x") and a splat
 * with `splat`.
 */
export function routePath(routes: readonly AppRoute[], id: string, param = "1", splat = "anything"): string {
  const segments: string[] = [];
  for (let route = routes.find((r) => r.id === id); route; route = routes.find((r) => r.id === route!.parentId)) {
    if (route.path) segments.unshift(route.path);
  }
  const joined = segments
    .join("/")
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? param : segment === "*" ? splat : segment));
  return `/${joined.join("/")}`;
}
