import { useLoaderData } from "@remix-run/react";
import { countOf, listAction } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { requireEventPermission } from "~/auth/access.server";
import { SPONSOR_BULK_INTENT, sponsorEventFields, sponsorFields, sponsorDialog } from "~/catalogue/sponsor-form";
import {
  createSponsor,
  deleteSponsors,
  listSponsors,
  removeSponsorsFromEvent,
  setShownAtEvent,
  setSponsorOrder,
  setSponsorsActive,
  showSponsorsAtEvent,
  updateSponsor,
} from "~/catalogue/sponsors.server";
import { SPONSOR_BULK_ACTIONS, SPONSOR_COLUMNS } from "~/catalogue/ui/sponsor-columns";
import { SPONSOR_LEVEL_HELP, SponsorFields, sponsorValues } from "~/catalogue/ui/sponsor-fields";
import { Refusal } from "~/forms/refusal";
import { BULK_INTENT } from "~/grid/grid-types";
import { keptImageChange, readFormKeepingImage } from "~/images/upload.server";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Sponsors · Auction items · Gavel");

const NOUN = ["sponsor", "sponsors"] as const;

/** /admin/auction_items/sponsors: the organisation's sponsors, and which of them this event shows. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { sponsors: await listSponsors(eventId) };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_edit_auction_items",
    noun: NOUN,
    // A logo uploaded with a form that is refused is kept, so the person need not choose the file again.
    readForm: (request) => readFormKeepingImage(request, "logo"),
    dialog: {
      form: sponsorDialog,
      create: async ({ eventId, form }, { show_here, logo: _upload, logo_pending: _kept, ...sponsor }) => {
        await createSponsor(eventId, { ...sponsor, ...keptImageChange(form, "logo") }, { showHere: show_here });
        return `Sponsor “${sponsor.title}” added`;
      },
      update: async ({ eventId, id, form }, { show_here: _new, logo: _upload, logo_pending: _kept, ...sponsor }) =>
        (await updateSponsor(eventId, id, { ...sponsor, ...keptImageChange(form, "logo") }))
          ? `Sponsor “${sponsor.title}” saved`
          : null,
    },
    inline: {
      rules: { ...sponsorFields, ...sponsorEventFields },
      save: async ({ eventId, id }, field, value) => {
        if (field === "shown") return setShownAtEvent(eventId, id, value as boolean);
        if (field !== "display_order") return updateSponsor(eventId, id, { [field]: value });
        const outcome = await setSponsorOrder(eventId, id, value as number);
        if (outcome === "not shown") throw new Refusal("Show this sponsor at this event first.");
        return outcome !== "no such sponsor";
      },
    },
    bulk: {
      [SPONSOR_BULK_INTENT.show]: async ({ eventId, ids }) => {
        const shown = await showSponsorsAtEvent(eventId, ids);
        return shown === 0
          ? "Those sponsors were shown at this event already"
          : `${countOf(shown, NOUN)} now shown at this event`;
      },
      [SPONSOR_BULK_INTENT.hide]: async ({ eventId, ids }) => {
        const removed = await removeSponsorsFromEvent(eventId, ids);
        return removed === 0
          ? "Those sponsors were not shown at this event"
          : `${countOf(removed, NOUN)} removed from this event`;
      },
      [BULK_INTENT.activate]: async ({ eventId, ids }) =>
        `${countOf(await setSponsorsActive(eventId, ids, true), NOUN)} marked active`,
      [BULK_INTENT.deactivate]: async ({ eventId, ids }) =>
        `${countOf(await setSponsorsActive(eventId, ids, false), NOUN)} marked inactive`,
      [BULK_INTENT.delete]: async ({ eventId, ids }) => {
        const deleted = await deleteSponsors(eventId, ids);
        return deleted === 1 ? "Sponsor deleted" : `${deleted} sponsors deleted`;
      },
    },
  });
}

export default function SponsorsPage() {
  const { sponsors } = useLoaderData<typeof loader>();
  return (
    <AdminList
      title="Sponsors"
      intro={
        <>
          Your organisation's sponsors, shared by all its events. “Shown at this event” puts a sponsor's logo on this
          event's pages. {SPONSOR_LEVEL_HELP} Within a level, the lower “Order in level” comes first.
        </>
      }
      label="Sponsors"
      rows={sponsors}
      columns={SPONSOR_COLUMNS}
      rowId={(row) => row.sponsor_id}
      rowLabel={(row) => row.title}
      bulkActions={SPONSOR_BULK_ACTIONS}
      dialog={{
        form: sponsorDialog,
        encType: "multipart/form-data",
        newLabel: "New sponsor",
        newDescription:
          "A business that supports your events. All your events share your sponsors; each shows the ones you choose.",
        addLabel: "Add sponsor",
        newValues: { is_active: "yes", show_here: "yes" },
        saveLabel: "Save sponsor",
        values: sponsorValues,
        fields: (fields, sponsor) => <SponsorFields fields={fields} sponsor={sponsor} />,
      }}
      empty={{
        title: "No sponsors yet",
        text: "Add the businesses that support your events, with their logo and level, and choose which this event shows.",
      }}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
