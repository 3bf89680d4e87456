import { PAGE_SIZES, type GridView } from "../grid-view";
import type { MouseEvent } from "react";

type ViewLink = (view: GridView) => { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void };

/** Previous / next page links, where the person is, and how many rows a page shows. */
export function GridPager({
  view,
  pageCount,
  linkTo,
  onPageSize,
  hydrated,
  filterFormId,
}: {
  view: GridView;
  pageCount: number;
  linkTo: ViewLink;
  onPageSize: (size: number) => void;
  hydrated: boolean;
  /** The page size posts with the search form when there is no JavaScript. */
  filterFormId: string;
}) {
  const page = Math.min(view.page, pageCount - 1);
  return (
    <nav className="grid__pager" aria-label="Pages">
      {page > 0 ? (
        <a className="button button--secondary button--sm" {...linkTo({ ...view, page: page - 1 })}>
          Previous
        </a>
      ) : (
        <span className="button button--secondary button--sm" aria-disabled="true">
          Previous
        </span>
      )}
      <span aria-current="page">
        Page {page + 1} of {pageCount}
      </span>
      {page < pageCount - 1 ? (
        <a className="button button--secondary button--sm" {...linkTo({ ...view, page: page + 1 })}>
          Next
        </a>
      ) : (
        <span className="button button--secondary button--sm" aria-disabled="true">
          Next
        </span>
      )}
      <label className="grid__page-size">
        Rows per page{" "}
        <select
          className="control-sm"
          name="size"
          form={filterFormId}
          value={view.pageSize}
          onChange={(event) => onPageSize(Number(event.currentTarget.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      {hydrated ? null : (
        <button type="submit" form={filterFormId} className="button button--ghost button--sm">
          Show
        </button>
      )}
    </nav>
  );
}
