/**
 * The addresses of the inventory's pages. Each keeps `?id=<event>` when the page it links from was opened with
 * one (?id sets the current event), so moving between them stays on that event. Client-safe.
 */
import { eventAddress } from "~/http/paths";

export const INVENTORY_PATH = "/admin/auction_items/inventory";

/** "?id=12" for an event named in the query, "" otherwise (read it with eventIdFromQuery on the server). */
export function eventQuery(eventIdFromQuery: number | undefined): string {
  return eventAddress("", eventIdFromQuery);
}

/** The grid, the new item's page, or an item's page. */
export function inventoryPath(query: string, item?: number | "new"): string {
  return `${INVENTORY_PATH}${item === undefined ? "" : `/${item}`}${query}`;
}
