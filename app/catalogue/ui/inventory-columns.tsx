import { Link } from "@remix-run/react";
import { deleteBulkAction } from "~/admin-list/ui/columns";
import { centsToInput } from "~/ui/money-input";
import { INVENTORY_BULK_INTENT, inventoryTag, inventoryTitle, NO_CATEGORY } from "../inventory-fields";
import { inventoryPath } from "../inventory-paths";
import type { listInventory } from "../inventory.server";
import type { SerializeFrom } from "@remix-run/node";
import type { GridBulkAction, GridColumn, GridOption } from "~/grid/grid-types";

/** An inventory item as the grid shows it, its value formatted by the server. */
export type InventoryListRow = SerializeFrom<typeof listInventory>[number] & { value_label: string | null };

const NOT_IN_AUCTION_ITEM = "Not yet in an auction item";

/** The inventory grid's columns: title, value, category and tag are edited in place; the title opens the item. */
export function inventoryColumns(
  categories: readonly GridOption[],
  eventQuery: string,
): GridColumn<InventoryListRow>[] {
  return [
    {
      id: "title",
      header: "Title",
      value: (row) => row.title,
      cell: (row) => <Link to={inventoryPath(eventQuery, row.inventory_id)}>{row.title}</Link>,
      edit: { type: "text", rule: inventoryTitle },
    },
    {
      id: "value",
      header: "Value",
      // In units, so that sorting, search and the export read amounts as people do.
      value: (row) => (row.value === null ? null : row.value / 100),
      cell: (row) => row.value_label ?? <span className="muted">—</span>,
      editValue: (row) => centsToInput(row.value),
      numeric: true,
      filter: false,
      edit: { type: "number", step: "0.01", min: 0 },
    },
    { id: "donor", header: "Donor", value: (row) => row.donor_name },
    {
      id: "category",
      header: "Category",
      value: (row) => row.category_title,
      editValue: (row) => (row.category_id === null ? "" : String(row.category_id)),
      filter: "select",
      edit: { type: "select", options: [{ value: "", label: "No category" }, ...categories] },
    },
    { id: "staff", header: "Staff", value: (row) => row.staff_name, filter: "select" },
    { id: "tag", header: "Tag", value: (row) => row.tag, edit: { type: "text", rule: inventoryTag } },
    {
      id: "auction_item",
      header: "Auction item",
      value: (row) => auctionItemLabel(row),
      cell: (row) =>
        row.auction_item_id === null ? <span className="muted">{NOT_IN_AUCTION_ITEM}</span> : auctionItemLabel(row),
      filter: "select",
    },
    { id: "image_count", header: "Images", value: (row) => row.image_count, numeric: true, filter: false },
    { id: "display_order", header: "Order", value: (row) => row.display_order, numeric: true, filter: false },
  ];
}

function auctionItemLabel(row: InventoryListRow): string {
  if (row.auction_item_id === null) return NOT_IN_AUCTION_ITEM;
  return row.auction_item_lot === null
    ? (row.auction_item_title ?? "")
    : `Lot ${row.auction_item_lot} · ${row.auction_item_title}`;
}

/** What staff do with the ticked items: change their category, take them out of their auction item, delete. */
export function inventoryBulkActions(categories: readonly GridOption[]): GridBulkAction[] {
  return [
    {
      intent: INVENTORY_BULK_INTENT.changeCategory,
      label: "Change category",
      choice: {
        name: "category_id",
        label: "Category",
        options: [...categories, { value: NO_CATEGORY, label: "No category" }],
      },
    },
    {
      intent: INVENTORY_BULK_INTENT.unassign,
      label: "Take out of auction item",
      confirm: (count) => ({
        title:
          count === 1 ? "Take this item out of its auction item?" : `Take ${count} items out of their auction items?`,
        description:
          "They stay in the inventory, ready to go into another auction item. Items in an auction item that has bids are not moved.",
      }),
    },
    deleteBulkAction((count) => ({
      title: count === 1 ? "Delete this inventory item?" : `Delete ${count} inventory items?`,
      description:
        "Their details and images go for good. Items in an auction item that has bids are not deleted: bidders bid on them.",
    })),
  ];
}
