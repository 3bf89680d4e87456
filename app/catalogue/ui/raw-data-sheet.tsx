/**
 * The raw data sheet (/admin/auction_items/rawdata): every item with all its fields in one grid, edited in place,
 * deleted in bulk, exported as CSV; and the import of a spreadsheet (item-import-panel.tsx).
 */
import { useLoaderData } from "@remix-run/react";
import { deleteBulkAction } from "~/admin-list/ui/columns";
import { DataGrid } from "~/grid/ui/data-grid";
import { EmptyState } from "~/ui/empty-state";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { itemInlineRules } from "../item-fields";
import { ITEM_TYPE_LABELS, ITEM_TYPES } from "../item-rules";
import { ItemImportPanel } from "./item-import-panel";
import { PrintLinks } from "./print-links";
import type { ItemSheetRow, listItemSheet } from "../auction-items.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

function sheetColumns(currency: string): GridColumn<ItemSheetRow>[] {
  const money = (id: "value" | "starting_bid" | "increment" | "buy_now", header: string): GridColumn<ItemSheetRow> => ({
    id,
    header,
    numeric: true,
    // Exported and searched in units, as people type them.
    value: (row) => (row[id] === null ? null : row[id]! / 100),
    cell: (row) => (row[id] === null ? <span className="muted">—</span> : formatMoney(row[id]!, currency)),
    editValue: (row) => centsToInput(row[id]),
    edit: { type: "number" },
  });
  return [
    { id: "lot", header: "Lot", value: (row) => row.lot, numeric: true, edit: { type: "number" } },
    { id: "title", header: "Title", value: (row) => row.title, edit: { type: "text", rule: itemInlineRules.title } },
    {
      id: "type",
      header: "Type",
      value: (row) => row.type,
      cell: (row) => ITEM_TYPE_LABELS[row.type as keyof typeof ITEM_TYPE_LABELS] ?? row.type,
      filter: "select",
      edit: { type: "select", options: ITEM_TYPES.map((type) => ({ value: type, label: ITEM_TYPE_LABELS[type] })) },
    },
    { id: "subtype", header: "Subtype", value: (row) => row.subtype, filter: "select", hidden: true },
    { id: "status", header: "Status", value: (row) => row.status, filter: "select" },
    { id: "category", header: "Category", value: (row) => row.category, filter: "select" },
    { id: "donor", header: "Donor", value: (row) => row.donor },
    money("value", "Value"),
    money("starting_bid", "Starting bid"),
    money("increment", "Increment"),
    money("buy_now", "Buy now"),
    { id: "quantity", header: "Quantity", value: (row) => row.quantity, numeric: true, edit: { type: "number" } },
    {
      id: "in_person_only",
      header: "In person only",
      value: (row) => row.in_person_only,
      filter: "select",
      hidden: true,
    },
    { id: "tag", header: "Tag", value: (row) => row.tag, edit: { type: "text", rule: itemInlineRules.tag } },
    { id: "display_order", header: "Display order", value: (row) => row.display_order, numeric: true, hidden: true },
    { id: "excerpt", header: "Excerpt", value: (row) => row.excerpt, hidden: true },
    { id: "disclaimer", header: "Disclaimer", value: (row) => row.xinv_disclaimer, hidden: true },
    { id: "internal_notes", header: "Internal notes", value: (row) => row.internal_notes, hidden: true },
    { id: "bid_count", header: "Bids", value: (row) => row.bid_count, numeric: true, filter: false },
  ];
}

const bulkActions: GridBulkAction[] = [
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this item?" : `Delete ${count} items?`,
    description: "Items with bids are never deleted. Their images and the links of their inventory go with them.",
  })),
];

export { IMPORT_FORM, type ImportReport } from "../item-import-report";

export function RawDataPage() {
  const { items, currency } = useLoaderData<Awaited<ReturnType<typeof listItemSheet>>>();
  return (
    <>
      <div className="page-header">
        <h1>Raw data</h1>
        <p>
          Every item with all its fields. Edit cells in place, export the sheet, or import items from a spreadsheet (CSV
          or Excel).
        </p>
      </div>
      <ItemImportPanel />
      <DataGrid
        label="Items"
        rows={items}
        columns={sheetColumns(currency)}
        rowId={(row) => String(row.auction_item_id)}
        rowLabel={(row) => (row.lot ? `lot ${row.lot}, ${row.title}` : row.title)}
        bulkActions={bulkActions}
        actions={<PrintLinks />}
        empty={
          <EmptyState
            title="No items yet"
            text="Import your catalogue from a spreadsheet above, or add items one by one."
          />
        }
      />
    </>
  );
}
