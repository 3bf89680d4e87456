/**
 * The landing page's data as the page component takes it (client-safe). Its settings tree is resolved against the
 * event in resolve-landing.ts, apart, so that the guest's page, given the resolved settings by its loader, does not
 * load the settings' rules (zod).
 */
import { pageThemeStyle, type EventBranding } from "~/ui/branding";
import type { CSSProperties } from "react";
import type { LandingSectionKey, ResolvedLanding } from "~drizzle/schema/settings";

export interface LandingItem {
  id: number;
  title: string;
  type: string;
  image: string | null;
  lot: number | null;
  value: string | null;
  startingBid: string | null;
  /** The item's own page (its picture, story and bids), or null for a live lot bid on only in the room: none. */
  href: string | null;
}

export interface LandingAuction {
  kind: "silent" | "live" | "virtual";
  label: string;
  opens: string | null;
  closes: string | null;
  isOpen: boolean;
  hasClosed: boolean;
  itemCount: number;
}

export interface LandingContext {
  eventId: number;
  /** The server's clock when the page was made (ISO). */
  now: string;
  event: {
    title: string;
    excerpt: string;
    thumbnail: string;
    descriptionHtml: string;
    when: string | null;
    address: string | null;
    logo: string | null;
    startsAt: string | null;
  };
  branding: EventBranding;
  company: { name: string | null; logo: string | null; aboutHtml: string };
  contact: { email: string | null; phone: string | null; links: Array<{ label: string; href: string }> };
  registration: {
    status: "open" | "notYet" | "closed" | "off";
    opens: string | null;
    closes: string | null;
    /** The registration page, while registration is open and the page exists. */
    href: string | null;
    tickets: Array<{ id: number; title: string; descriptionHtml: string; price: string; seats: number }>;
  };
  sponsorLevels: Array<{
    level: string;
    sponsors: Array<{ id: number; title: string; logo: string | null; website: string | null }>;
  }>;
  auctions: LandingAuction[];
  items: LandingItem[];
  galleryHref: string | null;
  silentAuctionClosesAt: string | null;
}

export type LandingSettings = ResolvedLanding & { order: LandingSectionKey[] };

/** The design tokens of the page: the tree's colours and fonts over the event's text colour and weights. */
export function landingStyle(settings: LandingSettings, branding: EventBranding): CSSProperties {
  return pageThemeStyle(branding, settings.global);
}

/** The fonts the page uses, for the server's @font-face rules. */
export function landingFonts(settings: LandingSettings, branding: EventBranding): EventBranding {
  return { ...branding, heading_font: settings.global.headingFont, body_font: settings.global.bodyFont };
}

/** Days, hours, minutes and seconds from `now` to `target`; null once it has passed or without a target. */
export function timeLeft(
  target: string | null,
  now: number,
): { days: number; hours: number; minutes: number; seconds: number } | null {
  if (!target) return null;
  const ms = Date.parse(target) - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
