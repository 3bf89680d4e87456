import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { ACKNOWLEDGEMENT_FORM, acknowledgementSchema } from "~/catalogue/acknowledgement-form";
import {
  defaultAcknowledgement,
  donorGifts,
  donorOfEvent,
  sendAcknowledgement,
} from "~/catalogue/acknowledgement.server";
import { catalogueOptions } from "~/catalogue/catalogue-options.server";
import { AcknowledgementLetter } from "~/catalogue/ui/acknowledgement-letter";
import { readRowId } from "~/db/row-id";
import { eventSettings } from "~/events/event-settings.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { refuseSubmission, refuseWith } from "~/forms/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { MessagesTabs } from "~/messages/ui/messages-tabs";
import { Button, ButtonLink } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import { SelectOptions } from "~/ui/select-options";
import { useEventHref } from "~/ui/use-event-href";

export const meta = titleMeta("Thank a donor · Auction items · Gavel");

/**
 * /admin/auction_items/email_page?donor=<id>: a thank-you acknowledgement listing what a donor gave to the event
 * and its value, sent by email or downloaded as a PDF letter.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_edit_auction_items");
  const donorParam = new URL(request.url).searchParams.get("donor");
  const [options, settings] = await Promise.all([catalogueOptions(eventId), eventSettings(eventId)]);
  const donorId = donorParam && /^\d+$/.test(donorParam) ? Number(donorParam) : null;
  // An id past the integer column's ceiling (readRowId) is no donor, like one that was deleted: not a failed query.
  const donor = donorId && readRowId(donorParam) ? await donorOfEvent(eventId, donorId) : null;
  if (donorId && !donor) throw new Response("This donor no longer exists.", { status: 404 });
  const gifts = donor ? await donorGifts(eventId, donor.donor_id) : [];
  const organisation = settings.company_name || settings.title;
  return {
    donors: options.donors,
    donor,
    gifts,
    currency: settings.currency,
    draft: donor ? defaultAcknowledgement(donor.name, settings.title, organisation) : null,
    canSend: role.can_send_messages,
  };
}

/** Viewing and printing the letter is catalogue work; sending mail to an address needs can_send_messages. */
export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, "can_send_messages");
  const submission = parseForm(await readPostedForm(request), acknowledgementSchema);
  if (submission.status !== "success") return refuseSubmission(ACKNOWLEDGEMENT_FORM, submission);
  const { donor: donorId, subject, message } = submission.value;
  const donor = await donorOfEvent(eventId, donorId);
  if (!donor) throw new Response("This donor no longer exists.", { status: 404 });
  if (!donor.email) {
    const noAddress = `${donor.name} has no email address. Add it on the Donors screen, or download the letter as a PDF.`;
    return refuseWith(ACKNOWLEDGEMENT_FORM, submission, new Refusal(noAddress));
  }
  const [gifts, settings] = await Promise.all([donorGifts(eventId, donor.donor_id), eventSettings(eventId)]);
  try {
    await sendAcknowledgement(eventId, user.usr_id, donor.email, {
      subject,
      message,
      gifts,
      currency: settings.currency,
    });
  } catch (error) {
    // Past the sender's hourly limit: said above the form, nothing sent.
    if (error instanceof Refusal) return refuseWith(ACKNOWLEDGEMENT_FORM, submission, error);
    throw error;
  }
  const url = new URL(request.url);
  return redirectWithToast(url.pathname + url.search, {
    title: `Thank-you sent to ${donor.email}`,
    description: "It leaves within a few seconds; a failed delivery is tried again.",
  });
}

export default function EmailPage() {
  const { donors, donor, gifts, currency, draft, canSend } = useLoaderData<typeof loader>();
  const sending = useNavigation().state === "submitting";
  const location = useLocation();
  const eventHref = useEventHref();
  const total = gifts.reduce((sum, gift) => sum + (gift.value ?? 0), 0);
  const money = (cents: number | null) => (cents === null ? "Value not stated" : formatMoney(cents, currency));

  return (
    <>
      <div className="page-header">
        <h1>Thank a donor</h1>
        <p>
          A thank-you acknowledgement listing what a donor gave to this event and its value, by email or as a PDF
          letter.
        </p>
        <MessagesTabs canSend={canSend} canThankDonors />
      </div>
      <Form method="get" className="import-form">
        <label className="field__label" htmlFor="donor-picker">
          Donor
        </label>
        <select id="donor-picker" name="donor" defaultValue={donor ? String(donor.donor_id) : ""} required>
          <option value="">Choose a donor…</option>
          <SelectOptions options={donors} />
        </select>
        <Button type="submit" variant="secondary">
          Open
        </Button>
      </Form>

      {!donor || !draft ? (
        <EmptyState
          title="Choose a donor"
          text="Their gifts to this event and a thank-you message ready to send will appear here."
        />
      ) : (
        <div className="stack">
          <Card title={`What ${donor.name} gave`} headingLevel={2}>
            {gifts.length === 0 ? (
              <EmptyState
                size="sm"
                headingLevel={3}
                title={`No gifts from ${donor.name} yet`}
                text="Items of this event that name them as their donor are listed here with their value."
                action={
                  <ButtonLink to={eventHref("/admin/auction_items/inventory")} size="sm">
                    Go to the inventory
                  </ButtonLink>
                }
              />
            ) : (
              <div className="table-wrap">
                <table className="data-table">
                  <caption className="visually-hidden">Gifts of {donor.name}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Item</th>
                      <th scope="col" className="grid__numeric">
                        Fair market value
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {gifts.map((gift, index) => (
                      <tr key={`${gift.title}-${index}`}>
                        <td>{gift.title}</td>
                        <td className="grid__numeric">{money(gift.value)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">Total</th>
                      <td className="grid__numeric">{money(total)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </Card>

          <Card title="The letter" headingLevel={2}>
            <AcknowledgementLetter
              key={donor.donor_id}
              donor={donor}
              draft={draft}
              canSend={canSend}
              sending={sending}
              printAction={`/admin/auction_items/print${location.search}`}
            />
          </Card>
        </div>
      )}
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
