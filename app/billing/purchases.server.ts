/**
 * /admin/bids/purchases: staff record a sale of an item for sale (auction_item of type "sale", its price buy_now) to
 * a paddle. The item's row lock makes the stock hold when several volunteers sell the last units at once; the
 * form's submission key makes a double click one sale. The sale is then on the guest's invoice (line source
 * "purchase"). A signed-in guest buys the same way on /dp, as themselves rather than by paddle.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { unitsSold } from "~/catalogue/units-sold.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { paths } from "~/http/paths";
import { messageOrigin } from "~/messages/links.server";
import { notifyTeamIfRunningLow } from "~/messages/team-notifications.server";
import { fullName } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { auction_item, event, purchase, usr } from "~drizzle/schema";
import { billablePaddleHolder, paddleOf } from "./paddle-holders.server";
import type { Transaction } from "~/db/connection.server";

export interface PurchaseInput {
  itemId: number;
  /** Staff sell to a paddle; a guest buying on their phone is the buyer themselves. */
  paddle: number | null;
  buyerUsrId?: number;
  quantity: number;
  submissionKey: string;
  byUsrId: number;
}

export async function recordPurchase(eventId: number, input: PurchaseInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ price: auction_item.buy_now, stock: auction_item.quantity, title: auction_item.title })
      .from(auction_item)
      .where(
        and(
          eq(auction_item.event_id, eventId),
          eq(auction_item.auction_item_id, input.itemId),
          eq(auction_item.type, "sale"),
        ),
      )
      .for("update");
    if (!item) throw new Refusal("Choose an item for sale.", "item");
    // Under the item's lock: the same post sent twice at once waits here, then finds the first one's sale.
    const [already] = await tx
      .select({ id: purchase.purchase_id })
      .from(purchase)
      .where(and(eq(purchase.event_id, eventId), eq(purchase.idempotency_key, input.submissionKey)));
    if (already) return already.id;
    if (item.price === null || item.price <= 0) throw new Refusal(`“${item.title}” has no price yet.`, "item");
    const [{ sold }] = await tx
      .select({ sold: sql<number>`coalesce(sum(${purchase.quantity}), 0)::int` })
      .from(purchase)
      .where(eq(purchase.auction_item_id, input.itemId));
    const left = item.stock - sold;
    if (input.quantity > left)
      throw new Refusal(left === 0 ? `“${item.title}” is sold out.` : `Only ${left} left.`, "quantity");
    // A guest buying on their phone is recorded under their paddle too, so the sale reads the same on staff screens.
    const holder = input.buyerUsrId
      ? { usrId: input.buyerUsrId, paddle: await paddleOf(tx, eventId, input.buyerUsrId) }
      : { ...(await buyerOfPaddle(tx, eventId, input.paddle)), paddle: input.paddle };
    const [created] = await tx
      .insert(purchase)
      .values({
        event_id: eventId,
        auction_item_id: input.itemId,
        usr_id: holder.usrId,
        paddle: holder.paddle,
        quantity: input.quantity,
        unit_price: item.price,
        amount: item.price * input.quantity,
        idempotency_key: input.submissionKey,
        recorded_by_usr_id: input.byUsrId,
      })
      .returning({ id: purchase.purchase_id });
    await notifyTeamIfRunningLow(tx, {
      eventId,
      thing: `item:${input.itemId}`,
      title: item.title,
      stock: item.stock,
      leftBefore: left,
      leftAfter: left - input.quantity,
      link: `${messageOrigin()}${paths.bidsPurchases(eventId)}`,
    });
    return created.id;
  });
}

/** The account a staff sale to a paddle is billed to. */
async function buyerOfPaddle(tx: Transaction, eventId: number, paddle: number | null) {
  const holder = paddle === null ? null : await billablePaddleHolder(tx, eventId, paddle);
  if (!holder) throw new Refusal(`No guest holds paddle ${paddle} at this event.`, "paddle");
  return holder;
}

export async function purchasesScreen(eventId: number) {
  const [eventRow] = await db
    .select({ currency: event.currency, timeZone: event.timezone })
    .from(event)
    .where(eq(event.event_id, eventId));
  const items = await db
    .select({
      id: auction_item.auction_item_id,
      title: auction_item.title,
      price: auction_item.buy_now,
      stock: auction_item.quantity,
      sold: unitsSold,
    })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, "sale")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.title));
  const recent = await db
    .select({
      id: purchase.purchase_id,
      paddle: purchase.paddle,
      first: usr.first_name,
      last: usr.last_name,
      email: usr.email_address,
      title: auction_item.title,
      quantity: purchase.quantity,
      amount: purchase.amount,
      at: purchase.created_at,
    })
    .from(purchase)
    .innerJoin(auction_item, eq(auction_item.auction_item_id, purchase.auction_item_id))
    .leftJoin(usr, eq(usr.usr_id, purchase.usr_id))
    .where(eq(purchase.event_id, eventId))
    .orderBy(desc(purchase.purchase_id))
    .limit(100);
  return {
    currency: eventRow.currency,
    items: items.map((item) => ({ ...item, left: item.stock - item.sold })),
    recent: recent.map((row) => ({
      ...row,
      guest: fullName(row.first, row.last) || row.email || "—",
      at: formatInZone(row.at, eventRow.timeZone),
    })),
  };
}
