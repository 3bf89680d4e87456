/** Paddle-raise pledges still standing (status "pledged"): a gift, so all of it is deductible. */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { paddle_raise, pledge } from "~drizzle/schema";
import type { InvoiceLineSource } from "./line-source";

export const paddleRaisePledges: InvoiceLineSource = {
  name: "pledge",
  async lines(db, eventId, usrIds) {
    const rows = await db
      .select({ id: pledge.pledge_id, usrId: pledge.usr_id, amount: pledge.amount, raise: paddle_raise.title })
      .from(pledge)
      .innerJoin(paddle_raise, eq(paddle_raise.paddle_raise_id, pledge.paddle_raise_id))
      .where(
        and(
          eq(pledge.event_id, eventId),
          eq(pledge.status, "pledged"),
          isNotNull(pledge.usr_id),
          usrIds ? inArray(pledge.usr_id, [...usrIds]) : undefined,
        ),
      );
    return rows.map((row) => ({
      usrId: row.usrId!,
      key: `pledge:${row.id}`,
      description: `Paddle raise · ${row.raise}`,
      amount: row.amount,
      fairMarketValue: 0,
      deductible: row.amount,
    }));
  },
};
