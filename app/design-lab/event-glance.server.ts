/**
 * The current event's settings at a glance, for the design lab's About page: which auctions and registration are on
 * and when, the branding, the currency and the time zone, each with the setup screen where it is changed.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { featureState, type EventFeature, type FeatureFlags } from "~/events/feature-switches";
import { formatInZone } from "~/ui/zoned-time";
import { event, registration, silent_auction, traditional_auction, virtual_auction } from "~drizzle/schema";

export interface GlanceRow {
  label: string;
  /** Live, in testing, or off: the feature switch under Setup → Modules. */
  status: string;
  /** When it runs, in the event's time zone; null when no time is set. */
  when: string | null;
  /** The setup screen where it is changed. */
  href: string;
}

export interface EventGlance {
  title: string;
  features: GlanceRow[];
  colours: Array<{ name: string; value: string }>;
  fonts: Array<{ name: string; family: string; weight: number }>;
  currency: string;
  timeZone: string;
}

export async function eventGlance(eventId: number): Promise<EventGlance> {
  const [row] = await db
    .select({
      event,
      silent: { start: silent_auction.start_date_time, end: silent_auction.end_date_time },
      virtual: { start: virtual_auction.start_date_time, end: virtual_auction.end_date_time },
      live: { start: traditional_auction.start_date_time, end: traditional_auction.end_date_time },
      registration: { start: registration.start_date_time, end: registration.end_date_time },
    })
    .from(event)
    .leftJoin(silent_auction, eq(silent_auction.silent_auction_id, event.silent_auction_id))
    .leftJoin(virtual_auction, eq(virtual_auction.virtual_auction_id, event.virtual_auction_id))
    .leftJoin(traditional_auction, eq(traditional_auction.traditional_auction_id, event.traditional_auction_id))
    .leftJoin(registration, eq(registration.registration_id, event.registration_id))
    .where(eq(event.event_id, eventId));
  if (!row) throw new Response("There is no such event.", { status: 404 });
  const e = row.event;
  const zone = e.timezone;
  const when = (times: { start: Date | null; end: Date | null } | null) => {
    const [start, end] = [formatInZone(times?.start, zone), formatInZone(times?.end, zone)];
    if (start && end) return `${start} to ${end}`;
    if (start) return `From ${start}`;
    if (end) return `Until ${end}`;
    return null;
  };
  const feature = (label: string, name: EventFeature, times: Parameters<typeof when>[0], href: string): GlanceRow => {
    const state = featureState(e as unknown as FeatureFlags, name);
    return { label, status: state.live ? "Live" : state.enabled ? "In testing" : "Off", when: when(times), href };
  };
  return {
    title: e.title,
    features: [
      feature("Event", "event", { start: e.start_date_time, end: e.end_date_time }, "/admin/setup/event"),
      feature("Silent auction", "silent_auction", row.silent, "/admin/setup/silent_auction"),
      feature("Virtual auction", "virtual_auction", row.virtual, "/admin/setup/virtual_auction"),
      feature("Live auction", "traditional_auction", row.live, "/admin/setup/live_auction"),
      feature("Registration", "registration", row.registration, "/admin/setup/registration"),
      feature("Landing page", "landing", null, "/admin/pages/landing_page"),
    ],
    colours: [
      { name: "Primary", value: e.primary_color },
      { name: "Secondary", value: e.secondary_color },
      { name: "Accent", value: e.accent_color },
      { name: "Text", value: e.text_color },
    ],
    fonts: [
      { name: "Headings", family: e.heading_font, weight: e.heading_weight },
      { name: "Subheadings", family: e.subheading_font, weight: e.subheading_weight },
      { name: "Body text", family: e.body_font, weight: e.body_weight },
    ],
    currency: e.currency,
    timeZone: zone,
  };
}
