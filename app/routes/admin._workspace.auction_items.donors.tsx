import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { DONOR_FIELD_NAMES, donorInlineFields, donorSchema } from "~/catalogue/donor-form.server";
import {
  createDonor,
  deleteDonors,
  DonorInUseError,
  donorName,
  DonorNeedsNameError,
  listDonors,
  setDonorsActive,
  updateDonor,
  type DonorRow,
} from "~/catalogue/donors.server";
import { postedFields } from "~/catalogue/form-rules.server";
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
  { title: error ? `${errorTitle(error)} · Gavel` : "Donors · Auction items · Gavel" },
];

/** /admin/auction_items/donors: the organisation's donors, shared by all its events, with what they gave here. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { donors: await listDonors(eventId) };
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
      const donorId = editing ? Number(form.get("donor_id")) : null;
      if (editing && !(Number.isInteger(donorId) && donorId! > 0))
        throw new Response("This form does not say which donor.", { status: 400 });
      const dialog = editing ? `edit-donor-${donorId}` : "new-donor";
      const values = postedFields(form, DONOR_FIELD_NAMES, ["is_active"]);
      const parsed = donorSchema.safeParse(values);
      if (!parsed.success) return refuseDialog({ dialog, fieldErrors: parsed.error.flatten().fieldErrors, values });
      const name = `“${donorName(parsed.data)}”`;
      if (!editing) {
        await createDonor(eventId, parsed.data);
        return redirectWithToast(here, { title: `Donor ${name} added` });
      }
      if (!(await updateDonor(eventId, donorId!, parsed.data))) {
        return refuseDialog({ dialog, formError: "This donor no longer exists. Reload the page.", values });
      }
      return redirectWithToast(here, { title: `Donor ${name} saved` });
    }

    case "inline-edit": {
      const edit = readInlineEdit(form);
      if (!edit || !(edit.field in donorInlineFields))
        throw new Response("This edit is not one the grid makes.", { status: 400 });
      const rule = donorInlineFields[edit.field as keyof typeof donorInlineFields];
      const parsed = rule.safeParse(edit.value);
      if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
      try {
        const found = await updateDonor(eventId, edit.id, { [edit.field]: parsed.data });
        if (!found) return refuseInlineEdit(edit, "This donor no longer exists. Reload the page.");
      } catch (error) {
        if (!(error instanceof DonorNeedsNameError)) throw error;
        return refuseInlineEdit(edit, error.message);
      }
      return inlineEditSaved();
    }

    case "activate":
    case "deactivate": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the donors first.");
      const active = form.get("intent") === "activate";
      const changed = await setDonorsActive(eventId, ids, active);
      const what = changed === 1 ? "1 donor" : `${changed} donors`;
      return redirectWithToast(here, { title: `${what} marked ${active ? "active" : "inactive"}` });
    }

    case "delete": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the donors to delete first.");
      try {
        const deleted = await deleteDonors(eventId, ids);
        return redirectWithToast(here, { title: deleted === 1 ? "Donor deleted" : `${deleted} donors deleted` });
      } catch (error) {
        if (!(error instanceof DonorInUseError)) throw error;
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

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

const websiteCell = (website: string | null) =>
  website ? (
    <a href={website} target="_blank" rel="noopener noreferrer">
      {website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}
    </a>
  ) : (
    <span className="muted">—</span>
  );

// What a laptop shows at once: who, what they gave here, whether they are active, how to reach them. The rest
// (each name part to edit in place, phone, website, notes) is a click away in the Columns menu.
const columns: GridColumn<DonorRow>[] = [
  {
    id: "name",
    header: "Name",
    value: (row) => row.name,
    // By last name, as donor lists are read; an organisation without a person by its name.
    sortValue: (row) => [row.last_name, row.first_name].filter(Boolean).join(" ") || row.title || "",
  },
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
  { id: "title", header: "Organisation", value: (row) => row.title, edit: { type: "text", maxLength: 120 } },
  { id: "item_count", header: "Items", value: (row) => row.item_count, numeric: true, filter: false },
  {
    id: "item_value",
    header: "Value",
    // Units, not cents, so the export reads as the grid does.
    value: (row) => row.item_value / 100,
    cell: (row) => row.item_value_label,
    numeric: true,
    filter: false,
  },
  {
    id: "is_active",
    header: "Active",
    value: (row) => row.is_active,
    editValue: (row) => (row.is_active ? "yes" : "no"),
    filter: "select",
    edit: { type: "select", options: YES_NO },
  },
  { id: "email", header: "Email", value: (row) => row.email, edit: { type: "text", maxLength: 254 } },
  { id: "phone", header: "Phone", value: (row) => row.phone, edit: { type: "text", maxLength: 30 }, hidden: true },
  {
    id: "website",
    header: "Website",
    value: (row) => row.website,
    cell: (row) => websiteCell(row.website),
    edit: { type: "text", maxLength: 300 },
    hidden: true,
  },
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
    hidden: true,
  },
  {
    id: "edit",
    header: "Edit",
    value: () => null,
    cell: (row) => <EditDonor donor={row} />,
    filter: false,
    noExport: true,
  },
  {
    id: "thank",
    header: "Thank",
    value: () => null,
    cell: (row) => <ThankLink donorId={row.donor_id} name={row.name} />,
    filter: false,
    noExport: true,
  },
];

const bulkActions: GridBulkAction[] = [
  { intent: "activate", label: "Mark active" },
  { intent: "deactivate", label: "Mark inactive" },
  {
    intent: "delete",
    label: "Delete",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Delete this donor?" : `Delete ${count} donors?`,
      description:
        "Donors who gave items, at this event or another, are not deleted: their items would lose their donor. " +
        "Mark them inactive instead.",
    }),
  },
];

type DonorValues = Partial<Record<(typeof DONOR_FIELD_NAMES)[number], string>>;

function donorValues(donor: DonorRow): DonorValues {
  return {
    first_name: donor.first_name ?? "",
    last_name: donor.last_name ?? "",
    title: donor.title ?? "",
    email: donor.email ?? "",
    phone: donor.phone ?? "",
    website: donor.website ?? "",
    is_active: donor.is_active ? "yes" : "no",
    internal_notes: donor.internal_notes ?? "",
  };
}

/** The donor's fields, filled with what was typed (after a refusal) or what is saved. */
function DonorFields({ refusal, saved }: { refusal: DialogRefusal | undefined; saved: DonorValues }) {
  const values: DonorValues = refusal?.values ?? saved;
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
      <Field
        label="Organisation"
        help="A business or family giving as one. Give a name, an organisation, or both."
        error={error("title")}
      >
        {(control) => (
          <input {...control} name="title" maxLength={120} autoComplete="off" defaultValue={values.title ?? ""} />
        )}
      </Field>
      <div className="dialog__pair">
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
        <Field label="Phone" error={error("phone")}>
          {(control) => (
            <input
              {...control}
              type="tel"
              name="phone"
              maxLength={30}
              autoComplete="off"
              defaultValue={values.phone ?? ""}
            />
          )}
        </Field>
      </div>
      <Field label="Website" error={error("website")}>
        {(control) => (
          <input
            {...control}
            name="website"
            maxLength={300}
            inputMode="url"
            autoComplete="off"
            placeholder="example.org"
            defaultValue={values.website ?? ""}
          />
        )}
      </Field>
      <label className="checkbox">
        <input type="checkbox" name="is_active" value="yes" defaultChecked={(values.is_active ?? "yes") !== "no"} />
        Active: still giving (inactive donors stay on their past items)
      </label>
      <Field label="Internal notes" help="Only your team sees these." error={error("internal_notes")}>
        {(control) => (
          <textarea {...control} name="internal_notes" rows={3} defaultValue={values.internal_notes ?? ""} />
        )}
      </Field>
    </>
  );
}

