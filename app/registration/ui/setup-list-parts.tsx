/**
 * Pieces the lists of /admin/setup/registration share: the section of a list, moving a row up or down, deleting
 * one after a confirmation, and the message of a refused change shown above its list. All are plain form posts
 * first.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { type ReactNode } from "react";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import { RowDialogAbove } from "~/grid/ui/row-dialog";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { EmptyState } from "~/ui/empty-state";
import { FormAlert } from "~/ui/form-alert";
import { listFormId, type SetupList } from "../setup-forms";

/** "Up" and "Down" for a row; the page keeps its scroll position, so the moved row stays in view. */
export function MoveButtons({
  intent,
  idField,
  id,
  name,
  first,
  last,
}: {
  intent: string;
  idField: string;
  id: number;
  /** Names the row for screen readers: "Move Couple up". */
  name: string;
  first: boolean;
  last: boolean;
}) {
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset className="cluster">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idField} value={id} />
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        name="direction"
        value="up"
        disabled={first || busy}
        aria-label={`Move ${name} up`}
      >
        ↑
      </Button>
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        name="direction"
        value="down"
        disabled={last || busy}
        aria-label={`Move ${name} down`}
      >
        ↓
      </Button>
    </Form>
  );
}

export function DeleteButton({
  name,
  title,
  description,
  fields,
}: {
  name: string;
  title: string;
  description: string;
  fields: Record<string, string>;
}) {
  return (
    <ConfirmDialog
      trigger={
        <>
          Delete<span className="visually-hidden"> {name}</span>
        </>
      }
      triggerVariant="ghost"
      triggerSize="sm"
      title={title}
      description={description}
      confirmLabel="Delete"
      confirmVariant="danger"
      fields={fields}
    />
  );
}

/** Why the last change to this list was refused (a sold ticket type, a chosen meal, a used code). */
export function ListAlert({ list }: { list: SetupList }) {
  const message = formErrorOf(replyFor(useActionData<unknown>(), listFormId(list)));
  return message ? <FormAlert>{message}</FormAlert> : null;
}

/** A column of a setup list's table: its header and cell; the row's name is its header cell. */
export interface SetupColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  rowHeader?: boolean;
}

/**
 * One list of /admin/setup/registration: its heading with the "Add" dialog, the list's refusals, the edit dialogs
 * opened by the address (without JavaScript), the empty state, and the table, in order with move buttons when
 * `move` is given, with each row's edit dialog and other actions.
 */
export function SetupListSection<Row>({
  list,
  title,
  rows,
  rowKey,
  newDialog,
  editDialog,
  dialogName,
  empty,
  caption,
  columns,
  move,
  actions,
}: {
  list: SetupList;
  title: string;
  rows: Row[];
  rowKey: (row: Row) => number;
  newDialog: ReactNode;
  editDialog: (row: Row, above: boolean) => ReactNode;
  dialogName: (row: Row) => string;
  empty: { title: string; text: string };
  caption: string;
  columns: SetupColumn<Row>[];
  move?: { intent: string; idField: string; name: (row: Row) => string };
  actions: (row: Row) => ReactNode;
}) {
  const headingId = `${list}-heading`;
  return (
    <section className="stack" aria-labelledby={headingId} id={list}>
      <div className="cluster">
        <h2 id={headingId} className="section-heading">
          {title}
        </h2>
        {rows.length > 0 ? newDialog : null}
      </div>
      <ListAlert list={list} />
      <RowDialogAbove rows={rows} dialogName={dialogName} render={(row) => editDialog(row, true)} />
      {rows.length === 0 ? (
        <EmptyState headingLevel={3} title={empty.title} text={empty.text} action={newDialog} />
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {move ? <th scope="col">Order</th> : null}
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={column.numeric ? "data-table__number" : undefined}>
                    {column.header}
                  </th>
                ))}
                <th scope="col" className="data-table__actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={rowKey(row)}>
                  {move ? (
                    <td>
                      <MoveButtons
                        intent={move.intent}
                        idField={move.idField}
                        id={rowKey(row)}
                        name={move.name(row)}
                        first={index === 0}
                        last={index === rows.length - 1}
                      />
                    </td>
                  ) : null}
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.header} scope="row">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header} className={column.numeric ? "data-table__number" : undefined}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                  <td className="data-table__actions">
                    <div className="cluster">
                      {editDialog(row, false)}
                      {actions(row)}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
