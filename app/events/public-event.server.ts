/**
 * Public pages of an event: finding the event a visitor asked for, and deciding whether a feature's page shows to
 * them (live features to everyone; features in testing only to people with can_preview_event, under a
 * preview banner).
 */
import { eq, sql } from "drizzle-orm";
import { getSignedInUser } from "~/auth/access.server";
import { preparedQuery } from "~/db/prepared.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { event } from "~drizzle/schema";
import { featureVisibility, type EventFeature, type FeatureFlags } from "./feature-switches";

export type PublicEvent = typeof event.$inferSelect;

// Every public page and every bid reads its event first.
const eventById = preparedQuery("public_event_by_id", (db) =>
  db
    .select()
    .from(event)
    .where(eq(event.event_id, sql.placeholder("id"))),
);
const eventBySlug = preparedQuery("public_event_by_slug", (db) =>
  db
    .select()
    .from(event)
    .where(eq(event.slug, sql.placeholder("slug"))),
);

/**
 * The event of ?id (event subdomains redirect here with it) or ?slug; 404 when there is none, and when it is
 * archived: an event over and put away takes no more registrations, bids or gifts (its team keeps its reports).
 */
export async function findPublicEvent(request: Request): Promise<PublicEvent> {
  const params = new URL(request.url).searchParams;
  const id = readRowId(params.get("id"));
  const slug = params.get("slug")?.trim().toLowerCase();
  const [row] = id !== null ? await eventById(db).execute({ id }) : slug ? await eventBySlug(db).execute({ slug }) : [];
  if (!row) throw new Response("There is no event at this address.", { status: 404 });
  if (row.is_archived) throw new Response("This event is over: its pages are closed.", { status: 404 });
  return row;
}

/** The event of a known id (a short path's, a fundraiser's); 404 when it is gone. */
export async function publicEventById(eventId: number): Promise<PublicEvent> {
  const [row] = await db.select().from(event).where(eq(event.event_id, eventId));
  if (!row) throw new Response("There is no event at this address.", { status: 404 });
  return row;
}

/**
 * Whether this visitor may see the feature's pages of the event: `{ preview: false }` for everyone once it is
 * live, `{ preview: true }` for a previewer while it is in testing; otherwise a 404 (a page that is not open yet
 * must not reveal itself).
 */
export async function requireVisibleFeature(
  request: Request,
  row: PublicEvent,
  feature: EventFeature,
): Promise<{ preview: boolean }> {
  const user = await getSignedInUser(request);
  const role = user?.roles.find((r) => r.event_id === row.event_id);
  const visibility = featureVisibility(row as FeatureFlags, feature, role?.can_preview_event === true);
  if (visibility === "hidden") throw new Response("This page is not open yet.", { status: 404 });
  return { preview: visibility === "preview" };
}
