/**
 * What a person sees of a grid (search, sorting, column filters, page), read from and written to the page's
 * query string, so that a view survives a reload, can be shared as a link, and works without JavaScript: the
 * sort headers and page buttons are links, the search and filters a GET form. Client-safe.
 */

export type GridSort = { id: string; desc: boolean };

export interface GridView {
  /** Words searched for in every column. */
  q: string;
  sort: GridSort | null;
  /** By column id: the text a column's values must contain (or equal, for a select filter). */
  filters: Record<string, string>;
  /** 0-based. */
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;

const FILTER_PREFIX = "f.";

export function emptyView(): GridView {
  return { q: "", sort: null, filters: {}, page: 0, pageSize: DEFAULT_PAGE_SIZE };
}

/** The view a query string asks for; anything malformed reads as its default. `columnIds` bounds what is read. */
export function readGridView(params: URLSearchParams, columnIds: readonly string[]): GridView {
  const known = new Set(columnIds);
  const view = emptyView();
  view.q = params.get("q")?.trim() ?? "";

  const sort = params.get("sort") ?? "";
  const [id, direction] = sort.split(".");
  if (known.has(id) && (direction === "asc" || direction === "desc")) view.sort = { id, desc: direction === "desc" };

  for (const [name, value] of params) {
    const column = name.startsWith(FILTER_PREFIX) ? name.slice(FILTER_PREFIX.length) : null;
    if (column && known.has(column) && value.trim()) view.filters[column] = value.trim();
  }

  const size = Number(params.get("size"));
  if ((PAGE_SIZES as readonly number[]).includes(size)) view.pageSize = size;
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page > 1) view.page = page - 1;
  return view;
}

/**
 * The query string of `view`, keeping the parameters that are not the grid's (an event id, a tab). Defaults are
 * left out so plain links stay plain.
 */
export function gridViewSearch(view: GridView, current: URLSearchParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of current) {
    if (!isGridParam(name)) params.append(name, value);
  }
  if (view.q) params.set("q", view.q);
  if (view.sort) params.set("sort", `${view.sort.id}.${view.sort.desc ? "desc" : "asc"}`);
  for (const [column, value] of Object.entries(view.filters)) {
    if (value) params.set(FILTER_PREFIX + column, value);
  }
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(view.pageSize));
  if (view.page > 0) params.set("page", String(view.page + 1));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The next sort when a column's header is chosen: ascending, then descending, then none. */
export function nextSort(current: GridSort | null, id: string): GridSort | null {
  if (!current || current.id !== id) return { id, desc: false };
  return current.desc ? null : { id, desc: true };
}

export function filterParamName(columnId: string): string {
  return FILTER_PREFIX + columnId;
}

function isGridParam(name: string): boolean {
  return name === "q" || name === "sort" || name === "page" || name === "size" || name.startsWith(FILTER_PREFIX);
}
