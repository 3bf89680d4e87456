/**
 * The event's shared public-page components (drizzle/schema/settings.ts, publicComponentsDefinition), kept in
 * event.meta.publicComponents: reading them for the public pages and the setup screen, and saving them. Every
 * query names the event.
 */
import { eq, sql } from "drizzle-orm";
import { shownSponsors } from "~/catalogue/sponsors.server";
import { db } from "~/db.server";
import { publishEventChange } from "~/realtime/data-area-changes.server";
import {
  event,
  publicComponentsSchema,
  resolvePublicComponents,
  type PublicComponentsMeta,
  type ResolvedPublicComponents,
} from "~drizzle/schema";
import { publicChrome, type PublicChrome } from "./public-chrome";

const META_KEY = "publicComponents";

/** The components as the pages draw them: each setting saved, or its default. */
export function componentsOf(row: { meta: Record<string, unknown> }): ResolvedPublicComponents {
  return resolvePublicComponents(row.meta[META_KEY]);
}

export async function loadPublicComponents(eventId: number): Promise<ResolvedPublicComponents> {
  const [row] = await db.select({ meta: event.meta }).from(event).where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event does not exist.", { status: 404 });
  return componentsOf(row);
}

/** What a public page of the event draws around its own content; the sponsors are read only when the strip shows. */
export async function loadPublicChrome(row: {
  event_id: number;
  title: string;
  logo: string | null;
  meta: Record<string, unknown>;
}): Promise<PublicChrome> {
  const components = componentsOf(row);
  const sponsors = components.sponsorStrip.isVisible ? await shownSponsors(row.event_id) : [];
  return publicChrome(components, row, sponsors);
}

/**
 * Replaces the event's components with the tree (checked again against the strict schema: what the form let through
 * must still be a valid tree), then tells the event's open admin pages.
 */
export async function savePublicComponents(eventId: number, tree: PublicComponentsMeta): Promise<void> {
  const checked = publicComponentsSchema.parse(tree);
  await db.transaction(async (tx) => {
    await tx
      .update(event)
      .set({
        meta: sql`jsonb_set(${event.meta}, ${`{${META_KEY}}`}::text[], ${JSON.stringify(checked)}::jsonb)`,
        data_version: sql`${event.data_version} + 1`,
        updated_at: new Date(),
      })
      .where(eq(event.event_id, eventId));
    await publishEventChange(tx, eventId);
  });
}
