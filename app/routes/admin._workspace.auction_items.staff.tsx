import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { postedFields } from "~/catalogue/form-rules.server";
import { STAFF_FIELD_NAMES, staffInlineFields, staffSchema } from "~/catalogue/staff-form.server";
import {
  createStaff,
  deleteStaff,
  listStaff,
  StaffInUseError,
  StaffNeedsNameError,
  updateStaff,
  type StaffRow,
} from "~/catalogue/staff.server";
import { DataGrid } from "~/grid/data-grid";
import {
  inlineEditSaved,
  readInlineEdit,
  readSelectedIds,
  refuseBulk,
  refuseInlineEdit,
} from "~/grid/grid-forms.server";
import { RowDialog, RowDialogAbove } from "~/grid/row-dialog";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormDialog, type DialogRefusal } from "~/ui/form-dialog";
import { redirectWithToast } from "~/ui/toast.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Staff · Auction items · Gavel" },
];

/** /admin/auction_items/staff: the organisation's volunteers and employees who procure items. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { staff: await listStaff(eventId) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const form = await request.formData();
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const here = url.pathname + url.search;

  switch (form.get("intent")) {
    case "create":
    case "update": {
      const editing = form.get("intent") === "update";
      const staffId = editing ? Number(form.get("staff_id")) : null;
      if (editing && !(Number.isInteger(staffId) && staffId! > 0))
        throw new Response("This form does not say who.", { status: 400 });
      const dialog = editing ? `edit-staff-${staffId}` : "new-staff";
      const values = postedFields(form, STAFF_FIELD_NAMES);
      const parsed = staffSchema.safeParse(values);
      if (!parsed.success) return refuseDialog({ dialog, fieldErrors: parsed.error.flatten().fieldErrors, values });
      const name = `“${[parsed.data.first_name, parsed.data.last_name].filter(Boolean).join(" ")}”`;
      if (!editing) {
        await createStaff(eventId, parsed.data);
        return redirectWithToast(here, { title: `${name} added to your staff` });
      }
      if (!(await updateStaff(eventId, staffId!, parsed.data))) {
        return refuseDialog({ dialog, formError: "This person is no longer on your staff. Reload the page.", values });
      }
      return redirectWithToast(here, { title: `${name} saved` });
    }

    case "inline-edit": {
      const edit = readInlineEdit(form);
      if (!edit || !(edit.field in staffInlineFields))
        throw new Response("This edit is not one the grid makes.", { status: 400 });
      const rule = staffInlineFields[edit.field as keyof typeof staffInlineFields];
      const parsed = rule.safeParse(edit.value);
      if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
      try {
        const found = await updateStaff(eventId, edit.id, { [edit.field]: parsed.data });
        if (!found) return refuseInlineEdit(edit, "This person is no longer on your staff. Reload the page.");
      } catch (error) {
        if (!(error instanceof StaffNeedsNameError)) throw error;
        return refuseInlineEdit(edit, error.message);
      }
      return inlineEditSaved();
    }

    case "delete": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the people to delete first.");
      try {
        const deleted = await deleteStaff(eventId, ids);
        return redirectWithToast(here, {
          title: deleted === 1 ? "1 person deleted from your staff" : `${deleted} people deleted from your staff`,
        });
      } catch (error) {
        if (!(error instanceof StaffInUseError)) throw error;
        return refuseBulk(`Nothing was deleted. ${error.message}`);
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

function refuseDialog(refusal: DialogRefusal) {
  return data(refusal, { status: 400 });
}

const columns: GridColumn<StaffRow>[] = [
  { id: "full_name", header: "Name", value: (row) => row.full_name },
  {
    id: "first_name",
    header: "First name",
    value: (row) => row.first_name,
    edit: { type: "text", maxLength: 80 },
    hidden: true,
  },
  {
    id: "last_name",
    header: "Last name",
    value: (row) => row.last_name,
    edit: { type: "text", maxLength: 80 },
    hidden: true,
  },
  { id: "email", header: "Email", value: (row) => row.email, edit: { type: "text", maxLength: 254 } },
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
    edit: { type: "text", maxLength: 7 },
  },
  { id: "item_count", header: "Items", value: (row) => row.item_count, numeric: true, filter: false },
  {
    id: "all_item_count",
    header: "Items, all events",
    value: (row) => row.all_item_count,
    numeric: true,
    filter: false,
    hidden: true,
  },
  {
    id: "internal_notes",
    header: "Internal notes",
    value: (row) => row.internal_notes,
    edit: { type: "text", maxLength: 2000 },
  },
  {
    id: "edit",
    header: "Edit",
    value: () => null,
    cell: (row) => <EditStaff person={row} />,
    filter: false,
    noExport: true,
  },
];

const bulkActions: GridBulkAction[] = [
  {
    intent: "delete",
    label: "Delete",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Delete this person from your staff?" : `Delete ${count} people from your staff?`,
      description:
        "People who procured items, at this event or another, are not deleted: give their items to someone else first.",
    }),
  },
];

type StaffValues = Partial<Record<(typeof STAFF_FIELD_NAMES)[number], string>>;

function staffValues(person: StaffRow): StaffValues {
  return {
    first_name: person.first_name ?? "",
    last_name: person.last_name ?? "",
    email: person.email ?? "",
    grid_row_color: person.grid_row_color ?? "",
    internal_notes: person.internal_notes ?? "",
  };
}

/** The person's fields, filled with what was typed (after a refusal) or what is saved. */
function StaffFields({ refusal, saved }: { refusal: DialogRefusal | undefined; saved: StaffValues }) {
  const values: StaffValues = refusal?.values ?? saved;
  const error = (field: string) => refusal?.fieldErrors?.[field]?.[0];
  return (
    <>
      <div className="dialog__pair">
        <Field label="First name" error={error("first_name")}>
          {(control) => (
            <input
              {...control}
              name="first_name"
              maxLength={80}
              autoComplete="off"
              defaultValue={values.first_name ?? ""}
            />
          )}
        </Field>
        <Field label="Last name" error={error("last_name")}>
          {(control) => (
            <input
              {...control}
              name="last_name"
              maxLength={80}
              autoComplete="off"
              defaultValue={values.last_name ?? ""}
            />
          )}
        </Field>
      </div>
      <Field label="Email" error={error("email")}>
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            maxLength={254}
            autoComplete="off"
            defaultValue={values.email ?? ""}
          />
        )}
      </Field>
      <RowColourField defaultValue={values.grid_row_color ?? ""} error={error("grid_row_color")} />
      <Field label="Internal notes" help="Only your team sees these." error={error("internal_notes")}>
        {(control) => (
          <textarea {...control} name="internal_notes" rows={3} defaultValue={values.internal_notes ?? ""} />
        )}
      </Field>
    </>
  );
}

