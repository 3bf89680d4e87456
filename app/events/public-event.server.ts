/**
 * Public pages of an event: finding the event a visitor asked for, and deciding whether a feature's page shows to
 * them (live features to everyone; features in testing only to people with can_preview_event, under a
 * preview banner).
 */
import { redirect } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { getSignedInUser } from "~/auth/access.server";
import { preparedQuery } from "~/db/prepared.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { event } from "~drizzle/schema";
import { eventOfBarePath, withEventId } from "./bare-path-event.server";
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
 * A page typed without either (a GET, not a live stream) goes to its event's address, found as
 * bare-path-event.server.ts says, or shows the events to choose from (answered 300, drawn by the error page).
 * `among` narrows the events a bare path may show (a monitor's address: the events whose monitor is set up at it).
 */
export async function findPublicEvent(
  request: Request,
  among?: () => Promise<readonly number[]>,
): Promise<PublicEvent> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const id = readRowId(params.get("id"));
  const slug = params.get("slug")?.trim().toLowerCase();
  if (id === null && !slug && !params.has("id") && isPageRequest(request)) {
    const user = await getSignedInUser(request);
    const answer = await eventOfBarePath(url, user?.selected_event, among ? await among() : undefined);
    if ("eventId" in answer) throw redirect(withEventId(url, answer.eventId));
    throw Response.json({ choices: answer.choices }, { status: 300, statusText: "Choose an event" });
  }
  const [row] = id !== null ? await eventById(db).execute({ id }) : slug ? await eventBySlug(db).execute({ slug }) : [];
  return openToThePublic(row);
}

/** The event's row, read for a public page; undefined when there is none. */
export async function publicEventRow(id: number): Promise<PublicEvent | undefined> {
  const [row] = await eventById(db).execute({ id });
  return row;
}

/** The event a public page may show: 404 when there is none, and when it is archived. */
export function openToThePublic(row: PublicEvent | undefined): PublicEvent {
  if (!row) throw new Response("There is no event at this address.", { status: 404 });
  if (row.is_archived) throw new Response("This event is over: its pages are closed.", { status: 404 });
  return row;
}

/** A page being opened (not a form's post, not a live stream): one a bare path may send on to its event. */
function isPageRequest(request: Request) {
  return request.method === "GET" && !request.headers.get("Accept")?.includes("text/event-stream");
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
