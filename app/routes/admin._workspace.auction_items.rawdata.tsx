import {
  data,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import {
  deleteItems,
  DuplicateLotError,
  ItemsWithBidsError,
  listItemSheet,
  updateItemField,
  type ItemSheetRow,
} from "~/catalogue/auction-items.server";
import { itemInlineRules, type InlineItemField } from "~/catalogue/item-fields";
import { checkItemImport, importItems, MAX_IMPORT_BYTES, type ImportCheck } from "~/catalogue/item-import.server";
import { ITEM_TYPE_LABELS, ITEM_TYPES } from "~/catalogue/item-rules";
import { PrintLinks } from "~/catalogue/print-links";
import { DataGrid } from "~/grid/data-grid";
import {
  inlineEditSaved,
  readInlineEdit,
  readSelectedIds,
  refuseBulk,
  refuseInlineEdit,
} from "~/grid/grid-forms.server";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { redirectWithToast } from "~/ui/toast.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Raw data · Auction items · Gavel" },
];

/** /admin/auction_items/rawdata: every item with all its fields in one sheet; CSV import (checked first) and export. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return listItemSheet(eventId);
}

type ImportAnswer = { importCheck: ImportCheck; csv: string; fileName: string } | { importError: string };

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const form = await readForm(request);
  if (!form)
    return data<ImportAnswer>(
      { importError: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.` },
      { status: 400 },
    );

  switch (form.get("intent")) {
    case "check": {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) {
        return data<ImportAnswer>({ importError: "Choose a CSV file to check." }, { status: 400 });
      }
      const csv = await file.text();
      const importCheck = await checkItemImport(eventId, csv);
      return data<ImportAnswer>(
        { importCheck, csv, fileName: file.name },
        { status: importCheck.fileError ? 400 : 200 },
      );
    }

    case "import": {
      const csv = String(form.get("csv") ?? "");
      const { imported, check } = await importItems(eventId, csv);
      if (imported === 0) {
        return data<ImportAnswer>(
          { importCheck: check, csv, fileName: String(form.get("file_name") ?? "") },
          { status: 400 },
        );
      }
      const skipped = check.problems.length;
      return redirectWithToast(here, {
        title: `${imported} ${imported === 1 ? "item" : "items"} imported`,
        description: skipped
          ? `${skipped} ${skipped === 1 ? "row was" : "rows were"} left out. Fix them and import them on their own.`
          : undefined,
      });
    }

    case "inline-edit": {
      const edit = readInlineEdit(form);
      if (!edit || !(edit.field in itemInlineRules))
        throw new Response("This edit is not one the grid makes.", { status: 400 });
      const field = edit.field as InlineItemField;
      const parsed = itemInlineRules[field].safeParse(edit.value);
      if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
      try {
        const found = await updateItemField(eventId, edit.id, field, parsed.data);
        if (!found) return refuseInlineEdit(edit, "This item no longer exists. Reload the page.");
      } catch (error) {
        if (!(error instanceof DuplicateLotError)) throw error;
        return refuseInlineEdit(edit, error.message);
      }
      return inlineEditSaved();
    }

    case "delete": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the items to delete first.");
      try {
        const deleted = await deleteItems(eventId, ids);
        return redirectWithToast(here, { title: deleted === 1 ? "Item deleted" : `${deleted} items deleted` });
      } catch (error) {
        if (!(error instanceof ItemsWithBidsError)) throw error;
        return refuseBulk(`Nothing was deleted. ${error.message}`);
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

/** The form, with an uploaded CSV held in memory; null when the file is over the limit. */
async function readForm(request: Request): Promise<FormData | null> {
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return request.formData();
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_IMPORT_BYTES }),
    );
  } catch (error) {
    if (error instanceof Error && /exceeded upload size/i.test(error.message)) return null;
    throw error;
  }
}

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
  {
    intent: "delete",
    label: "Delete",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Delete this item?" : `Delete ${count} items?`,
      description: "Items with bids are never deleted. Their images and the links of their inventory go with them.",
    }),
  },
];

export default function RawDataPage() {
  const { items, currency } = useLoaderData<typeof loader>();
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
  const answer = useActionData<ImportAnswer>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const check = answer && "importCheck" in answer ? answer : null;
  const error = answer && "importError" in answer ? answer.importError : check?.importCheck.fileError;

  return (
    <Card title="Import from a CSV file" headingLevel={2}>
      <p className="muted">
        The first line names the columns: Title is needed; Lot, Type (silent, live, virtual or sale), Value, Starting
        bid, Increment, Buy now, Quantity, Category, Donor (name or email), Tag, Status, Excerpt, Description,
        Disclaimer, In person only and Internal notes are read when present. Blank starting bids and increments are
        proposed from the value. The file is checked first: nothing is imported until you say so.
      </p>
      <Form method="post" encType="multipart/form-data" className="import-form">
        <input type="hidden" name="intent" value="check" />
        <label className="field__label" htmlFor="import-file">
          CSV file
        </label>
        <input
          id="import-file"
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          aria-describedby={error ? "import-error" : undefined}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Check the file
        </Button>
      </Form>
      {error ? (
        <div id="import-error">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      {check && !check.importCheck.fileError ? <ImportReport answer={check} /> : null}
    </Card>
  );
}

function ImportReport({ answer }: { answer: { importCheck: ImportCheck; csv: string; fileName: string } }) {
  const { ready, problems, ignoredColumns } = answer.importCheck;
  return (
    <section aria-labelledby="import-report" className="stack">
      <h3 id="import-report">
        {answer.fileName ? `${answer.fileName}: ` : ""}
        {ready.length} {ready.length === 1 ? "row is" : "rows are"} ready, {problems.length}{" "}
        {problems.length === 1 ? "row has" : "rows have"} problems
      </h3>
      {ignoredColumns.length > 0 ? <p className="muted">Columns not read: {ignoredColumns.join(", ")}.</p> : null}
      {problems.length > 0 ? (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Rows with problems</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Title</th>
                <th scope="col">Problems</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((problem) => (
                <tr key={problem.line}>
                  <td>{problem.line}</td>
                  <td>{problem.title}</td>
                  <td>
                    <ul className="plain-list">
                      {problem.messages.map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {ready.length > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="csv" value={answer.csv} />
          <input type="hidden" name="file_name" value={answer.fileName} />
          <Button type="submit" variant="primary">
            {problems.length > 0
              ? `Import the ${ready.length} clean ${ready.length === 1 ? "row" : "rows"}`
              : `Import ${ready.length} ${ready.length === 1 ? "item" : "items"}`}
          </Button>
        </Form>
      ) : (
        <p>Fix the rows above in your spreadsheet, save it as CSV and check it again.</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
