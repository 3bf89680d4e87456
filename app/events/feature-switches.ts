/**
 * The feature switches of an event, as pure rules (client-safe, unit-tested): each feature X of the event has
 * is_X_enabled and is_X_testing. A feature is live when it is enabled and its testing flag is off; toggling
 * testing flips it. Six features cannot be switched on yet and always read as not enabled.
 */
import { z } from "zod";
import { EVENT_FEATURES, type EventFeature } from "~drizzle/schema/event";

export { EVENT_FEATURES, type EventFeature };

/** These features cannot be toggled and always read as not enabled. */
export const LOCKED_FEATURES: ReadonlySet<EventFeature> = new Set([
  "post",
  "storefront",
  "notification",
  "email",
  "text",
  "report",
]);

/** Features whose first enabling creates their record, and the event column holding its id. */
export const FEATURE_RECORDS = {
  landing: "landing_id",
  traditional_auction: "traditional_auction_id",
  silent_auction: "silent_auction_id",
  virtual_auction: "virtual_auction_id",
} as const satisfies Partial<Record<EventFeature, string>>;

export const FEATURE_LABELS: Record<EventFeature, { label: string; description: string }> = {
  event: {
    label: "Event",
    description:
      "Every public page of the event at once: in testing or off, guests see none of them, whatever the other switches say.",
  },
  landing: {
    label: "Landing page",
    description: "The public page of the event, with registration, sponsors and auctions.",
  },
  registration: { label: "Registration", description: "Guests buy tickets and register on /register." },
  ticket: { label: "Tickets", description: "Ticket types are on sale." },
  silent_auction: { label: "Silent auction", description: "Guests bid on silent auction items from their phones." },
  traditional_auction: {
    label: "Live auction",
    description: "The live auction with an auctioneer, and its live screens.",
  },
  virtual_auction: { label: "Virtual auction", description: "Online bidding for people who are not in the room." },
  inventory: { label: "Inventory", description: "Procurement: the donated items before they become lots." },
  bill: { label: "Billing", description: "Winners pay their invoices and checkout runs." },
  email: { label: "Email", description: "Messages to guests by email." },
  text: { label: "Texting", description: "Messages to guests by text." },
  notification: { label: "Notifications", description: "Notifications to the team and to bidders." },
  post: { label: "Posts", description: "News posts on the event's pages." },
  storefront: { label: "Storefront", description: "An online shop of the organisation." },
  report: { label: "Reports", description: "Scheduled reports." },
};

export type FeatureFlags = { [X in EventFeature as `is_${X}_enabled` | `is_${X}_testing`]: boolean };

export interface FeatureState {
  feature: EventFeature;
  enabled: boolean;
  testing: boolean;
  /** Enabled, with testing off: the public sees it. */
  live: boolean;
  locked: boolean;
}

export const enabledColumn = (feature: EventFeature) => `is_${feature}_enabled` as const;
export const testingColumn = (feature: EventFeature) => `is_${feature}_testing` as const;

/** How a feature reads on an event, with the locked ones forced off. */
export function featureState(flags: Partial<FeatureFlags>, feature: EventFeature): FeatureState {
  const locked = LOCKED_FEATURES.has(feature);
  const enabled = !locked && flags[enabledColumn(feature)] === true;
  // A feature never switched out of testing counts as testing (the column's default).
  const testing = flags[testingColumn(feature)] !== false;
  return { feature, enabled, testing, live: enabled && !testing, locked };
}

export const isFeatureLive = (flags: Partial<FeatureFlags>, feature: EventFeature) => featureState(flags, feature).live;

/** What a visitor may see of a feature's public pages. */
export type FeatureVisibility = "public" | "preview" | "hidden";

/**
 * The event's own switch is the master switch of its public pages: while it is in testing or off, no feature shows
 * to the public, whatever its own switch says.
 */
export const isEventLive = (flags: Partial<FeatureFlags>) => isFeatureLive(flags, "event");

/**
 * Live features of a live event show to everyone; enabled features otherwise only to people who may preview the
 * event (under a preview banner); anything else to nobody.
 */
export function featureVisibility(
  flags: Partial<FeatureFlags>,
  feature: EventFeature,
  canPreview: boolean,
): FeatureVisibility {
  const state = featureState(flags, feature);
  if (state.live && isEventLive(flags)) return "public";
  return state.enabled && canPreview ? "preview" : "hidden";
}

export function isEventFeature(value: unknown): value is EventFeature {
  return typeof value === "string" && (EVENT_FEATURES as readonly string[]).includes(value);
}

/** The modules screen's posts: each switch names its feature and one of these. */
export const MODULE_INTENT = { enable: "enable", disable: "disable", toggleTesting: "toggle-testing" } as const;

export const moduleSwitchSchema = z.object({ feature: z.enum(EVENT_FEATURES) });
