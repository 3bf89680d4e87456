import { useLoaderData } from "@remix-run/react";
import { AdminList } from "~/admin-list/admin-list";
import {
  ACTIVE_BULK_ACTIONS,
  deleteBulkAction,
  activeColumn,
  textColumn,
  websiteColumn,
  yesNoColumn,
} from "~/admin-list/columns";
import { countOf, listAction } from "~/admin-list/list-action.server";
import { requireEventPermission } from "~/auth/access.server";
import { sponsorEventFields, sponsorFields, type sponsorSchema, sponsorDialog } from "~/catalogue/sponsor-form";
import { SPONSOR_LEVELS, sponsorLevelRank } from "~/catalogue/sponsor-levels";
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
  type SponsorRow,
} from "~/catalogue/sponsors.server";
import { Refusal } from "~/forms/refusal";
import { type GridBulkAction, type GridColumn } from "~/grid/grid-types";
import { ImageField } from "~/images/image-field";
import { ResponsiveImage } from "~/images/responsive-image";
import { keptImageChange, readFormKeepingImage } from "~/images/upload.server";
import { titleMeta } from "~/ui/error-page";
import { checkboxProps, Field } from "~/ui/field";
import { InternalNotesField } from "~/ui/record-fields";
import { SelectOptions } from "~/ui/select-options";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Fieldset } from "~/ui/form-dialog";

export const meta = titleMeta("Sponsors · Auction items · Gavel");

const NOUN = ["sponsor", "sponsors"] as const;

const LEVEL_HELP =
  `Levels rank sponsors wherever they are listed, from ${SPONSOR_LEVELS[0]} at the top down to ` +
  `${SPONSOR_LEVELS[SPONSOR_LEVELS.length - 1]}; sponsors without a level come last.`;

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
      show: async ({ eventId, ids }) => {
        const shown = await showSponsorsAtEvent(eventId, ids);
        return shown === 0
          ? "Those sponsors were shown at this event already"
          : `${countOf(shown, NOUN)} now shown at this event`;
      },
      hide: async ({ eventId, ids }) => {
        const removed = await removeSponsorsFromEvent(eventId, ids);
        return removed === 0
          ? "Those sponsors were not shown at this event"
          : `${countOf(removed, NOUN)} removed from this event`;
      },
      activate: async ({ eventId, ids }) =>
        `${countOf(await setSponsorsActive(eventId, ids, true), NOUN)} marked active`,
      deactivate: async ({ eventId, ids }) =>
        `${countOf(await setSponsorsActive(eventId, ids, false), NOUN)} marked inactive`,
      delete: async ({ eventId, ids }) => {
        const deleted = await deleteSponsors(eventId, ids);
        return deleted === 1 ? "Sponsor deleted" : `${deleted} sponsors deleted`;
      },
    },
  });
}

const LEVEL_OPTIONS = [
  { value: "", label: "No level" },
  ...SPONSOR_LEVELS.map((level) => ({ value: level, label: level })),
];

const columns: GridColumn<SponsorRow>[] = [
  {
    id: "logo",
    header: "Logo",
    value: (row) => row.logo,
    cell: (row) =>
      row.logo ? (
        <ResponsiveImage image={row.logo} alt={`${row.title} logo`} sizes="6rem" className="logo-thumb" />
      ) : (
        <span className="muted">None</span>
      ),
    filter: false,
  },
  textColumn("title", "Name", sponsorFields.title),
  {
    id: "level",
    header: "Level",
    value: (row) => row.level,
    sortValue: (row) => sponsorLevelRank(row.level),
    filter: "select",
    edit: { type: "select", options: LEVEL_OPTIONS },
  },
  yesNoColumn("shown", "Shown at this event"),
  {
    id: "display_order",
    header: "Order in level",
    value: (row) => row.display_order,
    editValue: (row) => (row.display_order === null ? "" : String(row.display_order)),
    numeric: true,
    filter: false,
    edit: { type: "number", step: "1", min: 0 },
  },
  activeColumn(),
  websiteColumn(sponsorFields.website),
  { id: "event_count", header: "Events", value: (row) => row.event_count, numeric: true, filter: false, hidden: true },
  textColumn("internal_notes", "Internal notes", sponsorFields.internal_notes, { hidden: true }),
];

const bulkActions: GridBulkAction[] = [
  { intent: "show", label: "Show at this event" },
  { intent: "hide", label: "Remove from this event" },
  ...ACTIVE_BULK_ACTIONS,
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this sponsor?" : `Delete ${count} sponsors?`,
    description:
      "They are also taken off every event that shows them, past events included. To keep them on past events, " +
      "remove them from this event or mark them inactive instead.",
  })),
];

/** A saved sponsor as the form posts it. */
function sponsorValues(sponsor: SponsorRow) {
  return {
    title: sponsor.title,
    level: sponsor.level ?? "",
    website: sponsor.website ?? "",
    is_active: sponsor.is_active ? "yes" : "no",
    internal_notes: sponsor.internal_notes ?? "",
  };
}

/** The sponsor's fields; `sponsor` when editing one. */
function SponsorFields({
  fields,
  sponsor,
}: {
  fields: Fieldset<typeof sponsorSchema>;
  sponsor: SponsorRow | undefined;
}) {
  const pending = typeof fields.logo_pending.initialValue === "string" ? fields.logo_pending.initialValue : null;
  return (
    <>
      <Field label="Name" required meta={fields.title}>
        {(control) => <input {...control} required autoComplete="off" />}
      </Field>
      <Field label="Level" help={LEVEL_HELP} meta={fields.level}>
        {(control) => (
          <select {...control}>
            <SelectOptions options={LEVEL_OPTIONS} />
          </select>
        )}
      </Field>
      {pending ? <input type="hidden" name={fields.logo_pending.name} value={pending} /> : null}
      <ImageField
        name="logo"
        label="Logo"
        currentUrl={pending ?? sponsor?.logo ?? null}
        error={fields.logo.errors?.[0]}
        help="JPEG, PNG, WebP or GIF. A wide logo on a transparent background works best."
        alt={pending ? "The logo chosen, not saved yet" : "The sponsor's logo"}
      />
      <Field label="Website" help="Their logo links here on the event's pages." meta={fields.website}>
        {(control) => <input {...control} inputMode="url" autoComplete="off" placeholder="example.com" />}
      </Field>
      {sponsor ? null : (
        <label className="checkbox">
          <input type="checkbox" {...checkboxProps(fields.show_here)} />
          Show at this event
        </label>
      )}
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_active)} />
        Active: a current sponsor (inactive ones stay on the events that showed them)
      </label>
      <InternalNotesField meta={fields.internal_notes} />
    </>
  );
}

export default function SponsorsPage() {
  const { sponsors } = useLoaderData<typeof loader>();
  return (
    <AdminList
      title="Sponsors"
      intro={
        <>
          Your organisation's sponsors, shared by all its events. “Shown at this event” puts a sponsor's logo on this
          event's pages. {LEVEL_HELP} Within a level, the lower “Order in level” comes first.
        </>
      }
      label="Sponsors"
      rows={sponsors}
      columns={columns}
      rowId={(row) => row.sponsor_id}
      rowLabel={(row) => row.title}
      bulkActions={bulkActions}
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
