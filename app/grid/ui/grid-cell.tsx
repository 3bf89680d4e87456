import type { GridColumn } from "../grid-types";
import type { ReactNode } from "react";

/** A cell as it shows when not being edited: the column's own rendering, or its value as text. */
export function showCell<Row>(column: GridColumn<Row>, row: Row): ReactNode {
  if (column.cell) return column.cell(row);
  const value = column.value(row);
  if (value === null || value === "") return <span className="muted">—</span>;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}
