/**
 * Changing an event's feature switches: enabling or disabling a feature, and flipping its testing flag. Each change
 * bumps the event's data_version, so open admin pages and public screens can tell that the event changed, and tells
 * open admin pages at once (publishEventChange).
 */
import { eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { publishEventChange } from "~/realtime/data-area-changes.server";
import {
  event,
  landing,
  readLandingMeta,
  readSilentAuctionMeta,
  silent_auction,
  traditional_auction,
  virtual_auction,
} from "~drizzle/schema";
import {
  enabledColumn,
  FEATURE_RECORDS,
  featureState,
  LOCKED_FEATURES,
  testingColumn,
  type EventFeature,
  type FeatureFlags,
  type FeatureState,
} from "./feature-switches";

/** The capacity a new live auction starts with: 50 seats. */
export const LIVE_AUCTION_CAPACITY = 50;

export class LockedFeatureError extends Error {
  constructor(feature: EventFeature) {
    super(`The ${feature} feature cannot be switched on yet.`);
    this.name = "LockedFeatureError";
  }
}

const nextDataVersion = sql`${event.data_version} + 1`;

/**
 * Enables or disables a feature. Enabling landing or an auction for the first time creates its record and stores
 * its id on the event; the event row is locked meanwhile, so two organisers enabling it at once create one record.
 */
export async function setFeatureEnabled(
  eventId: number,
  feature: EventFeature,
  enabled: boolean,
): Promise<FeatureState> {
  if (LOCKED_FEATURES.has(feature)) throw new LockedFeatureError(feature);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(event).where(eq(event.event_id, eventId)).for("update");
    if (!current) throw new Response("This event does not exist.", { status: 404 });
    const changes: Record<string, unknown> = { [enabledColumn(feature)]: enabled, data_version: nextDataVersion };
    if (enabled && feature in FEATURE_RECORDS) {
      const column = FEATURE_RECORDS[feature as keyof typeof FEATURE_RECORDS];
      if (current[column] === null)
        changes[column] = await createFeatureRecord(tx, eventId, feature as keyof typeof FEATURE_RECORDS);
    }
    const [updated] = await tx.update(event).set(changes).where(eq(event.event_id, eventId)).returning();
    await publishEventChange(tx, eventId);
    return featureState(updated as FeatureFlags, feature);
  });
}

/** Toggling the testing flag flips it (in SQL, so two clicks at once flip it twice, as two clicks should). */
export async function toggleFeatureTesting(eventId: number, feature: EventFeature): Promise<FeatureState> {
  if (LOCKED_FEATURES.has(feature)) throw new LockedFeatureError(feature);
  const column = event[testingColumn(feature)];
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(event)
      .set({ [testingColumn(feature)]: sql`not ${column}`, data_version: nextDataVersion })
      .where(eq(event.event_id, eventId))
      .returning();
    if (!updated) throw new Response("This event does not exist.", { status: 404 });
    await publishEventChange(tx, eventId);
    return featureState(updated as FeatureFlags, feature);
  });
}

/**
 * The record a feature's first enabling creates: a landing (meta), a traditional_auction (event_id, capacity), a
 * silent_auction (meta), a virtual_auction.
 */
async function createFeatureRecord(
  tx: Transaction,
  eventId: number,
  feature: keyof typeof FEATURE_RECORDS,
): Promise<number> {
  switch (feature) {
    case "landing": {
      const [row] = await tx
        .insert(landing)
        .values({ meta: readLandingMeta({}) })
        .returning({ id: landing.landing_id });
      return row.id;
    }
    case "traditional_auction": {
      const [row] = await tx
        .insert(traditional_auction)
        .values({ event_id: eventId, capacity: LIVE_AUCTION_CAPACITY })
        .returning({ id: traditional_auction.traditional_auction_id });
      return row.id;
    }
    case "silent_auction": {
      const [row] = await tx
        .insert(silent_auction)
        .values({ meta: readSilentAuctionMeta({}) })
        .returning({ id: silent_auction.silent_auction_id });
      return row.id;
    }
    case "virtual_auction": {
      const [row] = await tx.insert(virtual_auction).values({}).returning({ id: virtual_auction.virtual_auction_id });
      return row.id;
    }
  }
}
