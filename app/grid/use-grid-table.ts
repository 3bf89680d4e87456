/**
 * The TanStack table behind DataGrid, driven by the GridView (query string) so that the server renders exactly
 * what the browser then shows: sorting, column filters, global search and paging all run on the rows the loader
 * sent. Row selection and column visibility are the browser's own state.
 */
import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type Row,
  type RowData,
  type RowSelectionState,
} from "@tanstack/react-table";
import { useMemo } from "react";
import type { GridColumn } from "./grid-types";
import type { GridView } from "./grid-view";

export const gridFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

export type GridFeatures = typeof gridFeatures;
export type GridRow<Data extends RowData> = Row<GridFeatures, Data>;

interface GridTableOptions<Data extends RowData> {
  rows: Data[];
  columns: readonly GridColumn<Data>[];
  rowId: (row: Data) => string;
  view: GridView;
  rowSelection: RowSelectionState;
  onRowSelectionChange: (selection: RowSelectionState) => void;
  columnVisibility: ColumnVisibilityState;
}

export function useGridTable<Data extends RowData>({
  rows,
  columns,
  rowId,
  view,
  rowSelection,
  onRowSelectionChange,
  columnVisibility,
}: GridTableOptions<Data>) {
  const columnDefs = useMemo<ColumnDef<GridFeatures, Data>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: column.value,
        enableSorting: true,
        enableColumnFilter: column.filter !== false,
        filterFn: column.filter === "select" ? matchesExactly : containsText,
        sortFn: column.sortValue ? bySortValue(column.sortValue) : column.numeric ? compareNumbers : compareText,
        sortUndefined: "last",
      })),
    [columns],
  );

  // TanStack asks the search once per row and column; the row's text is made once per row and kept.
  const globalFilterFn = useMemo(() => searchRows(columns), [columns]);

  const sorting = useMemo(() => (view.sort ? [view.sort] : []), [view.sort]);
  const columnFilters = useMemo(
    () => Object.entries(view.filters).map(([id, value]) => ({ id, value })),
    [view.filters],
  );

  return useTable({
    features: gridFeatures,
    columns: columnDefs,
    data: rows,
    getRowId: (row: Data) => rowId(row),
    globalFilterFn,
    state: {
      sorting,
      columnFilters,
      globalFilter: view.q,
      pagination: { pageIndex: view.page, pageSize: view.pageSize },
      rowSelection,
      columnVisibility,
    },
    onRowSelectionChange: (updater) =>
      onRowSelectionChange(typeof updater === "function" ? updater(rowSelection) : updater),
    // The view changes through the query string (DataGrid), never through the table itself.
    autoResetPageIndex: false,
    enableMultiSort: false,
  });
}

/** What the filter and sort functions read of a row (TanStack's row type is invariant in the row's data). */
type ValueRow = { getValue: (columnId: string) => unknown; getAllCells: () => { getValue: () => unknown }[] };

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value).toLocaleLowerCase();
}

function containsText(row: ValueRow, columnId: string, filterValue: unknown): boolean {
  return text(row.getValue(columnId)).includes(text(filterValue));
}

function matchesExactly(row: ValueRow, columnId: string, filterValue: unknown): boolean {
  return text(row.getValue(columnId)) === text(filterValue);
}

/** The search: every word must appear in one column or another of the row. */
function searchRows<Data>(columns: readonly GridColumn<Data>[]) {
  const texts = new WeakMap<object, string>();
  const textOfRow = (row: Data): string => {
    const key = row as object;
    let haystack = texts.get(key);
    if (haystack === undefined) {
      haystack = columns.map((column) => text(column.value(row))).join("\u0000");
      texts.set(key, haystack);
    }
    return haystack;
  };
  return (row: { original: Data }, _columnId: string, filterValue: unknown): boolean => {
    const words = text(filterValue).split(/\s+/).filter(Boolean);
    const haystack = textOfRow(row.original);
    return words.every((word) => haystack.includes(word));
  };
}

function compareNumbers(a: ValueRow, b: ValueRow, columnId: string): number {
  return Number(a.getValue(columnId) ?? 0) - Number(b.getValue(columnId) ?? 0);
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Sorts by a column's own sort key (numbers before text; empty keys last, as TanStack puts undefined values). */
function bySortValue<Data>(sortValue: (row: Data) => number | string | null) {
  return (a: { original: Data }, b: { original: Data }): number => {
    const [x, y] = [sortValue(a.original), sortValue(b.original)];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return collator.compare(String(x), String(y));
  };
}

function compareText(a: ValueRow, b: ValueRow, columnId: string): number {
  return collator.compare(text(a.getValue(columnId)), text(b.getValue(columnId)));
}
