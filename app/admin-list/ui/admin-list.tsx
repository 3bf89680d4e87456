/**
 * The screen of an admin list (docs/architecture.md, "Admin lists"): the page's heading, the grid of rows, a dialog
 * to add one and one to edit each, and the empty state. Its action is list-action.server.ts. A route declares its
 * columns, its dialog's form (list-dialog.ts, the one its action reads) and how to draw the dialog's fields; the rest
 * is here, the same on every list.
 */
import { type ReactNode } from "react";
import {
  editRowFormId,
  LIST_DIALOG_INTENT,
  newRowFormId,
  rowIdField,
  type ListDialogForm,
} from "~/admin-list/list-dialog";
import { DataGrid, type DataGridProps } from "~/grid/ui/data-grid";
import { RowDialog, RowDialogAbove } from "~/grid/ui/row-dialog";
import { EmptyState } from "~/ui/empty-state";
import { FormDialog, type Fieldset } from "~/ui/form-dialog";
import type { DefaultValue } from "@conform-to/react";
import type { RowData } from "@tanstack/react-table";
import type { z, ZodTypeAny } from "zod";
import type { GridColumn } from "~/grid/grid-types";

export interface ListDialog<Row, Schema extends ZodTypeAny> {
  /** The form (list-dialog.ts), as the list's action reads it too. */
  form: ListDialogForm<Schema>;
  /** The "new" button's text, which is also the new dialog's title ("New donor"). */
  newLabel: string;
  newDescription?: ReactNode;
  /** The new dialog's submit button ("Add donor"). */
  addLabel: string;
  /** What a new row's fields hold at first. */
  newValues?: DefaultValue<z.input<Schema>>;
  /** The edit dialog's submit button ("Save donor"); none when rows are not edited in a dialog. */
  saveLabel?: string;
  /** What an existing row's fields hold, as the form posts them. */
  values?: (row: Row) => DefaultValue<z.input<Schema>>;
  /** "multipart/form-data" when the form has an image field. */
  encType?: "multipart/form-data";
  /** Draws the fields, given each field's metadata and the row (none when adding one). */
  fields: (fields: Fieldset<Schema>, row: Row | undefined) => ReactNode;
}

/** The grid's own props (DataGridProps), but for a row's id, which is a number here, and the empty state's shape. */
export interface AdminListProps<Row extends RowData, Schema extends ZodTypeAny> extends Omit<
  DataGridProps<Row>,
  "rowId" | "empty"
> {
  title: string;
  intro: ReactNode;
  rowId: (row: Row) => number;
  dialog?: ListDialog<Row, Schema>;
  empty: { title: string; text: ReactNode };
  /** What the page shows between its heading and the grid (a panel, a note). */
  children?: ReactNode;
}

export function AdminList<Row extends RowData, Schema extends ZodTypeAny>({
  title,
  intro,
  rows,
  columns,
  rowId,
  rowLabel,
  dialog,
  actions,
  empty,
  children,
  ...grid
}: AdminListProps<Row, Schema>) {
  const newRow = dialog ? (
    <FormDialog
      name={newRowFormId(dialog.form)}
      trigger={dialog.newLabel}
      triggerVariant="primary"
      title={dialog.newLabel}
      description={dialog.newDescription}
      submitLabel={dialog.addLabel}
      fields={{ intent: LIST_DIALOG_INTENT.create }}
      schema={dialog.form.schema}
      defaultValue={dialog.newValues}
      encType={dialog.encType}
    >
      {(fields) => dialog.fields(fields, undefined)}
    </FormDialog>
  ) : null;
  const editable = dialog?.saveLabel ? dialog : undefined;
  const editColumn: GridColumn<Row>[] = editable
    ? [
        {
          id: "edit",
          header: "Edit",
          value: () => null,
          cell: (row) => <EditRow dialog={editable} row={row} id={rowId(row)} name={rowLabel(row)} />,
          filter: false,
          noExport: true,
        },
      ]
    : [];

  return (
    <>
      <div className="page-header">
        <h1>{title}</h1>
        <p>{intro}</p>
      </div>
      {children}
      {editable ? (
        <RowDialogAbove
          rows={rows}
          dialogName={(row) => editRowFormId(editable.form, rowId(row))}
          render={(row) => <EditRow dialog={editable} row={row} id={rowId(row)} name={rowLabel(row)} above />}
        />
      ) : null}
      <DataGrid
        {...grid}
        rows={rows}
        columns={[...columns, ...editColumn]}
        rowId={(row) => String(rowId(row))}
        rowLabel={rowLabel}
        actions={
          <>
            {actions}
            {newRow}
          </>
        }
        empty={<EmptyState title={empty.title} text={empty.text} action={newRow} />}
      />
    </>
  );
}

/** A row's edit dialog; `above` for the copy the page shows above the grid without JavaScript. */
function EditRow<Row, Schema extends ZodTypeAny>({
  dialog,
  row,
  id,
  name,
  above = false,
}: {
  dialog: ListDialog<Row, Schema>;
  row: Row;
  id: number;
  name: string;
  above?: boolean;
}) {
  const Dialog = above ? FormDialog : RowDialog;
  return (
    <Dialog
      name={editRowFormId(dialog.form, id)}
      trigger="Edit"
      triggerLabel={`Edit ${name}`}
      triggerVariant="ghost"
      title={`Edit ${name}`}
      submitLabel={dialog.saveLabel!}
      fields={{ intent: LIST_DIALOG_INTENT.update, [rowIdField(dialog.form)]: String(id) }}
      schema={dialog.form.schema}
      defaultValue={dialog.values?.(row)}
      encType={dialog.encType}
    >
      {(fields) => dialog.fields(fields, row)}
    </Dialog>
  );
}
