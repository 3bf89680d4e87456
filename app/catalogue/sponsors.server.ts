/**
 * Sponsors (the sponsor table) belong to the organisation and are shared by its events (decision 004); an event
 * shows the ones linked to it (event_sponsor), by level (./sponsor-levels.ts) and,
 * within a level, by the link's display_order. Nothing but those links depends on a sponsor, so deleting one
 * removes it from every event that showed it; marking it inactive keeps it for the record.
 */
import { and, asc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import { db } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { event_sponsor, sponsor } from "~drizzle/schema";
import { SPONSOR_LEVELS } from "./sponsor-levels";
import type { SponsorInput } from "./sponsor-form";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export type SponsorRow = {
  sponsor_id: number;
  title: string;
  level: string | null;
  logo: string | null;
  website: string | null;
  is_active: boolean;
  internal_notes: string | null;
  /** Linked to this event: shown on its pages. */
  shown: boolean;
  /** Its place within its level at this event (lower first); null when not shown here. */
  display_order: number | null;
  /** How many of the organisation's events show it, this one included. */
  event_count: number;
};

/** A level's rank in SQL (0 for the top tier, sponsors without a known level last): what lists order by. */
export function sponsorLevelRankSql(level: AnyPgColumn | SQL): SQL<number> {
  // The ranks are constants of the code, written as literals so the expression is an integer on every driver.
  const cases = SPONSOR_LEVELS.map((name, rank) => sql`when ${name} then ${sql.raw(String(rank))}`);
  return sql<number>`(case ${level} ${sql.join(cases, sql` `)} else ${sql.raw(String(SPONSOR_LEVELS.length))} end)`;
}

export async function listSponsors(eventId: number): Promise<SponsorRow[]> {
  const clientId = await clientOfEvent(eventId);
  const here = db
    .select({ sponsor_id: event_sponsor.sponsor_id, display_order: event_sponsor.display_order })
    .from(event_sponsor)
    .where(eq(event_sponsor.event_id, eventId))
    .as("here");
  return db
    .select({
      sponsor_id: sponsor.sponsor_id,
      title: sponsor.title,
      level: sponsor.level,
      logo: sponsor.logo,
      website: sponsor.website,
      is_active: sponsor.is_active,
      internal_notes: sponsor.internal_notes,
      shown: sql<boolean>`(${here.sponsor_id} is not null)`.mapWith(Boolean),
      display_order: here.display_order,
      // Spelt out with its table: inside a select list Drizzle writes columns unqualified.
      event_count: sql<number>`(select count(*) from event_sponsor where event_sponsor.sponsor_id = sponsor.sponsor_id)::int`,
    })
    .from(sponsor)
    .leftJoin(here, eq(here.sponsor_id, sponsor.sponsor_id))
    .where(eq(sponsor.client_id, clientId))
    .orderBy(
      sponsorLevelRankSql(sponsor.level),
      sql`${here.display_order} asc nulls last`,
      asc(sponsor.title),
      asc(sponsor.sponsor_id),
    );
}

/** The active sponsors an event shows on its pages, by level then their order at the event. */
export async function shownSponsors(eventId: number) {
  const rows = await db
    .select({
      id: sponsor.sponsor_id,
      title: sponsor.title,
      level: sponsor.level,
      logo: sponsor.logo,
      website: sponsor.website,
    })
    .from(event_sponsor)
    .innerJoin(sponsor, eq(sponsor.sponsor_id, event_sponsor.sponsor_id))
    .where(and(eq(event_sponsor.event_id, eventId), eq(sponsor.is_active, true)))
    .orderBy(sponsorLevelRankSql(sponsor.level), asc(event_sponsor.display_order), asc(sponsor.title));
  return rows.map((row) => ({ ...row, website: safeWebsite(row.website) }));
}

/** http(s) links only: a sponsor's website is typed by staff, and a javascript: URL must never become a link. */
export function safeWebsite(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Adds a sponsor to the organisation, shown at this event when `showHere`; its id. */
export async function createSponsor(
  eventId: number,
  input: SponsorInput,
  { showHere }: { showHere: boolean },
): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sponsor)
      .values({ client_id: clientId, ...input })
      .returning({ sponsor_id: sponsor.sponsor_id });
    if (showHere) await linkToEvent(tx, eventId, [row.sponsor_id]);
    return row.sponsor_id;
  });
}

/** Changes a sponsor of the event's organisation; false when there is no such sponsor (any more). */
export async function updateSponsor(
  eventId: number,
  sponsorId: number,
  change: Partial<SponsorInput>,
): Promise<boolean> {
  const clientId = await clientOfEvent(eventId);
  const updated = await db
    .update(sponsor)
    .set(change)
    .where(and(eq(sponsor.sponsor_id, sponsorId), eq(sponsor.client_id, clientId)))
    .returning({ sponsor_id: sponsor.sponsor_id });
  return updated.length === 1;
}

