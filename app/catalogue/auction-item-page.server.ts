/**
 * What the auction item page shows (/admin/auction_items/auction_item_page): every field of one item of the event as
 * the form posts it, with its images, the inventory it bundles and the inventory free to add; or a new item of the
 * type asked for (silent when none is).
 */
import { eventCurrency } from "~/events/event-currency.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { listPathOf } from "./auction-item-paths";
import { eventBidProposal, freeInventory, getAuctionItem } from "./auction-item.server";
import { catalogueOptions } from "./catalogue-options.server";
import { inventoryPath, eventQuery as eventQueryOf } from "./inventory-paths";
import { isItemType, type ItemType } from "./item-rules";
import type { AuctionItemFormValues } from "./ui/auction-item-form";

export async function auctionItemScreen(
  eventId: number,
  { itemId, queryEvent, asked = "" }: { itemId: number | null; queryEvent: number | undefined; asked?: string },
) {
  const [options, currency, proposal] = [
    await catalogueOptions(eventId),
    await eventCurrency(eventId),
    await eventBidProposal(eventId),
  ];
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, currency));

  if (itemId === null) {
    const type: ItemType = isItemType(asked) ? asked : "silent";
    const values: AuctionItemFormValues = {
      title: "",
      lot: "",
      type,
      subtype: "",
      excerpt: "",
      description: "",
      value: "",
      starting_bid: "",
      increment: "",
      buy_now: "",
      quantity: "1",
      in_person_only: "",
      status: "draft",
      tag: "",
      display_order: "0",
      xinv_donor_id: "",
      xinv_category_id: "",
      xinv_staff_id: "",
      xinv_disclaimer: "",
      internal_notes: "",
    };
    return {
      item: null,
      values,
      options,
      currency,
      proposal,
      queryEvent,
      back: listPathOf(queryEvent, type),
      free: [],
    };
  }

  const item = await getAuctionItem(eventId, itemId);
  if (!item) throw new Response("This event has no such auction item.", { status: 404 });
  const id = (value: number | null) => (value === null ? "" : String(value));
  const values: AuctionItemFormValues = {
    title: item.title,
    lot: id(item.lot),
    type: item.type,
    subtype: item.subtype ?? "",
    excerpt: item.excerpt ?? "",
    description: sanitizeRichText(item.description ?? ""),
    value: centsToInput(item.value),
    starting_bid: centsToInput(item.starting_bid),
    increment: centsToInput(item.increment),
    buy_now: centsToInput(item.buy_now),
    quantity: String(item.quantity),
    in_person_only: item.in_person_only ? "on" : "",
    status: item.status,
    tag: item.tag ?? "",
    display_order: String(item.display_order),
    xinv_donor_id: id(item.xinv_donor_id),
    xinv_category_id: id(item.xinv_category_id),
    xinv_staff_id: id(item.xinv_staff_id),
    xinv_disclaimer: item.xinv_disclaimer ?? "",
    internal_notes: item.internal_notes ?? "",
  };
  return {
    item: {
      auction_item_id: item.auction_item_id,
      title: item.title,
      lot: item.lot,
      type: item.type,
      featured_image: item.featured_image,
      images: item.images,
      bid_count: item.bid_count,
      value_label: money(item.value),
      inventory: item.inventory.map((row) => ({
        ...row,
        value_label: money(row.value),
        href: inventoryPath(eventQueryOf(queryEvent), row.inventory_id),
      })),
      inventory_sum: centsToInput(item.inventory_sum),
      inventory_sum_label: money(item.inventory_sum),
    },
    values,
    options,
    currency,
    proposal,
    queryEvent,
    back: listPathOf(queryEvent, item.type),
    free: (await freeInventory(eventId)).map((row) => ({ ...row, value_label: money(row.value) })),
  };
}

export type AuctionItemScreen = Awaited<ReturnType<typeof auctionItemScreen>>;
