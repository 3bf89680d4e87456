import { randomUUID } from "node:crypto";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminList } from "~/admin-list/admin-list";
import { listAction, listForm } from "~/admin-list/list-action.server";
import { requireEventPermission } from "~/auth/access.server";
import {
  anonymiseGifts,
  listDonations,
  recordStaffGift,
  refundGifts,
  saveSuggestedAmounts,
  sendDonationLetters,
  updateGift,
} from "~/giving/donations-admin.server";
import { attributablePages } from "~/giving/fundraisers.server";
import {
  type donationSchema,
  REFUND_REASONS,
  SUGGESTED_FORM,
  suggestedAmounts,
  suggestedSchema,
  staffGiftDialog,
} from "~/giving/gift-forms";
import { SuggestedAmountsForm } from "~/giving/ui/suggested-amounts-form";
import { titleMeta } from "~/ui/error-page";
import { checkboxProps, Field } from "~/ui/field";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";
import type { Fieldset } from "~/ui/form-dialog";

export const meta = titleMeta("Donations · Gavel");

/**
 * /admin/solemen/donations: every gift, with the grid's filters and CSV export; record a cash or check gift, edit,
 * refund, anonymise, thank-you letters (the PDF at ./donations/letter), and the suggested amounts of /dp. A gift
 * can count on a peer-to-peer fundraiser's page (the event's approved pages).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_bill");
  const [{ meta: eventMeta, ...list }, pages] = await Promise.all([listDonations(eventId), attributablePages(eventId)]);
  // A fresh key per page view, carried by the actions on ticked gifts: a refund posted twice gives back once.
  return { ...list, eventId, pages, suggested: suggestedAmounts(eventMeta), bulkSubmissionKey: randomUUID() };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_bill",
    noun: ["gift", "gifts"],
    dialog: {
      form: staffGiftDialog,
      create: async ({ eventId }, input) => {
        const { user } = await requireEventPermission(args.request, "can_bill");
        await recordStaffGift(eventId, input, user.usr_id);
        return `${input.method === "check" ? "Check" : "Cash"} gift recorded`;
      },
      update: async ({ eventId, id }, input) => ((await updateGift(eventId, id, input)) ? "Gift saved" : null),
    },
    bulk: {
      refund: async ({ eventId, ids, form }) => {
        const { user } = await requireEventPermission(args.request, "can_bill");
        const reason = String(form.get("reason") ?? "") || REFUND_REASONS[0].value;
        const submission = String(form.get("submission") ?? "");
        const done = await refundGifts(eventId, ids, reason, user.usr_id, submission || undefined);
        return done === 1 ? "Gift given back" : `${done} gifts given back`;
      },
      anonymise: async ({ eventId, ids }) => {
        const done = await anonymiseGifts(eventId, ids);
        return done === 1 ? "Donor's details erased" : `${done} donors' details erased`;
      },
      letters: async ({ eventId, ids }) => {
        const { user } = await requireEventPermission(args.request, "can_bill");
        const sent = await sendDonationLetters(eventId, ids, user.usr_id);
        return sent === 1 ? "Thank-you letter sent" : `${sent} thank-you letters sent`;
      },
    },
    forms: {
      [SUGGESTED_FORM]: listForm({
        schema: suggestedSchema,
        save: async ({ eventId }, { amounts }) => {
          await saveSuggestedAmounts(eventId, amounts);
          return "Suggested amounts saved";
        },
      }),
    },
  });
}

const bulkActions: GridBulkAction[] = [
  {
    intent: "letters",
    label: "Email thank-you letters",
    confirm: (count) => ({
      title: count === 1 ? "Email this donor's letter?" : `Email ${count} donors' letters?`,
      description: "Each donor with an email address gets the thank-you letter listing their gift.",
    }),
  },
  {
    intent: "refund",
    label: "Refund",
    danger: true,
    choice: { name: "reason", label: "Why", options: REFUND_REASONS },
    confirm: (count) => ({
      title: count === 1 ? "Give this gift back?" : `Give ${count} gifts back?`,
      description:
        "Card gifts are refunded to the card; cash and check gifts are recorded as handed back; gifts on a guest's bill are taken off it.",
    }),
  },
  {
    intent: "anonymise",
    label: "Erase donor details",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Erase this donor's details?" : `Erase ${count} donors' details?`,
      description: "Their name, email and note are removed for good. The amounts stay in the totals.",
    }),
  },
];

type Gift = ReturnType<typeof useLoaderData<typeof loader>>["donations"][number];

function giftValues(gift: Gift) {
  return {
    first_name: gift.first_name ?? "",
    last_name: gift.last_name ?? "",
    email: gift.email ?? "",
    amount: centsToInput(gift.amount),
    method: gift.method === "check" ? "check" : "cash",
    check_number: gift.check_number ?? "",
    tribute_kind: gift.tribute_kind ?? "",
    tribute_name: gift.tribute_name ?? "",
    is_anonymous: gift.is_anonymous ? "yes" : "no",
    message: gift.message ?? "",
    fundraiser: gift.fundraiserId === null ? "" : String(gift.fundraiserId),
  };
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>["pages"][number];

function GiftFields({
  fields,
  gift,
  pages,
}: {
  fields: Fieldset<typeof donationSchema>;
  gift: Gift | undefined;
  pages: Page[];
}) {
  const staffGift = !gift || gift.method === "cash" || gift.method === "check";
  return (
    <>
      <Field label="First name" meta={fields.first_name}>
        {(control) => <input {...control} />}
      </Field>
      <Field label="Last name" meta={fields.last_name}>
        {(control) => <input {...control} />}
      </Field>
      <Field label="Email" meta={fields.email}>
        {(control) => <input {...control} type="email" />}
      </Field>
      <Field
        label="Amount"
        required
        meta={fields.amount}
        help={gift?.method === "card" ? "A card gift keeps the amount charged." : undefined}
      >
        {(control) => <input {...control} inputMode="decimal" required readOnly={gift?.method === "card"} />}
      </Field>
      {staffGift ? (
        <>
          <Field label="Paid by" meta={fields.method}>
            {(control) => (
              <select {...control} disabled={Boolean(gift)}>
                <option value="cash">Cash</option>
                <option value="check">Check</option>
              </select>
            )}
          </Field>
          {gift ? <input type="hidden" name="method" value={gift.method} /> : null}
          <Field label="Check number" help="For a check." meta={fields.check_number}>
            {(control) => <input {...control} />}
          </Field>
        </>
      ) : (
        <input type="hidden" name="method" value="cash" />
      )}
      {pages.length > 0 ? (
        <Field
          label="Fundraiser"
          help="The page this gift counts on, if the donor gave for one."
          meta={fields.fundraiser}
        >
          {(control) => (
            <select {...control}>
              <option value="">None</option>
              {pages.map((page) => (
                <option key={page.id} value={page.id}>
                  {page.name}
                  {page.ended ? " (ended)" : page.isActive ? "" : " (hidden)"}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <Field label="Dedication" meta={fields.tribute_kind}>
        {(control) => (
          <select {...control}>
            <option value="">None</option>
            <option value="honour">In honour of</option>
            <option value="memory">In memory of</option>
          </select>
        )}
      </Field>
      <Field label="Their name" meta={fields.tribute_name}>
        {(control) => <input {...control} />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_anonymous)} />
        Not named on the screens
      </label>
      <Field label="Note" meta={fields.message}>
        {(control) => <textarea {...control} rows={2} />}
      </Field>
    </>
  );
}

const METHOD_LABELS: Record<string, string> = { card: "Card", invoice: "On the bill", cash: "Cash", check: "Check" };
const STATUS_LABELS: Record<string, string> = {
  paid: "Paid",
  pledged: "On the bill",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export default function DonationsPage() {
  const { donations, currency, suggested, eventId, pages, bulkSubmissionKey } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const money = (cents: number) => formatMoney(cents, currency);
  const columns: GridColumn<Gift>[] = [
    { id: "at", header: "When", value: (row) => row.at, filter: false },
    { id: "donor", header: "Donor", value: (row) => row.donor },
    { id: "email", header: "Email", value: (row) => row.email ?? "" },
    {
      id: "amount",
      header: "Gift",
      value: (row) => row.amount / 100,
      cell: (row) => money(row.amount),
      numeric: true,
    },
    { id: "fee", header: "Fee covered", value: (row) => row.fee / 100, cell: (row) => money(row.fee), numeric: true },
    { id: "method", header: "Paid by", value: (row) => METHOD_LABELS[row.method] ?? row.method, filter: "select" },
    { id: "status", header: "Status", value: (row) => STATUS_LABELS[row.status] ?? row.status, filter: "select" },
    {
      id: "frequency",
      header: "How often",
      value: (row) => (row.frequency === "monthly" ? "Monthly" : "Once"),
      filter: "select",
    },
    {
      id: "fundraiser",
      header: "Fundraiser",
      value: (row) => row.fundraiserName ?? "None",
      cell: (row) => row.fundraiserName ?? <span className="muted">None</span>,
      filter: "select",
    },
    { id: "tribute", header: "Dedication", value: (row) => row.tribute, hidden: true },
    {
      id: "anonymous",
      header: "On screens",
      value: (row) => (row.is_anonymous ? "Anonymous" : "Named"),
      filter: "select",
    },
    { id: "message", header: "Note", value: (row) => row.message ?? "", hidden: true },
    {
      id: "letter",
      header: "Letter",
      value: () => "PDF",
      filter: false,
      cell: (row) => (
        <a href={`/admin/solemen/donations/letter?id=${eventId}&gift=${row.id}`} target="_blank" rel="noreferrer">
          Letter (PDF)
        </a>
      ),
    },
  ];
  return (
    <AdminList
      title="Donations"
      intro="Every gift: given on the donation page, added to a guest's bill, or taken in cash or by check."
      label="Donations"
      rows={donations}
      columns={columns}
      rowId={(row) => row.id}
      rowLabel={(row) => `${row.donor} · ${money(row.amount)}`}
      bulkActions={bulkActions}
      bulkSubmissionKey={bulkSubmissionKey}
      dialog={{
        form: staffGiftDialog,
        newLabel: "Record a gift",
        newDescription: "A gift handed over in cash or by check.",
        addLabel: "Record gift",
        newValues: { method: "cash" },
        saveLabel: "Save gift",
        values: giftValues,
        fields: (fields, gift) => <GiftFields fields={fields} gift={gift} pages={pages} />,
      }}
      empty={{ title: "No gifts yet", text: "Gifts given on the donation page and recorded here are listed." }}
    >
      <SuggestedAmountsForm amounts={suggested} reply={reply} />
    </AdminList>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
