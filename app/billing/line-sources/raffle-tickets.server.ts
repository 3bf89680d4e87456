/**
 * Raffle tickets bought at the event (/admin/bids/raffle, /raffle): one line per sale. A chance to win a prize is not
 * a gift: nothing of it is deductible.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { raffle, raffle_purchase } from "~drizzle/schema";
import type { InvoiceLineSource } from "./line-source";

export const raffleTickets: InvoiceLineSource = {
  name: "raffle",
  async lines(db, eventId, usrIds) {
    const rows = await db
      .select({
        id: raffle_purchase.raffle_purchase_id,
        usrId: raffle_purchase.usr_id,
        quantity: raffle_purchase.quantity,
        amount: raffle_purchase.amount,
        title: raffle.title,
      })
      .from(raffle_purchase)
      .innerJoin(raffle, eq(raffle.raffle_id, raffle_purchase.raffle_id))
      .where(
        and(
          eq(raffle_purchase.event_id, eventId),
          isNotNull(raffle_purchase.usr_id),
          usrIds ? inArray(raffle_purchase.usr_id, [...usrIds]) : undefined,
        ),
      );
    return rows.map((row) => ({
      usrId: row.usrId!,
      key: `raffle_purchase:${row.id}`,
      description: `Raffle · ${row.title} · ${row.quantity} ticket${row.quantity === 1 ? "" : "s"}`,
      amount: row.amount,
      // What a ticket buys is the chance itself: no deduction (docs DOMAIN "Money").
      fairMarketValue: row.amount,
      deductible: 0,
    }));
  },
};
