/** The latest gifts that count (paid or on a bill), for the room's screens: the giver's first name or "Anonymous". */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { donation, usr } from "~drizzle/schema";
import type { Database } from "~/db/connection.server";

/** Gifts that count towards the totals: not refunded, not cancelled. */
export const COUNTED_GIFT_STATUSES = ["paid", "pledged"];

/** A gift's giver as the screens name them (needs usr left-joined): "Anonymous" when they asked, else a first name. */
export const giverName = sql<string>`case when ${donation.is_anonymous} then 'Anonymous'
  else coalesce(nullif(${donation.first_name}, ''), nullif(${usr.first_name}, ''), 'A friend') end`;

export async function recentDonations(db: Database, eventId: number, limit = 6) {
  const rows = await db
    .select({
      id: donation.donation_id,
      name: giverName,
      amount: sql<number>`(${donation.amount} + ${donation.fee})::int`,
      at: donation.created_at,
    })
    .from(donation)
    .leftJoin(usr, eq(usr.usr_id, donation.usr_id))
    .where(and(eq(donation.event_id, eventId), inArray(donation.status, COUNTED_GIFT_STATUSES)))
    .orderBy(desc(donation.created_at), desc(donation.donation_id))
    .limit(limit);
  return rows.map((row) => ({
    key: `donation:${row.id}`,
    name: row.name,
    amount: row.amount,
    at: row.at.toISOString(),
  }));
}
