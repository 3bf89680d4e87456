/**
 * The dashboard's figures for an event (/admin/dashboard): money raised by source against the goal, the top items,
 * recent activity and the event's counts, written out in its currency and time zone.
 */
import { bidsMarker } from "~/bidding/silent-bids.server";
import { ledgerSnapshot } from "~/billing/ledger-totals.server";
import { db } from "~/db.server";
import { eventSettings } from "~/events/event-settings.server";
import { formatCount, formatCountOf, formatMoney } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { recentActivity, topItems } from "./activity.server";
import { eventFigures } from "./figures.server";
import { goalOf } from "./goal.server";
import { moneyRaised, RAISED_SOURCE_LABELS, RAISED_SOURCES } from "./raised.server";
import type { NextStep } from "./next-steps.server";

const ITEM_TYPE_LABELS: Record<string, string> = {
  live: "Live auction",
  silent: "Silent auction",
  virtual: "Virtual auction",
  sale: "Items for sale",
};

export async function dashboardFigures(eventId: number) {
  const [figures, raised, ledger, top, activity, settings, marker] = await Promise.all([
    eventFigures(eventId),
    moneyRaised(eventId),
    // Collected money is exact without bringing invoices up to date: every payment is recorded as it is taken.
    ledgerSnapshot(db, eventId),
    topItems(eventId),
    recentActivity(eventId),
    eventSettings(eventId),
    bidsMarker(eventId),
  ]);
  const money = (cents: number) => formatMoney(cents, figures.currency);
  const pledged = RAISED_SOURCES.reduce((sum, source) => sum + raised[source], 0);
  const collected = ledger.collected;
  const goal = goalOf(settings.meta);
  return {
    lastBidId: marker.lastBidId,
    raised: {
      // Raised is money collected (payments less refunds); pledged is what guests committed, paid or not.
      total: money(collected),
      pledged: money(pledged),
      outstanding: money(Math.max(0, pledged - collected)),
      goal: goal === null ? null : money(goal),
      goalInput: goal === null ? "" : String(goal / 100),
      // Of the goal, for the progress bar (capped at 100) and the words beside it.
      percent: goal === null ? null : Math.round((collected / goal) * 100),
      sources: RAISED_SOURCES.map((source) => ({
        source,
        label: RAISED_SOURCE_LABELS[source],
        amount: money(raised[source]),
        cents: raised[source],
      })),
    },
    topItems: top.map((item) => ({
      id: item.auction_item_id,
      title: item.title,
      lot: item.lot,
      type: ITEM_TYPE_LABELS[item.type] ?? item.type,
      bids: formatCountOf(item.bids, "bid", "bids"),
      highest: item.highest === null ? "" : money(item.highest),
      value: item.value === null ? null : money(item.value),
    })),
    activity: activity.map((entry, index) => ({
      key: `${entry.kind}-${entry.at.getTime()}-${index}`,
      kind: entry.kind,
      at: formatInZone(entry.at, settings.timezone, "datetime"),
      who: entry.who,
      what: entry.what,
      amount: entry.amount === null ? null : money(entry.amount),
    })),
    figures: {
      registered: formatCount(figures.registrants.registered),
      attended: formatCount(figures.registrants.attended),
      ticketsPaid: formatCount(figures.tickets.paid),
      ticketsPending: formatCount(figures.tickets.pending),
      ticketRevenue: money(figures.tickets.paidAmount),
      highestBidsTotal: money(figures.highestBidsTotal),
      bidCount: formatCountOf(figures.bidCount, "bid", "bids"),
      items: figures.items.map((row) => ({
        type: ITEM_TYPE_LABELS[row.type] ?? row.type,
        items: formatCount(row.items),
        itemsWithBids: formatCount(row.itemsWithBids),
        bids: formatCount(row.bids),
        highestBidsTotal: money(row.highestBidsTotal),
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
  screens: { label: string; to: string }[];
  /** What the event still needs, for people who set it up (none for the others). */
  nextSteps: (Omit<NextStep, "path"> & { to: string | null })[];
  canSetGoal: boolean;
  canReport: boolean;
} & (DashboardFigures | typeof NO_FIGURES);