export async function setSponsorsActive(eventId: number, sponsorIds: number[], active: boolean): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  const rows = await db
    .update(sponsor)
    .set({ is_active: active })
    .where(and(eq(sponsor.client_id, clientId), inArray(sponsor.sponsor_id, sponsorIds)))
    .returning({ sponsor_id: sponsor.sponsor_id });
  return rows.length;
}

/**
 * Shows the organisation's sponsors at this event (spec "insert an event sponsor"), after those already shown in
 * their level; the number newly shown. Sponsors already shown, and other organisations' ids, are left alone.
 */
export async function showSponsorsAtEvent(eventId: number, sponsorIds: number[]): Promise<number> {
  return db.transaction(async (tx) => linkToEvent(tx, eventId, await ownSponsors(tx, eventId, sponsorIds)));
}

/** Takes sponsors off this event (the sponsors themselves stay); the number removed. */
export async function removeSponsorsFromEvent(eventId: number, sponsorIds: number[]): Promise<number> {
  const removed = await db
    .delete(event_sponsor)
    .where(and(eq(event_sponsor.event_id, eventId), inArray(event_sponsor.sponsor_id, sponsorIds)))
    .returning({ sponsor_id: event_sponsor.sponsor_id });
  return removed.length;
}

/** Shows one sponsor at this event or takes it off; false when the organisation has no such sponsor (any more). */
export async function setShownAtEvent(eventId: number, sponsorId: number, shown: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await ownSponsors(tx, eventId, [sponsorId])).length === 0) return false;
    if (shown) await linkToEvent(tx, eventId, [sponsorId]);
    else {
      await tx
        .delete(event_sponsor)
        .where(and(eq(event_sponsor.event_id, eventId), eq(event_sponsor.sponsor_id, sponsorId)));
    }
    return true;
  });
}

/** Sets a shown sponsor's place within its level at this event. */
export async function setSponsorOrder(
  eventId: number,
  sponsorId: number,
  displayOrder: number,
): Promise<"saved" | "not shown" | "no such sponsor"> {
  if ((await ownSponsors(db, eventId, [sponsorId])).length === 0) return "no such sponsor";
  const updated = await db
    .update(event_sponsor)
    .set({ display_order: displayOrder })
    .where(and(eq(event_sponsor.event_id, eventId), eq(event_sponsor.sponsor_id, sponsorId)))
    .returning({ sponsor_id: event_sponsor.sponsor_id });
  return updated.length === 1 ? "saved" : "not shown";
}

/**
 * Deletes sponsors of the organisation, and with them their place at every event (the links cascade); the number
 * deleted. Nothing else refers to a sponsor, so nothing refuses.
 */
export async function deleteSponsors(eventId: number, sponsorIds: number[]): Promise<number> {
  const clientId = await clientOfEvent(eventId);
  const deleted = await db
    .delete(sponsor)
    .where(and(eq(sponsor.client_id, clientId), inArray(sponsor.sponsor_id, sponsorIds)))
    .returning({ sponsor_id: sponsor.sponsor_id });
  return deleted.length;
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** The ids among `sponsorIds` that belong to the event's organisation. */
async function ownSponsors(tx: Pick<Tx, "select">, eventId: number, sponsorIds: number[]): Promise<number[]> {
  const clientId = await clientOfEvent(eventId, tx);
  const rows = await tx
    .select({ sponsor_id: sponsor.sponsor_id })
    .from(sponsor)
    .where(and(eq(sponsor.client_id, clientId), inArray(sponsor.sponsor_id, sponsorIds)))
    .orderBy(sponsorLevelRankSql(sponsor.level), asc(sponsor.title));
  return rows.map((row) => row.sponsor_id);
}

async function linkToEvent(tx: Tx, eventId: number, sponsorIds: number[]): Promise<number> {
  if (sponsorIds.length === 0) return 0;
  const [last] = await tx
    .select({ n: max(event_sponsor.display_order) })
    .from(event_sponsor)
    .where(eq(event_sponsor.event_id, eventId));
  const next = (last?.n ?? -1) + 1;
  const added = await tx
    .insert(event_sponsor)
    .values(sponsorIds.map((sponsorId, i) => ({ event_id: eventId, sponsor_id: sponsorId, display_order: next + i })))
    .onConflictDoNothing()
    .returning({ sponsor_id: event_sponsor.sponsor_id });
  return added.length;
}
