import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import {
  defaultAcknowledgement,
  donorGifts,
  donorOfEvent,
  sendAcknowledgement,
} from "~/catalogue/acknowledgement.server";
import { catalogueOptions } from "~/catalogue/catalogue-options.server";
import { eventSettings } from "~/events/event-settings.server";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Thank a donor · Auction items · Gavel" },
];

/**
 * /admin/auction_items/email_page?donor=<id>: a thank-you acknowledgement listing what a donor gave to the event
 * and its value, sent by email or downloaded as a PDF letter.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const donorParam = new URL(request.url).searchParams.get("donor");
  const [options, settings] = await Promise.all([catalogueOptions(eventId), eventSettings(eventId)]);
  const donorId = donorParam && /^\d+$/.test(donorParam) ? Number(donorParam) : null;
  const donor = donorId ? await donorOfEvent(eventId, donorId) : null;
  if (donorId && !donor) throw new Response("This donor no longer exists.", { status: 404 });
  const gifts = donor ? await donorGifts(eventId, donor.donor_id) : [];
  const organisation = settings.company_name || settings.title;
  return {
    donors: options.donors,
    donor,
    gifts,
    currency: settings.currency,
    draft: donor ? defaultAcknowledgement(donor.name, settings.title, organisation) : null,
  };
}

const letterSchema = z.object({
  donor: z.coerce.number().int().positive(),
  subject: z.string().trim().min(1, "Give the email a subject.").max(200, "Keep the subject to 200 characters."),
  message: z.string().trim().min(1, "Write the message.").max(10_000, "Keep the message to 10,000 characters."),
});

type SendRefusal = { errors: Record<string, string[] | undefined>; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const form = await request.formData();
  const values = {
    donor: String(form.get("donor") ?? ""),
    subject: String(form.get("subject") ?? ""),
    message: String(form.get("message") ?? ""),
  };
  const parsed = letterSchema.safeParse(values);
  if (!parsed.success)
    return data<SendRefusal>({ errors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
  const donor = await donorOfEvent(eventId, parsed.data.donor);
  if (!donor) throw new Response("This donor no longer exists.", { status: 404 });
  if (!donor.email) {
    return data<SendRefusal>(
      {
        errors: {
          form: [`${donor.name} has no email address. Add it on the Donors screen, or download the letter as a PDF.`],
        },
        values,
      },
      { status: 400 },
    );
  }
  const [gifts, settings] = await Promise.all([donorGifts(eventId, donor.donor_id), eventSettings(eventId)]);
  try {
    await sendAcknowledgement(donor.email, {
      subject: parsed.data.subject,
      message: parsed.data.message,
      gifts,
      currency: settings.currency,
    });
  } catch (error) {
    console.error("[email_page] the acknowledgement could not be sent", error);
    return data<SendRefusal>(
      {
        errors: { form: ["The mail server did not take the message. Nothing was sent; try again in a moment."] },
        values,
      },
      { status: 400 },
    );
  }
  const url = new URL(request.url);
  return redirectWithToast(url.pathname + url.search, { title: `Thank-you sent to ${donor.email}` });
}

export default function EmailPage() {
  const { donors, donor, gifts, currency, draft } = useLoaderData<typeof loader>();
  const refusal = useActionData<SendRefusal>();
  const sending = useNavigation().state === "submitting";
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refusal?.errors);
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
      </div>
      <Form method="get" className="import-form">
        <label className="field__label" htmlFor="donor-picker">
          Donor
        </label>
        <select id="donor-picker" name="donor" defaultValue={donor ? String(donor.donor_id) : ""} required>
          <option value="">Choose a donor…</option>
          {donors.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
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
              <p className="muted">No items of this event name {donor.name} as their donor yet.</p>
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
            {/* A document post (reloadDocument), so that the PDF button's answer arrives as a download. */}
            <Form method="post" reloadDocument ref={formRef} className="stack" key={donor.donor_id}>
              {refusal?.errors.form ? <FormAlert>{refusal.errors.form[0]}</FormAlert> : null}
              <input type="hidden" name="donor" value={donor.donor_id} />
              <p className="muted">To: {donor.email ?? "no email address on file"}</p>
              <Field label="Subject" required error={refusal?.errors.subject?.[0]}>
                {(control) => (
                  <input
                    {...control}
                    name="subject"
                    required
                    maxLength={200}
                    defaultValue={refusal?.values.subject ?? draft.subject}
                  />
                )}
              </Field>
              <Field
                label="Message"
                required
                help="The list of gifts with their values and the total follows the message."
                error={refusal?.errors.message?.[0]}
              >
                {(control) => (
                  <textarea
                    {...control}
                    name="message"
                    rows={12}
                    required
                    defaultValue={refusal?.values.message ?? draft.message}
                  />
                )}
              </Field>
              <div className="dialog__actions">
                {/* The PDF is built from the same fields, by the print route, as a download. */}
                <Button type="submit" formAction={`/admin/auction_items/print${location.search}`} variant="secondary">
                  Download PDF
                </Button>
                <Button type="submit" variant="primary" disabled={sending || !donor.email}>
                  Send by email
                </Button>
              </div>
            </Form>
          </Card>
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
