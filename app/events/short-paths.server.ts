/**
 * An event's short public addresses (`/<path>`, e.g. /woa2025give): the event's giving page or its bidding page
 * without ?id. One path belongs to one event in the whole app. A path that is an app page's first segment (/dp,
 * /admin, /woa2025monitor, …) is refused, and so are the few addresses served outside the routes (./RESERVED).
 * The routes' catch-all ($.tsx) looks the path up; an unknown one stays a 404.
 */
import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { routeFirstSegments } from "~/navigation/route-paths.server";
import { event_path } from "~drizzle/schema";
import type { ShortPathInput, ShortPathShows } from "./short-path-forms";

/**
 * Served before the routes or named by the navigation rules: "404" (where an unknown subdomain is sent), "build"
 * (the compiled assets) and the folders of public/ ("demo", "icons"), which server.js serves before any route.
 */
const RESERVED = new Set(["404", "build", "demo", "icons", "favicon.ico"]);

export interface ShortPath {
  path: string;
  shows: ShortPathShows;
}

export async function listShortPaths(eventId: number): Promise<ShortPath[]> {
  const rows = await db
    .select({ path: event_path.path, shows: event_path.shows })
    .from(event_path)
    .where(eq(event_path.event_id, eventId))
    .orderBy(asc(event_path.path));
  return rows.map((row) => ({ path: row.path, shows: row.shows as ShortPathShows }));
}

/**
 * Gives the event the path. Refuses (on "path") a path an app page has, one another event holds, and one the event
 * already has: entering it again says what it shows instead of silently pointing it elsewhere (remove it first to
 * change that). The primary key settles two events asking for the same path at once (the second is refused).
 */
export async function saveShortPath(eventId: number, input: Omit<ShortPathInput, "intent">): Promise<void> {
  if (RESERVED.has(input.path) || routeFirstSegments().has(input.path))
    throw new Refusal(`/${input.path} is a page of Gavel itself. Choose another path.`, "path");
  const [saved] = await db
    .insert(event_path)
    .values({ path: input.path, event_id: eventId, shows: input.shows })
    .onConflictDoNothing({ target: event_path.path })
    .returning({ path: event_path.path });
  if (saved) return;
  const held = await findShortPath(input.path);
  if (held?.eventId !== eventId)
    throw new Refusal(`Another event already uses /${input.path}. Choose another path.`, "path");
  throw new Refusal(
    `This event already uses /${input.path} for its ${held.shows} page. To point it at another page, remove it above first.`,
    "path",
  );
}

/** Takes the path away from the event; answers whether it had it. */
export async function removeShortPath(eventId: number, path: string): Promise<boolean> {
  const removed = await db
    .delete(event_path)
    .where(and(eq(event_path.event_id, eventId), eq(event_path.path, path)))
    .returning({ path: event_path.path });
  return removed.length > 0;
}

/** The event and page at a short path, or null (the catch-all then answers 404). */
export async function findShortPath(path: string): Promise<{ eventId: number; shows: ShortPathShows } | null> {
  const [row] = await db
    .select({ eventId: event_path.event_id, shows: event_path.shows })
    .from(event_path)
    .where(eq(event_path.path, path.toLowerCase()));
  return row ? { eventId: row.eventId, shows: row.shows as ShortPathShows } : null;
}
