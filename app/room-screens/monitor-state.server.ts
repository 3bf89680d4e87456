/**
 * What every monitor of an event shows, read in one go: the open silent and virtual items with their bids, the live
 * lot, the open paddle raise and the recent gifts (its pledges and donations), the raffle winners, the money pledged
 * (app/billing/money-figures.server.ts: what the room has committed, the figure that moves as it happens) against the
 * goal, the sponsors, and the
 * monitors' own settings. Only features that are live for the public appear.
 */
import { asc, eq } from "drizzle-orm";
import { loadEventAuctionRules } from "~/bidding/auction-rules.server";
import { loadBoard } from "~/bidding/board.server";
import { currentLiveLot } from "~/bidding/live-lots.server";
import { moneyFigures } from "~/billing/money-figures.server";
import { featureVisibility, type FeatureFlags } from "~/events/feature-switches";
import { goalOf } from "~/events/goal.server";
import { recentDonations } from "~/giving/recent-donations.server";
import { raiseSummaries, recentGifts } from "~/paddle-raise/board.server";
import { latestWinners } from "~/raffles/raffle-screens.server";
import { event, event_sponsor, sponsor } from "~drizzle/schema";
import { eventMonitors } from "./monitors.server";
import type { MonitorItem, MonitorState } from "./monitors";
import type { Database } from "~/db/connection.server";

const GIFTS_SHOWN = 6;
// The feed reads on every change; the invoices behind the pledged total are brought up to date at most this often.
const MONEY_SYNC_MS = 5_000;

export async function readMonitorState(db: Database, eventId: number): Promise<MonitorState | null> {
  const [row] = await db.select().from(event).where(eq(event.event_id, eventId));
  if (!row) return null;
  const isPublic = (feature: "traditional_auction") =>
    featureVisibility(row as Partial<FeatureFlags>, feature, false) === "public";

  const [items, live, raises, money, sponsors, monitors, donations, raffleWinners] = await Promise.all([
    openItems(db, eventId),
    isPublic("traditional_auction") ? currentLiveLot(db, eventId) : null,
    raiseSummaries(db, eventId),
    moneyFigures(eventId, db, { syncEveryMs: MONEY_SYNC_MS }),
    db
      .select({ title: sponsor.title, logo: sponsor.logo })
      .from(event_sponsor)
      .innerJoin(sponsor, eq(sponsor.sponsor_id, event_sponsor.sponsor_id))
      .where(eq(event_sponsor.event_id, eventId))
      .orderBy(asc(event_sponsor.display_order), asc(sponsor.title)),
    eventMonitors(db, eventId),
    recentDonations(db, eventId, GIFTS_SHOWN),
    latestWinners(db, eventId),
  ]);
  const raise = raises.find((summary) => summary.isActive) ?? null;
  return {
    eventTitle: row.title,
    logo: row.logo ?? row.company_logo ?? null,
    currency: row.currency,
    timeZone: row.timezone || "UTC",
    items,
    live,
    raise: raise && { title: raise.title, goal: raise.goal, total: raise.total, count: raise.count },
    gifts: newestGifts(raise ? await recentGifts(db, raise.id, GIFTS_SHOWN) : [], donations),
    raffleWinners,
    pledged: { total: money.pledged, goal: goalOf(row.meta) },
    sponsors: sponsors.flatMap((entry) => (entry.logo ? [{ title: entry.title, logo: entry.logo }] : [])),
    monitors,
  };
}

/** The open raise's pledges and the event's donations together, newest first. */
function newestGifts(
  pledges: Array<{ pledgeId: number; name: string; amount: number; at: string }>,
  donations: MonitorState["gifts"],
): MonitorState["gifts"] {
  return [...pledges.map(({ pledgeId, ...gift }) => ({ key: `pledge:${pledgeId}`, ...gift })), ...donations]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, GIFTS_SHOWN);
}

/** The silent and virtual items still open for bidding, soonest to close first, then by lot. */
async function openItems(db: Database, eventId: number): Promise<MonitorItem[]> {
  const rules = await loadEventAuctionRules(db, eventId);
  if (!rules) return [];
  const board = await loadBoard(db, rules);
  return board
    .filter((item) => item.type !== "live" && !item.live.closed)
    .map((item) => ({
      id: item.id,
      lot: item.lot,
      title: item.title,
      image: item.featuredImage,
      currentBid: item.live.currentBid,
      nextMinimum: item.live.nextMinimum,
      bidCount: item.live.bidCount,
      closesAt: item.live.closesAt,
    }))
    .sort(
      (a, b) =>
        (a.closesAt ?? "~").localeCompare(b.closesAt ?? "~") ||
        (a.lot ?? Number.MAX_SAFE_INTEGER) - (b.lot ?? Number.MAX_SAFE_INTEGER) ||
        a.title.localeCompare(b.title),
    );
}
