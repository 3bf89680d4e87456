import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { postedFields } from "~/catalogue/form-rules.server";
import {
  displayOrderRule,
  shownRule,
  SPONSOR_FIELD_NAMES,
  sponsorInlineFields,
  sponsorSchema,
} from "~/catalogue/sponsor-form.server";
import { SPONSOR_LEVELS, sponsorLevelRank } from "~/catalogue/sponsor-levels";
import {
  createSponsor,
  deleteSponsors,
  listSponsors,
  removeSponsorsFromEvent,
  setSponsorOrder,
  setShownAtEvent,
  setSponsorsActive,
  showSponsorsAtEvent,
  updateSponsor,
  type SponsorRow,
} from "~/catalogue/sponsors.server";
import { DataGrid } from "~/grid/data-grid";
import {
  inlineEditSaved,
  readInlineEdit,
  readSelectedIds,
  refuseBulk,
  refuseInlineEdit,
} from "~/grid/grid-forms.server";
import { RowDialog, RowDialogAbove } from "~/grid/row-dialog";
import { ImageField } from "~/images/image-field";
import { parseImageUrl } from "~/images/image-url";
import { ResponsiveImage } from "~/images/responsive-image";
import { chosenImageUrl, readFormWithImages } from "~/images/upload.server";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormDialog, type DialogRefusal } from "~/ui/form-dialog";
import { redirectWithToast } from "~/ui/toast.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Sponsors · Auction items · Gavel" },
];

const LEVEL_HELP =
  `Levels rank sponsors wherever they are listed, from ${SPONSOR_LEVELS[0]} at the top down to ` +
  `${SPONSOR_LEVELS[SPONSOR_LEVELS.length - 1]}; sponsors without a level come last.`;

/** /admin/auction_items/sponsors: the organisation's sponsors, and which of them this event shows. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { sponsors: await listSponsors(eventId) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const { form, imageErrors } = await readFormWithImages(request, ["logo"]);
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const here = url.pathname + url.search;

  switch (form.get("intent")) {
    case "create":
    case "update": {
      const editing = form.get("intent") === "update";
      const sponsorId = editing ? Number(form.get("sponsor_id")) : null;
      if (editing && !(Number.isInteger(sponsorId) && sponsorId! > 0))
        throw new Response("This form does not say which sponsor.", { status: 400 });
      const dialog = editing ? `edit-sponsor-${sponsorId}` : "new-sponsor";
      const logo = chosenLogo(form);
      const values = {
        ...postedFields(form, SPONSOR_FIELD_NAMES, ["is_active"]),
        show_here: form.has("show_here") ? "yes" : "no",
        // A logo uploaded with a form that is refused is kept, so the person need not choose the file again.
        logo_pending: typeof logo.logo === "string" ? logo.logo : "",
      };
      const parsed = sponsorSchema.safeParse(values);
      const fieldErrors = {
        ...(parsed.success ? {} : parsed.error.flatten().fieldErrors),
        ...(imageErrors.logo ? { logo: [imageErrors.logo] } : {}),
      };
      if (!parsed.success || Object.keys(fieldErrors).length > 0) return refuseDialog({ dialog, fieldErrors, values });
      const name = `“${parsed.data.title}”`;
      if (!editing) {
        await createSponsor(eventId, { ...parsed.data, ...logo }, { showHere: values.show_here === "yes" });
        return redirectWithToast(here, { title: `Sponsor ${name} added` });
      }
      if (!(await updateSponsor(eventId, sponsorId!, { ...parsed.data, ...logo }))) {
        return refuseDialog({ dialog, formError: "This sponsor no longer exists. Reload the page.", values });
      }
      return redirectWithToast(here, { title: `Sponsor ${name} saved` });
    }

    case "inline-edit": {
      const edit = readInlineEdit(form);
      if (!edit) throw new Response("This edit is not one the grid makes.", { status: 400 });
      if (edit.field === "shown") {
        const parsed = shownRule.safeParse(edit.value);
        if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
        if (!(await setShownAtEvent(eventId, edit.id, parsed.data)))
          return refuseInlineEdit(edit, "This sponsor no longer exists. Reload the page.");
        return inlineEditSaved();
      }
      if (edit.field === "display_order") {
        const parsed = displayOrderRule.safeParse(edit.value);
        if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
        const outcome = await setSponsorOrder(eventId, edit.id, parsed.data);
        if (outcome === "not shown") return refuseInlineEdit(edit, "Show this sponsor at this event first.");
        if (outcome === "no such sponsor")
          return refuseInlineEdit(edit, "This sponsor no longer exists. Reload the page.");
        return inlineEditSaved();
      }
      if (!(edit.field in sponsorInlineFields))
        throw new Response("This edit is not one the grid makes.", { status: 400 });
      const rule = sponsorInlineFields[edit.field as keyof typeof sponsorInlineFields];
      const parsed = rule.safeParse(edit.value);
      if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
      const found = await updateSponsor(eventId, edit.id, { [edit.field]: parsed.data });
      if (!found) return refuseInlineEdit(edit, "This sponsor no longer exists. Reload the page.");
      return inlineEditSaved();
    }

    case "show":
    case "hide": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the sponsors first.");
      if (form.get("intent") === "show") {
        const shown = await showSponsorsAtEvent(eventId, ids);
        return redirectWithToast(here, {
          title:
            shown === 0
              ? "Those sponsors were shown at this event already"
              : `${plural(shown, "sponsor")} now shown at this event`,
        });
      }
      const removed = await removeSponsorsFromEvent(eventId, ids);
      return redirectWithToast(here, {
        title:
          removed === 0
            ? "Those sponsors were not shown at this event"
            : `${plural(removed, "sponsor")} removed from this event`,
      });
    }

    case "activate":
    case "deactivate": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the sponsors first.");
      const active = form.get("intent") === "activate";
      const changed = await setSponsorsActive(eventId, ids, active);
      return redirectWithToast(here, {
        title: `${plural(changed, "sponsor")} marked ${active ? "active" : "inactive"}`,
      });
    }

    case "delete": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the sponsors to delete first.");
      const deleted = await deleteSponsors(eventId, ids);
      return redirectWithToast(here, { title: deleted === 1 ? "Sponsor deleted" : `${deleted} sponsors deleted` });
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

function refuseDialog(refusal: DialogRefusal) {
  return data(refusal, { status: 400 });
}

function plural(n: number, word: string) {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

/**
 * The logo to save, from the form's ImageField: a new upload, the upload kept from a refused post of the same
 * form (`logo_pending`, only ever an uploaded image's URL), or none when "Remove the image" is ticked. Nothing
 * (no change) when the person did none of these.
 */
