/**
 * Monitors (client-safe): screens left on projectors in the room for the whole evening. Staff set one up per event
 * at one of the spec's public addresses, choosing its panels and how fast its pages of silent items turn.
 */
import { z } from "zod";
import { atLeastOneChosen, requiredText } from "~/forms/rules";
import type { LiveRoom } from "~/bidding/live-lots";

/** The spec's monitor addresses: /woa2025monitor and /lun2025monitor, each showing the monitor set up for it. */
export const MONITOR_PATHS = ["woa2025monitor", "lun2025monitor"] as const;
export type MonitorPath = (typeof MONITOR_PATHS)[number];

export const MONITOR_PANELS = [
  "silent_items",
  "live_lot",
  "paddle_raise",
  "recent_gifts",
  "totals",
  "next_close",
  "raffle_winners",
  "sponsors",
] as const;
export type MonitorPanel = (typeof MONITOR_PANELS)[number];

export const PANEL_LABELS: Record<MonitorPanel, { label: string; help: string }> = {
  silent_items: { label: "Silent items", help: "Open items a page at a time, with the current bid and time left." },
  live_lot: { label: "Live lot", help: "The lot on the block, its bid and the hammer, while the live auction runs." },
  paddle_raise: { label: "Paddle raise", help: "The open paddle raise's total against its goal." },
  recent_gifts: {
    label: "Recent gifts",
    help: "The latest pledges and donations, by first name or “Anonymous”.",
  },
  totals: {
    label: "Total pledged",
    help: "Everything pledged so far (paid or still owed), against the event's goal when one is set.",
  },
  next_close: { label: "Next close", help: "A countdown to the next silent item to close." },
  raffle_winners: { label: "Raffle winners", help: "Each prize's winning ticket as it is drawn." },
  sponsors: { label: "Sponsor logos", help: "The event's sponsors along the bottom of the screen." },
};

export const ROTATION = { min: 4, max: 120, default: 12 } as const;
export const ITEMS_PER_PAGE = { min: 3, max: 20, default: 10 } as const;

export interface MonitorSettings {
  path: MonitorPath;
  title: string;
  panels: MonitorPanel[];
  rotation_seconds: number;
  items_per_page: number;
}

/** A monitor's settings for an address that has none yet: every panel, the usual pace. */
export function defaultMonitor(path: MonitorPath, eventTitle: string): MonitorSettings {
  return {
    path,
    title: eventTitle,
    panels: [...MONITOR_PANELS],
    rotation_seconds: ROTATION.default,
    items_per_page: ITEMS_PER_PAGE.default,
  };
}

const wholeNumber = (range: { min: number; max: number }, message: string) =>
  z
    .string()
    .trim()
    .default("")
    .transform((text, context) => {
      if (/^\d{1,4}$/.test(text) && Number(text) >= range.min && Number(text) <= range.max) return Number(text);
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    });

/** Each address has its own form on the settings page. */
export const monitorFormId = (path: MonitorPath) => `monitor-${path}`;

/** A monitor's two posts: its settings saved, or the monitor taken down. */
export const MONITOR_INTENT = { save: "save", remove: "remove" } as const;

export const monitorSchema = z.object({
  path: z.enum(MONITOR_PATHS, { errorMap: () => ({ message: "Choose one of the monitor addresses." }) }),
  title: requiredText(80, "Give the monitor a title: it heads the screen.", "Keep the title to 80 characters."),
  panels: atLeastOneChosen(z.enum(MONITOR_PANELS), "Choose at least one panel to show."),
  rotation_seconds: wholeNumber(ROTATION, `Enter seconds from ${ROTATION.min} to ${ROTATION.max}.`),
  items_per_page: wholeNumber(ITEMS_PER_PAGE, `Enter from ${ITEMS_PER_PAGE.min} to ${ITEMS_PER_PAGE.max} items.`),
});

/** What a monitor screen shows, read once per change for every screen of the event (monitor-feed.server.ts). */
export interface MonitorState {
  eventTitle: string;
  logo: string | null;
  currency: string;
  timeZone: string;
  items: MonitorItem[];
  live: LiveRoom | null;
  raise: { title: string; goal: number | null; total: number; count: number } | null;
  /** Paddle-raise pledges and donations, newest first; key names the row ("pledge:12", "donation:3"). */
  gifts: { key: string; name: string; amount: number; at: string }[];
  raffleWinners: {
    raffle: string;
    prize: string;
    ticketNumber: number;
    name: string;
    at: string;
    /** Who drew the prize again, when this winner comes from a redraw. */
    redrawnBy: string | null;
  }[];
  /** What the room has pledged (app/billing/money-figures.server.ts), against the event's goal. */
  pledged: { total: number; goal: number | null };
  sponsors: { title: string; logo: string }[];
  /** The settings of the event's monitors by address, so a screen follows its own without a reload. */
  monitors: Partial<Record<MonitorPath, MonitorSettings>>;
}

export interface MonitorItem {
  id: number;
  lot: number | null;
  title: string;
  image: string | null;
  currentBid: number | null;
  nextMinimum: number;
  bidCount: number;
  closesAt: string | null;
}

/** The page of items shown at `tick` (one per rotation), wrapping round. */
export function itemsPage<T>(items: readonly T[], perPage: number, tick: number) {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const page = ((tick % pages) + pages) % pages;
  return { page, pages, items: items.slice(page * perPage, page * perPage + perPage) };
}

/** The soonest close still ahead of `now`, or null. */
export function nextClose(items: readonly MonitorItem[], now: number): string | null {
  let soonest: string | null = null;
  for (const item of items) {
    if (item.closesAt && Date.parse(item.closesAt) > now && (!soonest || item.closesAt < soonest))
      soonest = item.closesAt;
  }
  return soonest;
}
