/**
 * An event's giving page (a short path that shows "giving", such as /woa2025give): the money pledged against the
 * event's goal (app/billing/money-figures.server.ts, the figure the room's screens show), give buttons at the suggested amounts that open /dp, and
 * the latest gifts. Public: it shows nothing the room's screens do not.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import { moneyFigures } from "~/billing/money-figures.server";
import { db } from "~/db.server";
import { goalOf } from "~/events/goal.server";
import { donation, event } from "~drizzle/schema";
import { publicFundraiserCount } from "./fundraisers.server";
import { suggestedAmounts } from "./gift-forms";
import { COUNTED_GIFT_STATUSES, recentDonations } from "./recent-donations.server";

export async function givingPage(eventId: number) {
  const [row] = await db
    .select({ title: event.title, currency: event.currency, meta: event.meta, company: event.company_name })
    .from(event)
    .where(eq(event.event_id, eventId));
  const [money, recent, [gifts], fundraisers] = await Promise.all([
    // Public, so read by anyone as often as they like: the invoices behind it are brought up to date at most every 5 s.
    moneyFigures(eventId, db, { syncEveryMs: 5_000 }),
    recentDonations(db, eventId, 8),
    db
      .select({ count: count() })
      .from(donation)
      .where(and(eq(donation.event_id, eventId), inArray(donation.status, COUNTED_GIFT_STATUSES))),
    publicFundraiserCount(eventId),
  ]);
  return {
    eventId,
    eventTitle: row.title,
    organisation: row.company || row.title,
    currency: row.currency,
    pledged: money.pledged,
    goal: goalOf(row.meta),
    giftCount: gifts.count,
    suggested: suggestedAmounts(row.meta),
    recent,
    hasFundraisers: fundraisers > 0,
  };
}
