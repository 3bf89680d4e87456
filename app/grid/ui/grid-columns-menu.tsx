import { useEffect, useState } from "react";
import type { GridColumn } from "../grid-types";
import type { ColumnVisibilityState } from "@tanstack/react-table";

const storageKey = (label: string) => `gavel.grid.columns.${label}`;

/**
 * Which columns a grid shows: the columns' defaults, then the person's own choice, remembered in this browser.
 * The server renders the defaults; the remembered choice applies once the page is interactive.
 */
export function useColumnVisibility<Row>(
  label: string,
  columns: readonly GridColumn<Row>[],
): [ColumnVisibilityState, (next: ColumnVisibilityState) => void] {
  const defaults = Object.fromEntries(columns.map((column) => [column.id, !column.hidden]));
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(defaults);
  useEffect(() => {
    try {
      const saved = JSON.parse(
        window.localStorage.getItem(storageKey(label)) ?? "null",
      ) as ColumnVisibilityState | null;
      if (saved) setVisibility((current) => ({ ...current, ...pick(saved, Object.keys(current)) }));
    } catch {
      // A damaged entry: the defaults stand.
    }
  }, [label]);
  const change = (next: ColumnVisibilityState) => {
    setVisibility(next);
    try {
      window.localStorage.setItem(storageKey(label), JSON.stringify(next));
    } catch {
      // Private browsing may refuse storage; the choice lasts for this page.
    }
  };
  return [visibility, change];
}

/** A "Columns" menu of checkboxes; at least one column stays shown. */
export function GridColumnsMenu<Row>({
  columns,
  visibility,
  onChange,
}: {
  columns: readonly GridColumn<Row>[];
  visibility: ColumnVisibilityState;
  onChange: (next: ColumnVisibilityState) => void;
}) {
  const shown = columns.filter((column) => visibility[column.id] !== false).length;
  return (
    <details className="grid__columns">
      <summary className="button button--secondary button--sm">Columns</summary>
      <fieldset className="grid__columns-list">
        <legend className="visually-hidden">Columns shown</legend>
        {columns.map((column) => {
          const visible = visibility[column.id] !== false;
          return (
            <label key={column.id} className="checkbox">
              <input
                type="checkbox"
                checked={visible}
                disabled={visible && shown === 1}
                onChange={(event) => onChange({ ...visibility, [column.id]: event.currentTarget.checked })}
              />
              {column.header}
            </label>
          );
        })}
      </fieldset>
    </details>
  );
}

function pick(saved: ColumnVisibilityState, ids: string[]): ColumnVisibilityState {
  return Object.fromEntries(ids.filter((id) => typeof saved[id] === "boolean").map((id) => [id, saved[id]]));
}
