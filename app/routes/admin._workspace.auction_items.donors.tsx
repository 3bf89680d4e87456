import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminList } from "~/admin-list/admin-list";
import {
  ACTIVE_BULK_ACTIONS,
  activeColumn,
  allEventsItemCountColumn,
  deleteBulkAction,
  moneyColumn,
  textColumn,
  websiteColumn,
} from "~/admin-list/columns";
import { countOf, listAction } from "~/admin-list/list-action.server";
import { requireEventPermission } from "~/auth/access.server";
import { donorFields, type donorSchema, donorDialog } from "~/catalogue/donor-form";
import {
  createDonor,
  deleteDonors,
  donorName,
  listDonors,
  setDonorsActive,
  updateDonor,
  type DonorRow,
} from "~/catalogue/donors.server";
import { titleMeta } from "~/ui/error-page";
import { checkboxProps, Field } from "~/ui/field";
import { InternalNotesField, PersonNameFields } from "~/ui/record-fields";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";
import type { Fieldset } from "~/ui/form-dialog";

export const meta = titleMeta("Donors · Auction items · Gavel");

const NOUN = ["donor", "donors"] as const;

/** /admin/auction_items/donors: the organisation's donors, shared by all its events, with what they gave here. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { donors: await listDonors(eventId) };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_edit_auction_items",
    noun: NOUN,
    dialog: {
      form: donorDialog,
      create: async ({ eventId }, donor) => {
        await createDonor(eventId, donor);
        return `Donor “${donorName(donor)}” added`;
      },
      update: async ({ eventId, id }, donor) =>
        (await updateDonor(eventId, id, donor)) ? `Donor “${donorName(donor)}” saved` : null,
    },
    inline: {
      rules: donorFields,
      save: ({ eventId, id }, field, value) => updateDonor(eventId, id, { [field]: value }),
    },
    bulk: {
      activate: async ({ eventId, ids }) => `${countOf(await setDonorsActive(eventId, ids, true), NOUN)} marked active`,
      deactivate: async ({ eventId, ids }) =>
        `${countOf(await setDonorsActive(eventId, ids, false), NOUN)} marked inactive`,
      delete: async ({ eventId, ids }) => {
        const deleted = await deleteDonors(eventId, ids);
        return deleted === 1 ? "Donor deleted" : `${deleted} donors deleted`;
      },
    },
  });
}

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
  textColumn("first_name", "First name", donorFields.first_name, { hidden: true }),
  textColumn("last_name", "Last name", donorFields.last_name, { hidden: true }),
  textColumn("title", "Organisation", donorFields.title),
  { id: "item_count", header: "Items", value: (row) => row.item_count, numeric: true, filter: false },
  moneyColumn("item_value", "Value", (row) => row.item_value_label),
  activeColumn(),
  textColumn("email", "Email", donorFields.email),
  textColumn("phone", "Phone", donorFields.phone, { hidden: true }),
  websiteColumn(donorFields.website),
  allEventsItemCountColumn(),
  textColumn("internal_notes", "Internal notes", donorFields.internal_notes, { hidden: true }),
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
  ...ACTIVE_BULK_ACTIONS,
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this donor?" : `Delete ${count} donors?`,
    description:
      "Donors who gave items, at this event or another, are not deleted: their items would lose their donor. " +
      "Mark them inactive instead.",
  })),
];

/** A saved donor as its form posts it. */
function donorValues(donor: DonorRow) {
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

/** The donor's fields. */
function DonorFields({ fields }: { fields: Fieldset<typeof donorSchema> }) {
  return (
    <>
      <div className="dialog__pair">
        <PersonNameFields fields={fields} />
      </div>
      <Field
        label="Organisation"
        help="A business or family giving as one. Give a name, an organisation, or both."
        meta={fields.title}
      >
        {(control) => <input {...control} autoComplete="off" />}
      </Field>
      <div className="dialog__pair">
        <Field label="Email" meta={fields.email}>
          {(control) => <input {...control} type="email" autoComplete="off" />}
        </Field>
        <Field label="Phone" meta={fields.phone}>
          {(control) => <input {...control} type="tel" autoComplete="off" />}
        </Field>
      </div>
      <Field label="Website" meta={fields.website}>
        {(control) => <input {...control} inputMode="url" autoComplete="off" placeholder="example.org" />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_active)} />
        Active: still giving (inactive donors stay on their past items)
      </label>
      <InternalNotesField meta={fields.internal_notes} />
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

export default function DonorsPage() {
  const { donors } = useLoaderData<typeof loader>();
  return (
    <AdminList
      title="Donors"
      intro={
        <>
          The people and businesses who give your items, shared by all your organisation's events. Items and value are
          what each gave to this event; a package counts through the items in it.
        </>
      }
      label="Donors"
      rows={donors}
      columns={columns}
      rowId={(row) => row.donor_id}
      rowLabel={(row) => row.name}
      bulkActions={bulkActions}
      dialog={{
        form: donorDialog,
        newLabel: "New donor",
        newDescription: "A person or business who gives items. All your events share your donors.",
        addLabel: "Add donor",
        newValues: { is_active: "yes" },
        saveLabel: "Save donor",
        values: donorValues,
        fields: (fields) => <DonorFields fields={fields} />,
      }}
      empty={{
        title: "No donors yet",
        text: "Add the people and businesses who give items, so each item can name its donor and you can thank them.",
      }}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
