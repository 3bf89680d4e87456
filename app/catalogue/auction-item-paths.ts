/**
 * The addresses of the auction item page and the packages screens. Each keeps `?id=<event>` when the page it links
 * from was opened with one (?id sets the current event). Client-safe.
 */
import { paths } from "~/http/paths";
import { eventQuery as eventQueryOf } from "./inventory-paths";
import type { ItemType } from "./item-rules";

/** The item page: `item` to edit one, `type` to preselect the type of a new one. */
export function auctionItemPagePath(
  eventId: number | undefined,
  target: { item?: number; type?: ItemType } = {},
): string {
  return paths.auctionItemsAuctionItemPage(
    eventId,
    target.item !== undefined ? { item: target.item } : { type: target.type },
  );
}

/** The packages screen of a type (live or silent). */
export function packagesPath(eventId: number | undefined, type: "live" | "silent"): string {
  return (type === "live" ? paths.auctionItemsLivePackages : paths.auctionItemsSilentPackages)(eventId);
}

/** The packages screen an item of this type is listed on, else the raw data sheet. */
export function listPathOf(eventId: number | undefined, type: string): { to: string; label: string } {
  if (type === "live" || type === "silent") {
    return { to: packagesPath(eventId, type), label: `Back to the ${type} packages` };
  }
  if (type === "sale")
    return { to: `/admin/auction_items/items_for_sale${eventQueryOf(eventId)}`, label: "Back to the items for sale" };
  return { to: `/admin/auction_items/rawdata${eventQueryOf(eventId)}`, label: "Back to the raw data" };
}
