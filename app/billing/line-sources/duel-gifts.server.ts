/** Gifts given in a duel (/duel) and not cancelled: a gift, so all of it is deductible. */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { duel, duel_gift } from "~drizzle/schema";
import type { InvoiceLineSource } from "./line-source";

export const duelGifts: InvoiceLineSource = {
  name: "duel",
  async lines(db, eventId, usrIds) {
    const rows = await db
      .select({
        id: duel_gift.duel_gift_id,
        usrId: duel_gift.usr_id,
        amount: duel_gift.amount,
        side: duel_gift.side,
        title: duel.title,
        sideA: duel.side_a,
        sideB: duel.side_b,
      })
      .from(duel_gift)
      .innerJoin(duel, eq(duel.duel_id, duel_gift.duel_id))
      .where(
        and(
          eq(duel_gift.event_id, eventId),
          eq(duel_gift.status, "pledged"),
          isNotNull(duel_gift.usr_id),
          usrIds ? inArray(duel_gift.usr_id, [...usrIds]) : undefined,
        ),
      );
    return rows.map((row) => ({
      usrId: row.usrId!,
      key: `duel_gift:${row.id}`,
      description: `${row.title} · for ${row.side === "a" ? row.sideA : row.sideB}`,
      amount: row.amount,
      fairMarketValue: 0,
      deductible: row.amount,
    }));
  },
};
