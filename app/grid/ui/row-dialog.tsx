import { useSearchParams } from "@remix-run/react";
import { FormDialog, type FormDialogProps } from "~/ui/form-dialog";
import { useHydrated } from "~/ui/use-hydrated";
import type { ReactNode } from "react";
import type { ZodTypeAny } from "zod";

/**
 * A row's own FormDialog (an "Edit" button in a grid's cell). Without JavaScript a FormDialog shows its form where
 * it stands, which in a table cell is a squeeze: the cell then shows only a note, and the page shows the form above
 * the grid instead (`RowDialogAbove`). With JavaScript it is the plain dialog, opened by `?dialog=` as any other.
 */
export function RowDialog<Schema extends ZodTypeAny>(props: FormDialogProps<Schema>) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  if (!hydrated && searchParams.get("dialog") === props.name) {
    return <span className="muted">Editing above</span>;
  }
  return <FormDialog {...props} />;
}

/**
 * Above the grid, without JavaScript: the form of the row whose dialog the address asks for (`?dialog=<name>`),
 * given how each row's dialog is named and drawn.
 */
export function RowDialogAbove<Row>({
  rows,
  dialogName,
  render,
}: {
  rows: readonly Row[];
  dialogName: (row: Row) => string;
  render: (row: Row) => ReactNode;
}) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("dialog");
  if (hydrated || !asked) return null;
  const row = rows.find((candidate) => dialogName(candidate) === asked);
  return row ? <>{render(row)}</> : null;
}
