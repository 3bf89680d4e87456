import { useLoaderData } from "@remix-run/react";
import { countOf, listAction } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { requireEventPermission } from "~/auth/access.server";
import { donorFields, donorDialog } from "~/catalogue/donor-form";
import {
  createDonor,
  deleteDonors,
  donorName,
  listDonors,
  setDonorsActive,
  updateDonor,
} from "~/catalogue/donors.server";
import { DONOR_BULK_ACTIONS, DONOR_COLUMNS } from "~/catalogue/ui/donor-columns";
import { DonorFields, donorValues } from "~/catalogue/ui/donor-fields";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

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
      columns={DONOR_COLUMNS}
      rowId={(row) => row.donor_id}
      rowLabel={(row) => row.name}
      bulkActions={DONOR_BULK_ACTIONS}
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
