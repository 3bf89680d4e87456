import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { listAction } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { deleteBulkAction, allEventsItemCountColumn, textColumn } from "~/admin-list/ui/columns";
import { requireEventPermission } from "~/auth/access.server";
import { staffFields, type staffSchema, staffDialog } from "~/catalogue/staff-form";
import { createStaff, deleteStaff, listStaff, updateStaff, type StaffRow } from "~/catalogue/staff.server";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { fullName } from "~/ui/format";
import { InternalNotesField, PersonNameFields } from "~/ui/record-fields";
import type { FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";
import type { Fieldset } from "~/ui/form-dialog";

export const meta = titleMeta("Staff · Auction items · Gavel");

/** /admin/auction_items/staff: the organisation's staff who procure items, shared by all its events. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { staff: await listStaff(eventId) };
}

const personName = (person: { first_name: string | null; last_name: string | null }) =>
  fullName(person.first_name, person.last_name);

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_edit_auction_items",
    noun: ["person", "people"],
    gone: "This person is no longer on your staff. Reload the page.",
    dialog: {
      form: staffDialog,
      create: async ({ eventId }, person) => {
        await createStaff(eventId, person);
        return `“${personName(person)}” added to your staff`;
      },
      update: async ({ eventId, id }, person) =>
        (await updateStaff(eventId, id, person)) ? `“${personName(person)}” saved` : null,
    },
    inline: {
      rules: staffFields,
      save: ({ eventId, id }, field, value) => updateStaff(eventId, id, { [field]: value }),
    },
    bulk: {
      delete: async ({ eventId, ids }) => {
        const deleted = await deleteStaff(eventId, ids);
        return deleted === 1 ? "1 person deleted from your staff" : `${deleted} people deleted from your staff`;
      },
    },
  });
}

const columns: GridColumn<StaffRow>[] = [
  { id: "full_name", header: "Name", value: (row) => row.full_name },
  textColumn("first_name", "First name", staffFields.first_name, { hidden: true }),
  textColumn("last_name", "Last name", staffFields.last_name, { hidden: true }),
  textColumn("email", "Email", staffFields.email),
  {
    id: "grid_row_color",
    header: "Row colour",
    value: (row) => row.grid_row_color,
    cell: (row) =>
      row.grid_row_color ? (
        <span className="colour-swatch">
          <span className="colour-swatch__chip" style={{ background: row.grid_row_color }} aria-hidden="true" />
          {row.grid_row_color}
        </span>
      ) : (
        <span className="muted">None</span>
      ),
    edit: { type: "text", rule: staffFields.grid_row_color },
  },
  { id: "item_count", header: "Items", value: (row) => row.item_count, numeric: true, filter: false },
  allEventsItemCountColumn(),
  textColumn("internal_notes", "Internal notes", staffFields.internal_notes),
];

const bulkActions: GridBulkAction[] = [
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this person from your staff?" : `Delete ${count} people from your staff?`,
    description:
      "People who procured items, at this event or another, are not deleted: give their items to someone else first.",
  })),
];

/** A saved person as the form posts them. */
function staffValues(person: StaffRow) {
  return {
    first_name: person.first_name ?? "",
    last_name: person.last_name ?? "",
    email: person.email ?? "",
    grid_row_color: person.grid_row_color ?? "",
    internal_notes: person.internal_notes ?? "",
  };
}

function StaffFields({ fields }: { fields: Fieldset<typeof staffSchema> }) {
  return (
    <>
      <div className="dialog__pair">
        <PersonNameFields fields={fields} />
      </div>
      <Field label="Email" meta={fields.email}>
        {(control) => <input {...control} type="email" autoComplete="off" />}
      </Field>
      <RowColourField meta={fields.grid_row_color} />
      <InternalNotesField meta={fields.internal_notes} />
    </>
  );
}

/**
 * The row colour: a colour picker beside the text it writes. The text is what is posted (it works before
 * JavaScript loads, and blank means no colour); the picker fills it in.
 */
function RowColourField({ meta }: { meta: FieldMetadata<unknown> }) {
  const [text, setText] = useState(typeof meta.initialValue === "string" ? meta.initialValue : "");
  const valid = /^#[0-9a-f]{6}$/i.test(text.trim());
  return (
    <Field
      label="Row colour"
      help="Their items' rows in the grids are tinted with it, so each person spots their own. Leave blank for none."
      meta={meta}
    >
      {({ defaultValue: _saved, ...control }) => (
        <div className="colour-input">
          <input
            type="color"
            aria-label="Row colour picker"
            value={valid ? text.trim().toLowerCase() : "#ffffff"}
            onChange={(event) => setText(event.target.value)}
          />
          <input
            {...control}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="#dbe9ff"
            spellCheck={false}
            autoComplete="off"
          />
          {text ? (
            <button type="button" className="button button--ghost button--sm" onClick={() => setText("")}>
              No colour
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}

export default function StaffPage() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <AdminList
      title="Staff"
      intro={
        <>
          The volunteers and employees who procure items, shared by all your organisation's events. Items counts what
          each procured for this event; each person's row colour tints their rows here and in the inventory.
        </>
      }
      label="Staff"
      rows={staff}
      columns={columns}
      rowId={(row) => row.staff_id}
      rowLabel={(row) => row.full_name || "Someone unnamed"}
      rowColor={(row) => row.grid_row_color}
      bulkActions={bulkActions}
      dialog={{
        form: staffDialog,
        newLabel: "New staff member",
        newDescription: "A volunteer or employee who procures items. All your events share your staff.",
        addLabel: "Add to staff",
        saveLabel: "Save",
        values: staffValues,
        fields: (fields) => <StaffFields fields={fields} />,
      }}
      empty={{
        title: "No staff yet",
        text: "Add the people who procure items, so each item can say who brought it in.",
      }}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
