/**
 * The raw data sheet (/admin/auction_items/rawdata): every item with all its fields in one grid, edited in place,
 * deleted in bulk, exported as CSV; and the CSV import, checked first and reported row by row.
 */
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { deleteBulkAction } from "~/admin-list/ui/columns";
import { replyFor } from "~/forms/form-contract";
import { DataGrid } from "~/grid/ui/data-grid";
import { Card } from "~/ui/card";
import { CsvCheckForm } from "~/ui/csv-check-form";
import { EmptyState } from "~/ui/empty-state";
import { formatMoney } from "~/ui/format";
import { ImportCleanRows, ImportProblems } from "~/ui/import-report";
import { centsToInput } from "~/ui/money-input";
import { itemInlineRules } from "../item-fields";
import { ITEM_TYPE_LABELS, ITEM_TYPES } from "../item-rules";
import { PrintLinks } from "./print-links";
import type { ItemSheetRow, listItemSheet } from "../auction-items.server";
import type { ImportCheck } from "../item-import.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

/**
 * The import's form id in the contract: a file it cannot read at all is refused in the contract's shape, with the
 * message on its `file` field.
 */
export const IMPORT_FORM = "import";

/** What the import answers about a file it could read: the check of each row, with the file to import from. */
export type ImportReport = { importCheck: ImportCheck; csv: string; fileName: string };

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

export function RawDataPage() {
  const { items, currency } = useLoaderData<Awaited<ReturnType<typeof listItemSheet>>>();
  return (
    <>
      <div className="page-header">
        <h1>Raw data</h1>
        <p>
          Every item with all its fields. Edit cells in place, export the sheet, or import items from a spreadsheet
          saved as CSV.
        </p>
      </div>
      <ImportPanel />
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
            text="Import your catalogue from a CSV file above, or add items one by one."
          />
        }
      />
    </>
  );
}

function ImportPanel() {
  const answer = useActionData<unknown>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const report = isImportReport(answer) ? answer : null;
  const error = replyFor(answer, IMPORT_FORM)?.error?.file?.[0];

  return (
    <Card title="Import from a CSV file" headingLevel={2}>
      <p className="muted">
        The first line names the columns: Title is needed; Lot, Type (silent, live, virtual or sale), Value, Starting
        bid, Increment, Buy now, Quantity, Category, Donor (name or email), Tag, Status, Excerpt, Description,
        Disclaimer, In person only and Internal notes are read when present. Blank starting bids and increments are
        proposed from the value. The file is checked first: nothing is imported until you say so.
      </p>
      <CsvCheckForm id={IMPORT_FORM} error={error} busy={busy} />
      {report ? <ImportReportSection report={report} /> : null}
    </Card>
  );
}

function isImportReport(answer: unknown): answer is ImportReport {
  return typeof answer === "object" && answer !== null && "importCheck" in answer;
}

function ImportReportSection({ report }: { report: ImportReport }) {
  const { ready, problems, ignoredColumns } = report.importCheck;
  return (
    <section aria-labelledby="import-report" className="stack">
      <h3 id="import-report">
        {report.fileName ? `${report.fileName}: ` : ""}
        {ready.length} {ready.length === 1 ? "row is" : "rows are"} ready, {problems.length}{" "}
        {problems.length === 1 ? "row has" : "rows have"} problems
      </h3>
      {ignoredColumns.length > 0 ? <p className="muted">Columns not read: {ignoredColumns.join(", ")}.</p> : null}
      <ImportProblems problems={problems} nameHeader="Title" nameOf={(problem) => problem.title} />
      <ImportCleanRows
        csv={report.csv}
        fileName={report.fileName}
        label={
          ready.length === 0
            ? null
            : problems.length > 0
              ? `Import the ${ready.length} clean ${ready.length === 1 ? "row" : "rows"}`
              : `Import ${ready.length} ${ready.length === 1 ? "item" : "items"}`
        }
      />
    </section>
  );
}
