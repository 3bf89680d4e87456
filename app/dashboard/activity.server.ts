/**
 * The dashboard's "recent activity" and "top items": what happened last at the event, newest first, and the
 * items drawing the most money. Names are as guests gave them; a paddle number stands in when there is none.
 */
import { and, count, desc, eq, max, ne, notInArray, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { fullName } from "~/ui/format";
import { auction_item, bid, donation, pledge, purchase, registrant, usr } from "~drizzle/schema";

/** Bids that never counted (the bidding engine's refusals and retractions). */
const REFUSED_BID_STATUSES = ["rejected", "retracted", "cancelled"];

export type ActivityKind = "bid" | "registration" | "donation" | "purchase" | "pledge";

export interface Activity {
  kind: ActivityKind;
  at: Date;
  who: string;
  /** What they did, in a few words (an item's title, a ticket). */
  what: string | null;
  amount: number | null;
}

const personName = (first: string | null, last: string | null, fallback: string) => fullName(first, last) || fallback;

/** The latest `limit` things that happened, across bids, registrations, donations, purchases and pledges. */
export async function recentActivity(eventId: number, limit = 12): Promise<Activity[]> {
  const [bids, registrations, gifts, purchases, pledges] = await Promise.all([
    db
      .select({
        at: bid.created_at,
        first: usr.first_name,
        last: usr.last_name,
        item: auction_item.title,
        amount: bid.bid,
      })
      .from(bid)
      .innerJoin(auction_item, eq(auction_item.auction_item_id, bid.auction_item_id))
      .innerJoin(usr, eq(usr.usr_id, bid.usr_id))
      .where(eq(bid.event_id, eventId))
      .orderBy(desc(bid.created_at))
      .limit(limit),
    db
      .select({
        at: registrant.created_at,
        name: registrant.name,
        first: registrant.first_name,
        last: registrant.last_name,
      })
      .from(registrant)
      .where(eq(registrant.event_id, eventId))
      .orderBy(desc(registrant.created_at))
      .limit(limit),
    db
      .select({
        at: donation.created_at,
        // The name on the gift, else the giver's account's (a signed-in guest's gift carries no name of its own).
        first: sql<string | null>`coalesce(nullif(${donation.first_name}, ''), ${usr.first_name})`,
        last: sql<
          string | null
        >`case when nullif(${donation.first_name}, '') is null and nullif(${donation.last_name}, '') is null
          then ${usr.last_name} else ${donation.last_name} end`,
        email: sql<string | null>`coalesce(nullif(${donation.email}, ''), ${usr.email_address})`,
        anonymous: donation.is_anonymous,
        amount: donation.amount,
      })
      .from(donation)
      .leftJoin(usr, eq(usr.usr_id, donation.usr_id))
      .where(eq(donation.event_id, eventId))
      .orderBy(desc(donation.created_at))
      .limit(limit),
    db
      .select({ at: purchase.created_at, paddle: purchase.paddle, item: auction_item.title, amount: purchase.amount })
      .from(purchase)
      .innerJoin(auction_item, eq(auction_item.auction_item_id, purchase.auction_item_id))
      .where(eq(purchase.event_id, eventId))
      .orderBy(desc(purchase.created_at))
      .limit(limit),
    db
      .select({ at: pledge.created_at, paddle: pledge.paddle, amount: pledge.amount })
      .from(pledge)
      // A corrected pledge shows once, as corrected (the entry it replaced is left out).
      .where(and(eq(pledge.event_id, eventId), ne(pledge.status, "replaced")))
      .orderBy(desc(pledge.created_at))
      .limit(limit),
  ]);
  const paddle = (n: number | null) => (n === null ? "A guest" : `Paddle ${n}`);
  const all: Activity[] = [
    ...bids.map((b) => ({
      kind: "bid" as const,
      at: b.at,
      who: personName(b.first, b.last, "A bidder"),
      what: b.item,
      amount: b.amount,
    })),
    ...registrations.map((r) => ({
      kind: "registration" as const,
      at: r.at,
      who: r.name || personName(r.first, r.last, "A guest"),
      what: null,
      amount: null,
    })),
    ...gifts.map((g) => ({
      kind: "donation" as const,
      at: g.at,
      // Only a gift its giver asked to keep anonymous goes unnamed; any other names whoever gave it.
      who: g.anonymous ? "Anonymous" : personName(g.first, g.last, g.email ?? "A gift without a name"),
      what: null,
      amount: g.amount,
    })),
    ...purchases.map((p) => ({
      kind: "purchase" as const,
      at: p.at,
      who: paddle(p.paddle),
      what: p.item,
      amount: p.amount,
    })),
    ...pledges.map((p) => ({ kind: "pledge" as const, at: p.at, who: paddle(p.paddle), what: null, amount: p.amount })),
  ];
  return all.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** The items with the highest bids, with how many bids each drew. */
export async function topItems(eventId: number, limit = 5) {
  return db
    .select({
      auction_item_id: auction_item.auction_item_id,
      title: auction_item.title,
      lot: auction_item.lot,
      type: auction_item.type,
      value: auction_item.value,
      bids: count(bid.bid_id),
      highest: max(bid.bid),
    })
    .from(auction_item)
    .innerJoin(
      bid,
      and(eq(bid.auction_item_id, auction_item.auction_item_id), notInArray(bid.status, REFUSED_BID_STATUSES)),
    )
    .where(eq(auction_item.event_id, eventId))
    .groupBy(auction_item.auction_item_id)
    .orderBy(desc(max(bid.bid)), desc(count(bid.bid_id)))
    .limit(limit);
}
