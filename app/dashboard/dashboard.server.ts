/**
 * The dashboard's figures for an event (/admin/dashboard): money raised, pledged and outstanding, by source, against
 * the goal (the one definition of each, app/billing/money-figures.server.ts), the top items,
 * recent activity and the event's counts, written out in its currency and time zone.
 */
import { bidsMarker } from "~/bidding/silent-bids.server";
import { moneyFigures } from "~/billing/money-figures.server";
import { sourceLabel } from "~/billing/source-labels";
import { eventSettings } from "~/events/event-settings.server";
import { goalOf } from "~/events/goal.server";
import { formatCount, formatCountOf, formatMoney } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { recentActivity, topItems } from "./activity.server";
import { eventFigures } from "./figures.server";
import type { NextStep } from "./next-steps.server";

const ITEM_TYPE_LABELS: Record<string, string> = {
  live: "Live auction",
  silent: "Silent auction",
  virtual: "Virtual auction",
  sale: "Items for sale",
};

export async function dashboardFigures(eventId: number) {
  const [figures, money, top, activity, settings, marker] = await Promise.all([
    eventFigures(eventId),
    moneyFigures(eventId),
    topItems(eventId),
    recentActivity(eventId),
    eventSettings(eventId),
    bidsMarker(eventId),
  ]);
  const format = (cents: number) => formatMoney(cents, figures.currency);
  const goal = goalOf(settings.meta);
  return {
    lastBidId: marker.lastBidId,
    raised: {
      total: format(money.raised),
      pledged: format(money.pledged),
      outstanding: format(money.outstanding),
      // Shown apart, and only when something was given free.
      comped: money.comped > 0 ? format(money.comped) : null,
      goal: goal === null ? null : format(goal),
      goalInput: goal === null ? "" : String(goal / 100),
      // Of the goal, for the progress bar (capped at 100) and the words beside it.
      percent: goal === null ? null : Math.round((money.raised / goal) * 100),
      sources: money.sources.map((entry) => ({
        source: entry.source,
        label: sourceLabel(entry.source),
        pledged: format(entry.pledged),
        raised: format(entry.raised),
      })),
    },
    topItems: top.map((item) => ({
      id: item.auction_item_id,
      title: item.title,
      lot: item.lot,
      type: ITEM_TYPE_LABELS[item.type] ?? item.type,
      bids: formatCountOf(item.bids, "bid", "bids"),
      highest: item.highest === null ? "" : format(item.highest),
      value: item.value === null ? null : format(item.value),
    })),
    activity: activity.map((entry, index) => ({
      key: `${entry.kind}-${entry.at.getTime()}-${index}`,
      kind: entry.kind,
      at: formatInZone(entry.at, settings.timezone, "datetime"),
      who: entry.who,
      what: entry.what,
      amount: entry.amount === null ? null : format(entry.amount),
    })),
    figures: {
      registered: formatCount(figures.registrants.registered),
      attended: formatCount(figures.registrants.attended),
      ticketsPaid: formatCount(figures.tickets.paid),
      ticketsPending: formatCount(figures.tickets.pending),
      ticketsRaised: format(money.sources.find((entry) => entry.source === "ticket")?.raised ?? 0),
      highestBidsTotal: format(figures.highestBidsTotal),
      bidCount: formatCountOf(figures.bidCount, "bid", "bids"),
      items: figures.items.map((row) => ({
        type: ITEM_TYPE_LABELS[row.type] ?? row.type,
        items: formatCount(row.items),
        itemsWithBids: formatCount(row.itemsWithBids),
        bids: formatCount(row.bids),
        highestBidsTotal: format(row.highestBidsTotal),
      })),
    },
  };
}

export type DashboardFigures = Awaited<ReturnType<typeof dashboardFigures>>;

/** What the dashboard shows someone who may not see the figures (no can_view_stats). */
export const NO_FIGURES = { lastBidId: null, figures: null, raised: null, topItems: [], activity: [] } as const;

/** The page's data: the screens the person's role opens, and the figures when they may see them. */
export type DashboardData = {
  eventId: number;
  /** Email or texting failing now, for people who fix it or follow the outbox (empty for the others). */
  failingTransports: {
    channel: "email" | "text";
    reason: string;
    failedAt: string;
    heldBack: number;
    /** The outbox's failed messages of the channel, or the setup screen, as the person's role opens. */
    to: string | null;
  }[];
  screens: { label: string; to: string }[];
  /** What the event still needs, for people who set it up (none for the others). */
  nextSteps: (Omit<NextStep, "path"> & { to: string | null })[];
  canSetGoal: boolean;
  canReport: boolean;
} & (DashboardFigures | typeof NO_FIGURES);