/** To the email page, ready with this donor's thank-you (the event in view is kept). */
function ThankLink({ donorId, name }: { donorId: number; name: string }) {
  const [searchParams] = useSearchParams();
  const params = new URLSearchParams();
  if (searchParams.get("id")) params.set("id", searchParams.get("id")!);
  params.set("donor", String(donorId));
  return (
    <Link to={`/admin/auction_items/email_page?${params}`} aria-label={`Thank ${name}`}>
      Thank
    </Link>
  );
}

/** The row's edit dialog; `above` for the copy the page shows above the grid without JavaScript. */
function EditDonor({ donor, above = false }: { donor: DonorRow; above?: boolean }) {
  const Dialog = above ? FormDialog : RowDialog;
  return (
    <Dialog
      name={`edit-donor-${donor.donor_id}`}
      trigger="Edit"
      triggerLabel={`Edit ${donor.name}`}
      triggerVariant="ghost"
      title={`Edit ${donor.name}`}
      submitLabel="Save donor"
      fields={{ intent: "update", donor_id: String(donor.donor_id) }}
    >
      {(refusal) => <DonorFields refusal={refusal} saved={donorValues(donor)} />}
    </Dialog>
  );
}

export default function DonorsPage() {
  const { donors } = useLoaderData<typeof loader>();
  const newDonor = (
    <FormDialog
      name="new-donor"
      trigger="New donor"
      triggerVariant="primary"
      title="New donor"
      description="A person or business who gives items. All your events share your donors."
      submitLabel="Add donor"
      fields={{ intent: "create" }}
    >
      {(refusal) => <DonorFields refusal={refusal} saved={{ is_active: "yes" }} />}
    </FormDialog>
  );

  return (
    <>
      <div className="page-header">
        <h1>Donors</h1>
        <p>
          The people and businesses who give your items, shared by all your organisation's events. Items and value are
          what each gave to this event; a package counts through the items in it.
        </p>
      </div>
      <RowDialogAbove
        rows={donors}
        dialogName={(row) => `edit-donor-${row.donor_id}`}
        render={(row) => <EditDonor donor={row} above />}
      />
      <DataGrid
        label="Donors"
        rows={donors}
        columns={columns}
        rowId={(row) => String(row.donor_id)}
        rowLabel={(row) => row.name}
        bulkActions={bulkActions}
        actions={newDonor}
        empty={
          <EmptyState
            title="No donors yet"
            text="Add the people and businesses who give items, so each item can name its donor and you can thank them."
            action={newDonor}
          />
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
