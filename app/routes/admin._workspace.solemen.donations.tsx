import { randomUUID } from "node:crypto";
import { useActionData, useLoaderData } from "@remix-run/react";
import { listAction, listForm } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { requireEventPermission } from "~/auth/access.server";
import { Refusal } from "~/forms/refusal";
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
  DONATION_BULK_INTENT,
  REFUND_REASONS,
  STALE_GIFT_FORM,
  SUGGESTED_FORM,
  suggestedAmounts,
  suggestedSchema,
  staffGiftDialog,
} from "~/giving/gift-forms";
import { DONATION_BULK_ACTIONS, donationColumns } from "~/giving/ui/donation-columns";
import { GiftFields, giftValues } from "~/giving/ui/gift-fields";
import { SuggestedAmountsForm } from "~/giving/ui/suggested-amounts-form";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Donations · Gavel");

/**
 * /admin/solemen/donations: every gift, with the grid's filters and CSV export; record a cash or check gift, edit,
 * refund, anonymise, thank-you letters (the PDF at ./donations/letter), and the suggested amounts of /dp. A gift
 * can count on a peer-to-peer fundraiser's page (the event's approved pages).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_bill");
  const [{ meta: eventMeta, ...list }, pages] = await Promise.all([listDonations(eventId), attributablePages(eventId)]);
  // Fresh keys per page view: carried by the actions on ticked gifts, a refund posted twice gives back once; by the
  // new gift's form, a gift recorded twice is one gift.
  return {
    ...list,
    eventId,
    pages,
    suggested: suggestedAmounts(eventMeta),
    bulkSubmissionKey: randomUUID(),
    newGiftKey: randomUUID(),
  };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_bill",
    noun: ["gift", "gifts"],
    dialog: {
      form: staffGiftDialog,
      create: async ({ eventId }, input) => {
        const { user } = await requireEventPermission(args.request, "can_bill");
        if (!input.submission) throw new Refusal(STALE_GIFT_FORM);
        await recordStaffGift(eventId, input, user.usr_id, input.submission);
        return `${input.method === "check" ? "Check" : "Cash"} gift recorded`;
      },
      update: async ({ eventId, id }, input) => ((await updateGift(eventId, id, input)) ? "Gift saved" : null),
    },
    bulk: {
      [DONATION_BULK_INTENT.refund]: async ({ eventId, ids, form }) => {
        const { user } = await requireEventPermission(args.request, "can_bill");
        const reason = String(form.get("reason") ?? "") || REFUND_REASONS[0].value;
        const submission = String(form.get("submission") ?? "");
        const done = await refundGifts(eventId, ids, reason, user.usr_id, submission || undefined);
        return done === 1 ? "Gift given back" : `${done} gifts given back`;
      },
      [DONATION_BULK_INTENT.anonymise]: async ({ eventId, ids }) => {
        const done = await anonymiseGifts(eventId, ids);
        return done === 1 ? "Donor's details erased" : `${done} donors' details erased`;
      },
      [DONATION_BULK_INTENT.letters]: async ({ eventId, ids }) => {
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

export default function DonationsPage() {
  const { donations, currency, suggested, eventId, pages, bulkSubmissionKey, newGiftKey } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const money = (cents: number) => formatMoney(cents, currency);
  const columns = donationColumns(eventId, money);
  return (
    <AdminList
      title="Donations"
      intro="Every gift: given on the donation page, added to a guest's bill, or taken in cash or by check."
      label="Donations"
      rows={donations}
      columns={columns}
      rowId={(row) => row.id}
      rowLabel={(row) => `${row.donor} · ${money(row.amount)}`}
      bulkActions={DONATION_BULK_ACTIONS}
      bulkSubmissionKey={bulkSubmissionKey}
      dialog={{
        form: staffGiftDialog,
        newLabel: "Record a gift",
        newDescription: "A gift handed over in cash or by check.",
        addLabel: "Record gift",
        newValues: { method: "cash" },
        saveLabel: "Save gift",
        values: giftValues,
        fields: (fields, gift) => <GiftFields fields={fields} gift={gift} pages={pages} newGiftKey={newGiftKey} />,
      }}
      empty={{ title: "No gifts yet", text: "Gifts given on the donation page and recorded here are listed." }}
    >
      <SuggestedAmountsForm amounts={suggested} reply={reply} />
    </AdminList>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
