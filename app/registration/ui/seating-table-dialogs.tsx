/**
 * Adding, editing (name and capacity) and deleting a table on the seating screen, as FormDialogs: in a dialog
 * with JavaScript, in the page without (`?dialog=`). A refusal (a name taken, a capacity below the guests seated)
 * shows beside its field.
 */
import { Field } from "~/ui/field";
import { FormDialog, type Fieldset } from "~/ui/form-dialog";
import { MAX_TABLE_CAPACITY, SEATING_INTENT, tableSchema } from "../table-form";
import type { SeatingTable } from "../seating";

function TableFields({ fields, seated }: { fields: Fieldset<typeof tableSchema>; seated: number }) {
  return (
    <>
      <Field label="Name or number" required meta={fields.name}>
        {(control) => <input {...control} required />}
      </Field>
      <Field
        label="Seats"
        required
        meta={fields.capacity}
        help={seated > 0 ? `${seated} ${seated === 1 ? "guest sits" : "guests sit"} here now.` : undefined}
      >
        {(control) => (
          <input {...control} type="number" inputMode="numeric" required min={1} max={MAX_TABLE_CAPACITY} step={1} />
        )}
      </Field>
    </>
  );
}

export function AddTableDialog({ suggestedName }: { suggestedName: string }) {
  return (
    <FormDialog
      name="new-table"
      trigger="Add table"
      triggerVariant="primary"
      title="Add a table"
      description="A table of the room: its name or number as printed on place cards, and how many seats it has."
      submitLabel="Add table"
      fields={{ intent: SEATING_INTENT.createTable }}
      schema={tableSchema}
      defaultValue={{ name: suggestedName, capacity: "10" }}
    >
      {(fields) => <TableFields fields={fields} seated={0} />}
    </FormDialog>
  );
}

export function EditTableDialog({ table }: { table: SeatingTable }) {
  return (
    <FormDialog
      name={`edit-table-${table.tblId}`}
      trigger="Edit"
      triggerLabel={`Edit ${table.name}`}
      triggerVariant="ghost"
      title={`Edit ${table.name}`}
      description="Renaming changes the table name on the guests' badges and place cards."
      submitLabel="Save"
      fields={{ intent: SEATING_INTENT.updateTable, table: String(table.tblId) }}
      schema={tableSchema}
      defaultValue={{ name: table.name, capacity: String(table.capacity) }}
    >
      {(fields) => <TableFields fields={fields} seated={table.seated} />}
    </FormDialog>
  );
}

export function DeleteTableDialog({ table }: { table: SeatingTable }) {
  return (
    <FormDialog
      name={`delete-table-${table.tblId}`}
      trigger="Delete"
      triggerLabel={`Delete ${table.name}`}
      triggerVariant="ghost"
      title={`Delete ${table.name}?`}
      description={
        table.seated === 0
          ? "Nobody sits at it."
          : `${table.seated === 1 ? "The guest seated at it goes" : `The ${table.seated} guests seated at it go`} back to the unseated list, parties kept together.`
      }
      submitLabel="Delete table"
      fields={{ intent: SEATING_INTENT.deleteTable, table: String(table.tblId) }}
    >
      {() => null}
    </FormDialog>
  );
}