function chosenLogo(form: FormData): { logo?: string | null } {
  const pending = String(form.get("logo_pending") ?? "");
  const kept = parseImageUrl(pending) ? pending : null;
  if (kept === null && !form.has("logo") && !form.has("logo__remove")) return {};
  return { logo: chosenImageUrl(form, "logo", kept) };
}

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

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
  { id: "title", header: "Name", value: (row) => row.title, edit: { type: "text", maxLength: 120 } },
  {
    id: "level",
    header: "Level",
    value: (row) => row.level,
    sortValue: (row) => sponsorLevelRank(row.level),
    filter: "select",
    edit: { type: "select", options: LEVEL_OPTIONS },
  },
  {
    id: "shown",
    header: "Shown at this event",
    value: (row) => row.shown,
    editValue: (row) => (row.shown ? "yes" : "no"),
    filter: "select",
    edit: { type: "select", options: YES_NO },
  },
  {
    id: "display_order",
    header: "Order in level",
    value: (row) => row.display_order,
    editValue: (row) => (row.display_order === null ? "" : String(row.display_order)),
    numeric: true,
    filter: false,
    edit: { type: "number", step: "1", min: 0 },
  },
  {
    id: "is_active",
    header: "Active",
    value: (row) => row.is_active,
    editValue: (row) => (row.is_active ? "yes" : "no"),
    filter: "select",
    edit: { type: "select", options: YES_NO },
  },
  {
    id: "website",
    header: "Website",
    value: (row) => row.website,
    cell: (row) =>
      row.website ? (
        <a href={row.website} target="_blank" rel="noopener noreferrer">
          {row.website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}
        </a>
      ) : (
        <span className="muted">—</span>
      ),
    edit: { type: "text", maxLength: 300 },
    hidden: true,
  },
  { id: "event_count", header: "Events", value: (row) => row.event_count, numeric: true, filter: false, hidden: true },
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
    cell: (row) => <EditSponsor sponsor={row} />,
    filter: false,
    noExport: true,
  },
];

const bulkActions: GridBulkAction[] = [
  { intent: "show", label: "Show at this event" },
  { intent: "hide", label: "Remove from this event" },
  { intent: "activate", label: "Mark active" },
  { intent: "deactivate", label: "Mark inactive" },
  {
    intent: "delete",
    label: "Delete",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Delete this sponsor?" : `Delete ${count} sponsors?`,
      description:
        "They are also taken off every event that shows them, past events included. To keep them on past events, " +
        "remove them from this event or mark them inactive instead.",
    }),
  },
];

type SponsorValues = Partial<Record<(typeof SPONSOR_FIELD_NAMES)[number] | "show_here" | "logo_pending", string>>;

function sponsorValues(sponsor: SponsorRow): SponsorValues {
  return {
    title: sponsor.title,
    level: sponsor.level ?? "",
    website: sponsor.website ?? "",
    is_active: sponsor.is_active ? "yes" : "no",
    internal_notes: sponsor.internal_notes ?? "",
  };
}

