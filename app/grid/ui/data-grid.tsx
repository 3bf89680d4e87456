/**
 * The one data grid of the admin (docs/decisions/011-data-grid.md): search, a filter per column, sorting, paging,
 * column choice, row selection with actions on the selected rows, editing simple cells in place and CSV export,
 * on TanStack Table. The view (search, sort, filters, page) lives in the query string: the server renders it and
 * without JavaScript the headers, pages and filter form are plain links and forms; with JavaScript the same
 * controls act at once, in the browser, on the rows the loader sent (a few thousand at most).
 */
import { useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useMemo, useState, type MouseEvent, type ReactNode } from "react";
import gridHref from "~/styles/grid.css";
import { useHydrated } from "~/ui/use-hydrated";
import { downloadCsv } from "../grid-export";
import { useGridExportAllowed } from "../grid-export-allowed";
import { filterParamName, gridViewSearch, nextSort, readGridView, type GridView } from "../grid-view";
import { useGridTable } from "../use-grid-table";
import { GridBulkBar } from "./grid-bulk-bar";
import { showCell } from "./grid-cell";
import { GridColumnsMenu, useColumnVisibility } from "./grid-columns-menu";
import { GridInlineCell } from "./grid-inline-cell";
import { GridPager } from "./grid-pager";
import type { GridBulkAction, GridColumn, GridValue } from "../grid-types";
import type { LinksFunction } from "@remix-run/node";
import type { RowData, RowSelectionState } from "@tanstack/react-table";

export const dataGridLinks: LinksFunction = () => [{ rel: "stylesheet", href: gridHref }];

export interface DataGridProps<Row extends RowData> {
  /** What the rows are ("Inventory"): the table's name for screen readers and the export's file name. */
  label: string;
  rows: Row[];
  columns: readonly GridColumn<Row>[];
  rowId: (row: Row) => string;
  /** Names a row for its checkbox and editors ("Select Weekend in Napa"). */
  rowLabel: (row: Row) => string;
  /** A colour that marks the row (staff.grid_row_color). */
  rowColor?: (row: Row) => string | null | undefined;
  bulkActions?: readonly GridBulkAction[];
  /** A key made when the page was shown, posted with the actions on the selected rows so a double post acts once. */
  bulkSubmissionKey?: string;
  /** Shown instead of the table while there are no rows at all. */
  empty: ReactNode;
  /** Buttons beside the search ("New item"). */
  actions?: ReactNode;
}

