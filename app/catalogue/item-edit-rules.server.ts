/**
 * The one check every edit of an auction item passes (its page, the raw data sheet, the packages grids), inside
 * the transaction that holds the item's row lock, so a bid placed meanwhile (the bidding engine locks the row too)
 * waits for the edit or comes before its check:
 * - the amounts agree with each other (buy now above the starting bid, nothing at zero), whatever the path;
 * - once the item has bids or sales, what those bids were placed on stays: its type, its starting bid, and at
 *   least as many units as bids hold or buyers bought (fewer would make winners of bids that lost, or drop some
 *   that won). An item for sale may change its price: a sale is at the price of its moment.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { Refusal } from "~/forms/refusal";
import { type auction_item, bid, purchase } from "~drizzle/schema";
import { amountProblems } from "./auction-item-schema";
import type { Transaction } from "~/db.server";

type ItemRow = typeof auction_item.$inferSelect;
type Guarded = Pick<ItemRow, "type" | "starting_bid" | "increment" | "buy_now" | "quantity">;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Throws a Refusal naming its field when `next` (the item's values after the edit) may not replace `current`. */
export async function checkItemEdit(
  tx: Pick<Transaction, "select">,
  current: ItemRow,
  next: Partial<Guarded>,
): Promise<void> {
  const after = { ...current, ...next };
  const amounts = Object.entries(amountProblems(after));
  if (amounts.length > 0) throw new Refusal(amounts[0][1], amounts[0][0]);

  const changes = {
    type: after.type !== current.type,
    // An item bid on without a starting bid may get one proposed: the bids placed are above it or the engine's floor.
    starting_bid: after.type !== "sale" && current.starting_bid !== null && after.starting_bid !== current.starting_bid,
    quantity: after.quantity < current.quantity,
  };
  if (!changes.type && !changes.starting_bid && !changes.quantity) return;
  const id = current.auction_item_id;
  const [[bids], [sales], [held]] = [
    await tx.select({ n: count() }).from(bid).where(eq(bid.auction_item_id, id)),
    await tx
      .select({ n: count(), units: sql<number>`coalesce(sum(${purchase.quantity}), 0)::int` })
      .from(purchase)
      .where(eq(purchase.auction_item_id, id)),
    await tx
      .select({ n: count() })
      .from(bid)
      .where(and(eq(bid.auction_item_id, id), inArray(bid.status, ["winning", "won"]))),
  ];
  const placed = bids.n + sales.n;
  if (placed === 0) return;
  const why = `this item has ${plural(placed, "bid or sale", "bids or sales")}, placed on it as it is`;
  if (changes.type)
    throw new Refusal(`The type stays “${current.type}”: ${why}. Withdraw it and create a new item instead.`, "type");
  if (changes.starting_bid) throw new Refusal(`The starting bid stays as it is: ${why}.`, "starting_bid");
  const taken = held.n + Number(sales.units);
  if (changes.quantity && after.quantity < taken)
    throw new Refusal(
      `The quantity cannot go below ${taken}: ${plural(taken, "unit is", "units are")} held by bids or sold.`,
      "quantity",
    );
}
