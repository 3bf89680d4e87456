/**
 * The rules an event's silent and virtual auctions set (times, soft close, proxy bids, increments, staggered
 * closing by category), read once per request and turned into the engine's AuctionRules for each item.
 */
import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "~/db/prepared.server";
import { category_close, event, live_lot, registration, silent_auction, virtual_auction } from "~drizzle/schema";
import { STANDING_COLUMNS, standingFrom, type BidderStanding } from "./bidder-standing.server";
import type { AuctionRules } from "./engine";
import type { IncrementPolicy } from "./increments";
import type { Database, Transaction } from "~/db/connection.server";

export type AuctionKind = "silent" | "virtual";
export const AUCTION_KINDS: readonly AuctionKind[] = ["silent", "virtual"];

export const isAuctionKind = (type: string): type is AuctionKind => type === "silent" || type === "virtual";

type AuctionRow = Pick<
  typeof silent_auction.$inferSelect,
  | "start_date_time"
  | "end_date_time"
  | "is_auto_bid"
  | "soft_close_minutes"
  | "hard_end_date_time"
  | "increment_policy"
  | "increment_percent"
>;

export interface EventAuctionRules {
  eventId: number;
  /** The event's settings_version when these rules were read (event-settings-cache.server.ts). */
  settingsVersion: number;
  currency: string;
  timezone: string;
  storeCard: boolean;
  /** Each auction whose feature is on (live, or in testing), with its settings. */
  auctions: Partial<Record<AuctionKind, { row: AuctionRow; testing: boolean }>>;
  /** "silent:12" → the time that category's items close in that auction. */
  categoryCloses: Map<string, Date>;
  /**
   * Live lots marked for online bidding (live_lot.online_bidding) while the live auction module is on: guests bid
   * on them from /inroombid, on the same engine as the clerk's floor bids, until the lot is hammered.
   */
  liveOnline: Set<number>;
}

/**
 * The engine's rules for a live lot: open until hammered (closed_at), no scheduled close or soft close, maximum
 * bids allowed (an absentee bid is a maximum left before the lot comes up), each lot's own increment.
 */
export const LIVE_LOT_RULES: AuctionRules = {
  proxyEnabled: true,
  opensAt: null,
  scheduledClose: null,
  softCloseMinutes: 0,
  hardEnd: null,
  incrementPolicy: { kind: "item" },
};

/**
 * The rule columns, which the silent and the virtual auction spell alike. A not-null column comes first: Drizzle
 * reads a left-joined object whose first column is null as no row at all, and an auction may have no opening time.
 */
const ruleColumns = (table: typeof silent_auction | typeof virtual_auction) => ({
  is_auto_bid: table.is_auto_bid,
  start_date_time: table.start_date_time,
  end_date_time: table.end_date_time,
  soft_close_minutes: table.soft_close_minutes,
  hard_end_date_time: table.hard_end_date_time,
  increment_policy: table.increment_policy,
  increment_percent: table.increment_percent,
});

const RULE_COLUMNS = {
  settingsVersion: event.settings_version,
  currency: event.currency,
  timezone: event.timezone,
  silentEnabled: event.is_silent_auction_enabled,
  silentTesting: event.is_silent_auction_testing,
  virtualEnabled: event.is_virtual_auction_enabled,
  virtualTesting: event.is_virtual_auction_testing,
  liveEnabled: event.is_traditional_auction_enabled,
  eventEnabled: event.is_event_enabled,
  eventTesting: event.is_event_testing,
  storeCard: registration.store_card,
  archived: event.is_archived,
  silent: ruleColumns(silent_auction),
  silentId: silent_auction.silent_auction_id,
  virtual: ruleColumns(virtual_auction),
  virtualId: virtual_auction.virtual_auction_id,
  // [category id, auction, end in epoch milliseconds] of each category that closes on its own.
  categoryCloses: sql<[number, string, number][] | null>`(
      select json_agg(json_build_array(${category_close.category_id}, ${category_close.auction},
        extract(epoch from ${category_close.end_date_time}) * 1000))
      from ${category_close} where ${category_close.event_id} = ${event.event_id})`,
  onlineLots: sql<number[] | null>`(
      select json_agg(${live_lot.auction_item_id}) from ${live_lot}
      where ${live_lot.event_id} = ${event.event_id} and ${live_lot.online_bidding})`,
};

