import { routes } from "@remix-run/dev/server-build";

/**
 * The first segments of the app's own addresses ("dp", "admin", "woa2025monitor", …), from the running build's
 * routes (the same object Remix serves from), so a path staff give an event can never hide a page of the app, now
 * or after a route is added. Dynamic and splat segments name no address and are left out. Read on call, not at
 * import: this module is part of that build, which is still loading at import time.
 */
export function routeFirstSegments(): ReadonlySet<string> {
  const byId = new Map(Object.entries(routes).map(([id, route]) => [id, route]));
  const segments = new Set<string>();
  for (const route of byId.values()) {
    const parts: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? byId.get(at.parentId) : undefined)
      if (at.path) parts.unshift(at.path);
    const first = parts.join("/").split("/").find(Boolean);
    if (first && !first.startsWith(":") && first !== "*") segments.add(first.toLowerCase());
  }
  return segments;
}