/**
 * The row colour: a colour picker beside the text it writes. The text is what is posted (it works before
 * JavaScript loads, and blank means no colour); the picker fills it in.
 */
function RowColourField({ defaultValue, error }: { defaultValue: string; error: string | undefined }) {
  const [text, setText] = useState(defaultValue);
  const valid = /^#[0-9a-f]{6}$/i.test(text.trim());
  return (
    <Field
      label="Row colour"
      help="Their items' rows in the grids are tinted with it, so each person spots their own. Leave blank for none."
      error={error}
    >
      {(control) => (
        <div className="colour-input">
          <input
            type="color"
            aria-label="Row colour picker"
            value={valid ? text.trim().toLowerCase() : "#ffffff"}
            onChange={(event) => setText(event.target.value)}
          />
          <input
            {...control}
            name="grid_row_color"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="#dbe9ff"
            maxLength={7}
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

/** The row's edit dialog; `above` for the copy the page shows above the grid without JavaScript. */
function EditStaff({ person, above = false }: { person: StaffRow; above?: boolean }) {
  const Dialog = above ? FormDialog : RowDialog;
  const name = person.full_name || "this person";
  return (
    <Dialog
      name={`edit-staff-${person.staff_id}`}
      trigger="Edit"
      triggerLabel={`Edit ${name}`}
      triggerVariant="ghost"
      title={`Edit ${name}`}
      submitLabel="Save"
      fields={{ intent: "update", staff_id: String(person.staff_id) }}
    >
      {(refusal) => <StaffFields refusal={refusal} saved={staffValues(person)} />}
    </Dialog>
  );
}

export default function StaffPage() {
  const { staff } = useLoaderData<typeof loader>();
  const newStaff = (
    <FormDialog
      name="new-staff"
      trigger="New staff member"
      triggerVariant="primary"
      title="New staff member"
      description="A volunteer or employee who procures items. All your events share your staff."
      submitLabel="Add to staff"
      fields={{ intent: "create" }}
    >
      {(refusal) => <StaffFields refusal={refusal} saved={{}} />}
    </FormDialog>
  );

  return (
    <>
      <div className="page-header">
        <h1>Staff</h1>
        <p>
          The volunteers and employees who procure items, shared by all your organisation's events. Items counts what
          each procured for this event; each person's row colour tints their rows here and in the inventory.
        </p>
      </div>
      <RowDialogAbove
        rows={staff}
        dialogName={(row) => `edit-staff-${row.staff_id}`}
        render={(row) => <EditStaff person={row} above />}
      />
      <DataGrid
        label="Staff"
        rows={staff}
        columns={columns}
        rowId={(row) => String(row.staff_id)}
        rowLabel={(row) => row.full_name || "Someone unnamed"}
        rowColor={(row) => row.grid_row_color}
        bulkActions={bulkActions}
        actions={newStaff}
        empty={
          <EmptyState
            title="No staff yet"
            text="Add the people who procure items, so each item can say who brought it in."
            action={newStaff}
          />
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