export function DataGrid<Row extends RowData>({
  label,
  rows,
  columns,
  rowId,
  rowLabel,
  rowColor,
  bulkActions = [],
  bulkSubmissionKey,
  empty,
  actions,
}: DataGridProps<Row>) {
  const hydrated = useHydrated();
  const exportAllowed = useGridExportAllowed();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const columnIds = useMemo(() => columns.map((column) => column.id), [columns]);
  const [view, setView] = useState<GridView>(() => readGridView(searchParams, columnIds));
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(label, columns);
  const filterFormId = useId();
  const bulkFormId = useId();
  const captionId = useId();
  const navigation = useNavigation();

  // Keep the address bar on the view, so that a reload or a shared link shows the same rows. The router is not
  // told: the rows are all here, and a navigation would reload them for nothing.
  useEffect(() => {
    if (!hydrated) return;
    const search = gridViewSearch(view, new URLSearchParams(window.location.search));
    const url = window.location.pathname + search + window.location.hash;
    if (url !== window.location.pathname + window.location.search + window.location.hash) {
      window.history.replaceState(window.history.state, "", url);
    }
  }, [view, hydrated, location.key]);

  // After an action, forget the selection of rows that are gone (deleted).
  useEffect(() => {
    if (navigation.state === "idle") setRowSelection((selected) => keepExisting(selected, rows, rowId));
  }, [rows, rowId, navigation.state]);

  const table = useGridTable({
    rows,
    columns,
    rowId,
    view,
    rowSelection,
    onRowSelectionChange: setRowSelection,
    columnVisibility,
  });

  // The empty state carries its own call to action.
  if (rows.length === 0) return <div className="grid">{empty}</div>;

  const visibleColumns = columns.filter((column) => columnVisibility[column.id] !== false);
  const matching = table.getPrePaginatedRowModel().rows;
  const pageRows = table.getRowModel().rows;
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const pageCount = Math.max(1, Math.ceil(matching.length / view.pageSize));
  const hasFilters = visibleColumns.some((column) => column.filter !== false);

  /** A link to another view: followed as it is without JavaScript, applied in place with it. */
  const viewLink = (next: GridView) => ({
    href: location.pathname + gridViewSearch(next, searchParams),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      setView(next);
    },
  });
  const changeView = (change: Partial<GridView>) => setView((current) => ({ ...current, page: 0, ...change }));
  const setFilter = (id: string, value: string) =>
    changeView({ filters: Object.fromEntries(Object.entries({ ...view.filters, [id]: value }).filter(([, v]) => v)) });

  const allOnPageSelected = pageRows.length > 0 && pageRows.every((row) => rowSelection[row.id]);

  return (
    <div className="grid">
      <div className="grid__toolbar">
        {/* The search (and, through their form attribute, the column filters), as a GET form that keeps the sort. */}
        <form
          id={filterFormId}
          method="get"
          className="grid__search-form"
          role="search"
          aria-label={`Search ${label.toLowerCase()}`}
          onSubmit={(event) => hydrated && event.preventDefault()}
        >
          {[...searchParams].map(([name, value]) =>
            name === "q" || name === "page" || name === "size" || name.startsWith("f.") ? null : (
              <input key={name} type="hidden" name={name} value={value} />
            ),
          )}
          <input
            type="search"
            name="q"
            className="grid__search control-sm"
            aria-label={`Search ${label.toLowerCase()}`}
            placeholder="Search"
            defaultValue={view.q}
            onChange={(event) => changeView({ q: event.currentTarget.value })}
          />
          {hydrated ? null : (
            <button type="submit" className="button button--secondary button--sm">
              Apply
            </button>
          )}
        </form>
        <span className="grid__count" role="status">
          {matching.length === rows.length
            ? `${rows.length} ${rows.length === 1 ? "row" : "rows"}`
            : `${matching.length} of ${rows.length} rows`}
        </span>
        <div className="grid__toolbar-end">
          {hydrated ? (
            <>
              <GridColumnsMenu columns={columns} visibility={columnVisibility} onChange={setColumnVisibility} />
              {exportAllowed ? (
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() =>
                    downloadCsv(
                      label,
                      visibleColumns,
                      matching.map((row) => row.original as Row),
                    )
                  }
                >
                  Export CSV
                </button>
              ) : null}
            </>
          ) : null}
          {actions}
        </div>
      </div>

      {bulkActions.length > 0 ? (
        <GridBulkBar
          formId={bulkFormId}
          actions={bulkActions}
          selectedIds={selectedIds}
          hydrated={hydrated}
          onClear={() => setRowSelection({})}
          submissionKey={bulkSubmissionKey}
        />
      ) : null}

      {/* A table wider than its box scrolls inside it: a region a keyboard can scroll, with a shade at the edge that
          has more columns past it (grid.css). */}
      <div className="grid__frame">
        {/* A scrolling box must take focus for a keyboard to scroll it (WCAG 2.1.1), though a region is not a control. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="grid__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="grid__table" aria-labelledby={captionId}>
            <caption id={captionId} className="visually-hidden">
              {label}
            </caption>
            <thead>
              <tr>
                {bulkActions.length > 0 ? (
                  <th scope="col" className="grid__select">
                    {hydrated ? (
                      <input
                        type="checkbox"
                        aria-label="Select every row on this page"
                        checked={allOnPageSelected}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          setRowSelection((selected) => {
                            const next = { ...selected };
                            for (const row of pageRows) {
                              if (checked) next[row.id] = true;
                              else delete next[row.id];
                            }
                            return next;
                          });
                        }}
                      />
                    ) : (
                      <span className="visually-hidden">Select</span>
                    )}
                  </th>
                ) : null}
                {visibleColumns.map((column) => {
                  const sorted =
                    view.sort?.id === column.id ? (view.sort.desc ? "descending" : "ascending") : undefined;
                  return (
                    <th key={column.id} scope="col" aria-sort={sorted ?? "none"} className={cellClass(column)}>
                      <a className="grid__sort" {...viewLink({ ...view, sort: nextSort(view.sort, column.id) })}>
                        {column.header}
                        <span aria-hidden="true" className="grid__sort-mark">
                          {sorted === "ascending" ? "▲" : sorted === "descending" ? "▼" : ""}
                        </span>
                      </a>
                    </th>
                  );
                })}
              </tr>
              {hasFilters ? (
                <tr className="grid__filters">
                  {bulkActions.length > 0 ? <td /> : null}
                  {visibleColumns.map((column) => (
                    <td key={column.id} className={column.pinEnd ? "grid__pinned" : undefined}>
                      {column.filter === false ? null : column.filter === "select" ? (
                        <select
                          className="control-sm"
                          form={filterFormId}
                          name={filterParamName(column.id)}
                          aria-label={`Filter ${column.header}`}
                          value={view.filters[column.id] ?? ""}
                          onChange={(event) => setFilter(column.id, event.currentTarget.value)}
                        >
                          <option value="">All</option>
                          {distinctValues(rows, column).map((value) => (
                            <option key={value} value={value}>
                              {value}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <input
                          type="search"
                          className="control-sm"
                          form={filterFormId}
                          name={filterParamName(column.id)}
                          aria-label={`Filter ${column.header}`}
                          defaultValue={view.filters[column.id] ?? ""}
                          onChange={(event) => setFilter(column.id, event.currentTarget.value)}
                        />
                      )}
                    </td>
                  ))}
                </tr>
              ) : null}
            </thead>
            <tbody>
              {pageRows.length === 0 ? (
                <tr>
                  <td colSpan={visibleColumns.length + (bulkActions.length > 0 ? 1 : 0)} className="grid__none">
                    No rows match. <a {...viewLink({ ...view, q: "", filters: {}, page: 0 })}>Show every row</a>
                  </td>
                </tr>
              ) : (
                pageRows.map((row) => {
                  const color = rowColor?.(row.original);
                  return (
                    <tr
                      key={row.id}
                      className={rowSelection[row.id] ? "grid__row grid__row--selected" : "grid__row"}
                      style={color ? ({ "--grid-row-color": color } as React.CSSProperties) : undefined}
                      data-colored={color ? "" : undefined}
                    >
                      {bulkActions.length > 0 ? (
                        <td className="grid__select">
                          <input
                            type="checkbox"
                            // Without JavaScript the checkboxes post with the bulk form; with it, the form
                            // carries the selection itself (rows on other pages too).
                            form={hydrated ? undefined : bulkFormId}
                            name={hydrated ? undefined : "id"}
                            value={row.id}
                            aria-label={`Select ${rowLabel(row.original)}`}
                            checked={hydrated ? Boolean(rowSelection[row.id]) : undefined}
                            onChange={(event) => {
                              const checked = event.currentTarget.checked;
                              setRowSelection((selected) => {
                                const next = { ...selected };
                                if (checked) next[row.id] = true;
                                else delete next[row.id];
                                return next;
                              });
                            }}
                          />
                        </td>
                      ) : null}
                      {visibleColumns.map((column) => (
                        <td
                          key={column.id}
                          className={cellClass(column)}
                          title={column.clip ? clippedTitle(column.value(row.original)) : undefined}
                        >
                          {column.edit && hydrated ? (
                            <GridInlineCell
                              column={column}
                              row={row.original}
                              id={row.id}
                              rowLabel={rowLabel(row.original)}
                            />
                          ) : (
                            showCell(column, row.original)
                          )}
                        </td>
                      ))}
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      </div>

      <GridPager
        view={view}
        pageCount={pageCount}
        linkTo={viewLink}
        onPageSize={(pageSize) => changeView({ pageSize })}
        hydrated={hydrated}
        filterFormId={filterFormId}
      />
    </div>
  );
}

function cellClass<Row>(column: GridColumn<Row>) {
  const classes = [
    column.numeric ? "grid__numeric" : null,
    column.clip ? "grid__clip" : null,
    column.pinEnd ? "grid__pinned" : null,
  ];
  return classes.filter(Boolean).join(" ") || undefined;
}

function clippedTitle(value: GridValue) {
  return value === null || value === "" ? undefined : String(value);
}

function distinctValues<Row>(rows: readonly Row[], column: GridColumn<Row>): string[] {
  const values = new Set<string>();
  for (const row of rows) {
    const value = column.value(row);
    if (value !== null && value !== "") values.add(typeof value === "boolean" ? (value ? "yes" : "no") : String(value));
  }
  return [...values].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}

function keepExisting<Row>(selected: RowSelectionState, rows: readonly Row[], rowId: (row: Row) => string) {
  const ids = Object.keys(selected);
  if (ids.length === 0) return selected;
  const existing = new Set(rows.map(rowId));
  const kept = ids.filter((id) => existing.has(id));
  return kept.length === ids.length
    ? selected
    : (Object.fromEntries(kept.map((id) => [id, true])) as RowSelectionState);
}
