import { useActionData, useLoaderData } from "@remix-run/react";
import { countOf, listAction, listForm } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { requireEventPermission } from "~/auth/access.server";
import { eventSettings } from "~/events/event-settings.server";
import {
  FUNDRAISER_BULK_INTENT,
  FUNDRAISER_SETTINGS_FORM,
  fundraiserSettingsSchema,
  fundraiserWordsOf,
  fundraiserDialog,
} from "~/giving/fundraiser-forms";
import {
  approveFundraisers,
  createFundraiser,
  deleteFundraisers,
  listFundraisers,
  saveFundraiserSettings,
  setFundraisersActive,
  updateFundraiser,
} from "~/giving/fundraisers.server";
import { FUNDRAISER_BULK_ACTIONS, fundraiserColumns } from "~/giving/ui/fundraiser-columns";
import { FundraiserDialogFields, fundraiserPageValues } from "~/giving/ui/fundraiser-dialog-fields";
import { FundraiserSettingsForm } from "~/giving/ui/fundraiser-settings-form";
import { BULK_INTENT } from "~/grid/grid-types";
import { paths } from "~/http/paths";
import { keptImageChange, readFormKeepingImage } from "~/images/upload.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Fundraisers · Donations · Gavel");

export const links: LinksFunction = () => [...richTextLinks(), ...dateTimeFieldLinks()];

const NOUN = ["page", "pages"] as const;

/**
 * /admin/solemen/fundraisers: the event's peer-to-peer fundraisers' pages. Staff make pages (approved as made),
 * approve the ones supporters sent from /cattlemen, edit, end (a page past its end shows its final total and takes no
 * more gifts), hide (inactive) or delete pages nobody gave on; the
 * settings say what the event calls them and where /wranglers leads. can_bill, as the donations they bring.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_bill");
  const [fundraisers, settings] = await Promise.all([listFundraisers(eventId), eventSettings(eventId)]);
  return {
    eventId,
    currency: settings.currency,
    timeZone: settings.timezone,
    words: fundraiserWordsOf(settings.meta),
    // What the loader sends out is sanitised again (rich-text.tsx): rows saved before a rule changed are safe too.
    fundraisers: fundraisers.map((row) => ({ ...row, story: sanitizeRichText(row.story) })),
  };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_bill",
    noun: NOUN,
    // A photo uploaded with a form that is refused is kept, so the person need not choose the file again.
    readForm: (request) => readFormKeepingImage(request, "photo"),
    dialog: {
      form: async (eventId) => fundraiserDialog((await eventSettings(eventId)).timezone),
      create: async ({ eventId, form }, { photo: _upload, photo_pending: _kept, ...page }) => {
        const { user } = await requireEventPermission(args.request, "can_bill");
        await createFundraiser(eventId, { ...page, ...keptImageChange(form, "photo") }, user.usr_id);
        return `Page “${page.name}” added`;
      },
      update: async ({ eventId, id, form }, { photo: _upload, photo_pending: _kept, ...page }) =>
        (await updateFundraiser(eventId, id, { ...page, ...keptImageChange(form, "photo") }))
          ? `Page “${page.name}” saved`
          : null,
    },
    bulk: {
      [FUNDRAISER_BULK_INTENT.approve]: async ({ eventId, ids }) => {
        const { user } = await requireEventPermission(args.request, "can_bill");
        const approved = await approveFundraisers(eventId, ids, user.usr_id);
        return approved === 0 ? "Those pages were approved already" : `${countOf(approved, NOUN)} approved`;
      },
      [BULK_INTENT.activate]: async ({ eventId, ids }) =>
        `${countOf(await setFundraisersActive(eventId, ids, true), NOUN)} shown`,
      [BULK_INTENT.deactivate]: async ({ eventId, ids }) =>
        `${countOf(await setFundraisersActive(eventId, ids, false), NOUN)} hidden`,
      [BULK_INTENT.delete]: async ({ eventId, ids }) =>
        `${countOf(await deleteFundraisers(eventId, ids), NOUN)} deleted`,
    },
    forms: {
      [FUNDRAISER_SETTINGS_FORM]: listForm({
        schema: fundraiserSettingsSchema,
        save: async ({ eventId }, settings) => {
          await saveFundraiserSettings(eventId, settings);
          return "Fundraiser settings saved";
        },
      }),
    },
  });
}

export default function FundraisersPage() {
  const { fundraisers, words, eventId, currency, timeZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const money = (cents: number | null) => (cents === null ? "" : formatMoney(cents, currency));
  const columns = fundraiserColumns(timeZone, money);
  return (
    <AdminList
      title={words.plural}
      intro={
        <>
          Supporters' own pages for the cause, with a photo, a story and a goal; gifts given on a page count on it and
          in the event's totals. Supporters send theirs from <a href={paths.cattlemen(eventId)}>/cattlemen</a>; approve
          them here before they go public.
        </>
      }
      label={words.plural}
      rows={fundraisers}
      columns={columns}
      rowId={(row) => row.fundraiser_id}
      rowLabel={(row) => row.name}
      bulkActions={FUNDRAISER_BULK_ACTIONS}
      dialog={{
        form: fundraiserDialog(timeZone),
        encType: "multipart/form-data",
        newLabel: "New page",
        newDescription: "A page you make for a supporter: it is approved as you make it.",
        addLabel: "Add page",
        newValues: { is_active: "yes" },
        saveLabel: "Save page",
        values: (row) => fundraiserPageValues(row, timeZone),
        fields: (fields, row) => <FundraiserDialogFields fields={fields} row={row} timeZone={timeZone} />,
      }}
      empty={{
        title: "No pages yet",
        text: "Add a page for a supporter, or share /cattlemen so supporters can send their own.",
      }}
    >
      <FundraiserSettingsForm
        words={words}
        wranglers={fundraisers.find((row) => row.is_wranglers)?.fundraiser_id ?? null}
        pages={fundraisers
          .filter((row) => row.approved && row.is_active)
          .map((row) => ({ id: row.fundraiser_id, name: row.name }))}
        reply={reply}
      />
    </AdminList>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