/** The sponsor's fields, filled with what was typed (after a refusal) or what is saved. */
function SponsorFields({
  refusal,
  saved,
  savedLogo,
  creating,
}: {
  refusal: DialogRefusal | undefined;
  saved: SponsorValues;
  savedLogo: string | null;
  creating: boolean;
}) {
  const values: SponsorValues = refusal?.values ?? saved;
  const error = (field: string) => refusal?.fieldErrors?.[field]?.[0];
  const pending = values.logo_pending || null;
  return (
    <>
      <Field label="Name" required error={error("title")}>
        {(control) => (
          <input
            {...control}
            name="title"
            required
            maxLength={120}
            autoComplete="off"
            defaultValue={values.title ?? ""}
          />
        )}
      </Field>
      <Field label="Level" help={LEVEL_HELP} error={error("level")}>
        {(control) => (
          <select {...control} name="level" defaultValue={values.level ?? ""}>
            {LEVEL_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {pending ? <input type="hidden" name="logo_pending" value={pending} /> : null}
      <ImageField
        name="logo"
        label="Logo"
        currentUrl={pending ?? savedLogo}
        error={error("logo")}
        help="JPEG, PNG, WebP or GIF. A wide logo on a transparent background works best."
        alt={pending ? "The logo chosen, not saved yet" : "The sponsor's logo"}
      />
      <Field label="Website" help="Their logo links here on the event's pages." error={error("website")}>
        {(control) => (
          <input
            {...control}
            name="website"
            maxLength={300}
            inputMode="url"
            autoComplete="off"
            placeholder="example.com"
            defaultValue={values.website ?? ""}
          />
        )}
      </Field>
      {creating ? (
        <label className="checkbox">
          <input type="checkbox" name="show_here" value="yes" defaultChecked={(values.show_here ?? "yes") !== "no"} />
          Show at this event
        </label>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" name="is_active" value="yes" defaultChecked={(values.is_active ?? "yes") !== "no"} />
        Active: a current sponsor (inactive ones stay on the events that showed them)
      </label>
      <Field label="Internal notes" help="Only your team sees these." error={error("internal_notes")}>
        {(control) => (
          <textarea {...control} name="internal_notes" rows={3} defaultValue={values.internal_notes ?? ""} />
        )}
      </Field>
    </>
  );
}

/** The row's edit dialog; `above` for the copy the page shows above the grid without JavaScript. */
function EditSponsor({ sponsor, above = false }: { sponsor: SponsorRow; above?: boolean }) {
  const Dialog = above ? FormDialog : RowDialog;
  return (
    <Dialog
      name={`edit-sponsor-${sponsor.sponsor_id}`}
      trigger="Edit"
      triggerLabel={`Edit ${sponsor.title}`}
      triggerVariant="ghost"
      title={`Edit ${sponsor.title}`}
      submitLabel="Save sponsor"
      encType="multipart/form-data"
      fields={{ intent: "update", sponsor_id: String(sponsor.sponsor_id) }}
    >
      {(refusal) => (
        <SponsorFields refusal={refusal} saved={sponsorValues(sponsor)} savedLogo={sponsor.logo} creating={false} />
      )}
    </Dialog>
  );
}

export default function SponsorsPage() {
  const { sponsors } = useLoaderData<typeof loader>();
  const newSponsor = (
    <FormDialog
      name="new-sponsor"
      trigger="New sponsor"
      triggerVariant="primary"
      title="New sponsor"
      description="A business that supports your events. All your events share your sponsors; each shows the ones you choose."
      submitLabel="Add sponsor"
      encType="multipart/form-data"
      fields={{ intent: "create" }}
    >
      {(refusal) => (
        <SponsorFields refusal={refusal} saved={{ is_active: "yes", show_here: "yes" }} savedLogo={null} creating />
      )}
    </FormDialog>
  );

  return (
    <>
      <div className="page-header">
        <h1>Sponsors</h1>
        <p>
          Your organisation's sponsors, shared by all its events. “Shown at this event” puts a sponsor's logo on this
          event's pages. {LEVEL_HELP} Within a level, the lower “Order in level” comes first.
        </p>
      </div>
      <RowDialogAbove
        rows={sponsors}
        dialogName={(row) => `edit-sponsor-${row.sponsor_id}`}
        render={(row) => <EditSponsor sponsor={row} above />}
      />
      <DataGrid
        label="Sponsors"
        rows={sponsors}
        columns={columns}
        rowId={(row) => String(row.sponsor_id)}
        rowLabel={(row) => row.title}
        bulkActions={bulkActions}
        actions={newSponsor}
        empty={
          <EmptyState
            title="No sponsors yet"
            text="Add the businesses that support your events, with their logo and level, and choose which this event shows."
            action={newSponsor}
          />
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
