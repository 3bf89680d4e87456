/**
 * How a screen describes its grid to DataGrid: columns that say how to read, show, filter and edit a value, and
 * the actions that apply to the selected rows. Client-safe.
 */
import type { ReactNode } from "react";
import type { ZodTypeAny } from "zod";

export type GridValue = string | number | boolean | null;

export type GridOption = { value: string; label: string };

/** The choices of a yes/no cell, as `yesNo` (app/forms/rules.ts) reads them. */
export const YES_NO_OPTIONS: readonly GridOption[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/**
 * A cell edited in place: posts `intent=inline-edit`, `id`, `field` (the column's id) and `value` to the route.
 * A text cell's `rule` is the field's rule in the form's schema: the cell checks with it before sending (the
 * action checks with the same rule) and takes its length limit from it.
 */
export type GridInlineEdit =
  | { type: "text"; rule: ZodTypeAny }
  | { type: "number"; step?: string; min?: number }
  | { type: "select"; options: readonly GridOption[] };

export interface GridColumn<Row> {
  id: string;
  header: string;
  /** The value sorted, filtered, searched and exported. */
  value: (row: Row) => GridValue;
  /** How the cell shows; the value as text by default. */
  cell?: (row: Row) => ReactNode;
  /** What the column sorts by, when it is not `value`'s order (a sponsor level sorts by rank, not by name). */
  sortValue?: (row: Row) => number | string | null;
  /** The value put in the inline editor, when it differs from `value` (amounts in units, not formatted). */
  editValue?: (row: Row) => string;
  /** "text": contains; "select": one of the values found in the column; false: no filter. Default "text". */
  filter?: "text" | "select" | false;
  /**
   * Long text (an address, a party's name) cut to the column's width with an ellipsis, so that the row stays one line:
   * whole in the cell's title, to screen readers, and once the row has the keyboard's focus.
   */
  clip?: boolean;
  /**
   * Stays in view at the end of the row while the grid scrolls sideways (a row's actions on a laptop); on a phone it
   * scrolls with the other columns, which it would hide.
   */
  pinEnd?: boolean;
  /** Right-aligned, compared as numbers. */
  numeric?: boolean;
  /** Hidden until the person shows it with the Columns menu. */
  hidden?: boolean;
  edit?: GridInlineEdit;
  /** Left out of the CSV export (an actions column). */
  noExport?: boolean;
}

/** An action on the selected rows: posts `intent` and one `id` per selected row to the route's action. */
export interface GridBulkAction {
  intent: string;
  label: string;
  danger?: boolean;
  /** Asks first, with this title and description (given the number of rows). */
  confirm?: (count: number) => { title: string; description: string };
  /** A value to choose first (a category, a status), posted as `name`. */
  choice?: { name: string; label: string; options: readonly GridOption[] };
}

/** What the route's action answers to an inline edit it refused (status 400). */
/** Actions on the selected rows that many grids have, by the intent they post. */
export const BULK_INTENT = { delete: "delete", activate: "activate", deactivate: "deactivate" } as const;

/** The intent a grid's edit in place posts (ui/grid-inline-cell.tsx; grid-intents.server.ts answers it). */
export const INLINE_EDIT_INTENT = "inline-edit";

export type InlineEditRefusal = { inlineError: { id: string; field: string; message: string } };