// The same statement twice, with and without the standing: Drizzle's select does not take its columns generically.
const eventRules = preparedQuery("event_auction_rules", (db) =>
  db
    .select(RULE_COLUMNS)
    .from(event)
    .leftJoin(registration, eq(registration.registration_id, event.registration_id))
    .leftJoin(silent_auction, eq(silent_auction.silent_auction_id, event.silent_auction_id))
    .leftJoin(virtual_auction, eq(virtual_auction.virtual_auction_id, event.virtual_auction_id))
    .where(eq(event.event_id, sql.placeholder("eventId"))),
);
const eventRulesWithStanding = preparedQuery("event_auction_rules_with_standing", (db) =>
  db
    .select({ ...RULE_COLUMNS, ...STANDING_COLUMNS })
    .from(event)
    .leftJoin(registration, eq(registration.registration_id, event.registration_id))
    .leftJoin(silent_auction, eq(silent_auction.silent_auction_id, event.silent_auction_id))
    .leftJoin(virtual_auction, eq(virtual_auction.virtual_auction_id, event.virtual_auction_id))
    .where(eq(event.event_id, sql.placeholder("eventId"))),
);
type RulesRow = Awaited<ReturnType<ReturnType<typeof eventRules>["execute"]>>[number];

/**
 * The event's rules in one statement: every bid and every bidder page reads them, so the auctions' settings, the
 * categories' closes and the live lots open online come with the event's row rather than one query each.
 */
export async function loadEventAuctionRules(
  db: Database | Transaction,
  eventId: number,
): Promise<EventAuctionRules | null> {
  const [row] = await eventRules(db).execute({ eventId });
  return row ? rulesOf(eventId, row) : null;
}

/**
 * The event's rules with a bidder's standing at it (paddle, card on file), in one statement: each bidder page and
 * each of their bids reads both.
 */
export async function loadEventAuctionRulesWithStanding(
  db: Database | Transaction,
  eventId: number,
  usrId: number,
): Promise<{ rules: EventAuctionRules | null; standing: BidderStanding }> {
  const [row] = await eventRulesWithStanding(db).execute({ eventId, usrId });
  return { rules: row ? rulesOf(eventId, row) : null, standing: standingFrom(row) };
}

function rulesOf(eventId: number, row: RulesRow): EventAuctionRules | null {
  // An archived event takes no bids, by any path (the bidder pages, a bid station, the live console).
  if (row.archived) return null;
  const auctions: EventAuctionRules["auctions"] = {};
  // An event in testing (its master switch) takes the team's test bids only, as an auction in testing does.
  const eventClosed = !row.eventEnabled || row.eventTesting;
  if (row.silentEnabled && row.silentId !== null)
    auctions.silent = { row: row.silent as AuctionRow, testing: row.silentTesting || eventClosed };
  if (row.virtualEnabled && row.virtualId !== null)
    auctions.virtual = { row: row.virtual as AuctionRow, testing: row.virtualTesting || eventClosed };
  // Live lots take online bids only while the event is open; the clerk's floor bids do not ask.
  const online = row.liveEnabled && !eventClosed ? (row.onlineLots ?? []) : [];
  return {
    eventId,
    settingsVersion: row.settingsVersion,
    liveOnline: new Set(online),
    currency: row.currency,
    timezone: row.timezone,
    storeCard: row.storeCard ?? false,
    auctions,
    categoryCloses: new Map(
      (row.categoryCloses ?? []).map(([categoryId, auction, end]) => [`${auction}:${categoryId}`, new Date(end)]),
    ),
  };
}

function incrementPolicy(row: AuctionRow): IncrementPolicy {
  return row.increment_policy === "percent" ? { kind: "percent", percent: row.increment_percent } : { kind: "item" };
}

/** The engine's rules for one item, or null when its auction is not on at this event. */
export function rulesForItem(
  rules: EventAuctionRules,
  item: { type: string; xinv_category_id: number | null; auction_item_id?: number },
): AuctionRules | null {
  if (item.type === "live")
    return item.auction_item_id !== undefined && rules.liveOnline.has(item.auction_item_id) ? LIVE_LOT_RULES : null;
  if (!isAuctionKind(item.type)) return null;
  const auction = rules.auctions[item.type];
  if (!auction) return null;
  const categoryClose =
    item.xinv_category_id !== null ? rules.categoryCloses.get(`${item.type}:${item.xinv_category_id}`) : undefined;
  return {
    proxyEnabled: auction.row.is_auto_bid,
    opensAt: auction.row.start_date_time,
    scheduledClose: categoryClose ?? auction.row.end_date_time,
    softCloseMinutes: auction.row.soft_close_minutes,
    hardEnd: auction.row.hard_end_date_time,
    incrementPolicy: incrementPolicy(auction.row),
  };
}
