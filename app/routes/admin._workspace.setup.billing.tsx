import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { billingSettingsSchema, BILLING_SETTINGS_FORM } from "~/billing/settings-form";
import { billingSettings, saveBillingSettings } from "~/billing/settings.server";
import { BillingSettingsForm } from "~/billing/ui/billing-settings-form";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { backWithToast } from "~/http/toast.server";
import { publicOrigin } from "~/security/request.server";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { Permission } from "~/auth/permissions";

export const meta = titleMeta("Billing · Setup · Gavel");

export const links: LinksFunction = () => dateTimeFieldLinks();

// Billing staff may look (they run checkout); only the event's admins change the keys, the mode and the fee, which
// decide whose account the money goes to (issue 31: a can_bill volunteer could divert payments).
const SEE_BILLING_SETUP: Permission[] = ["can_configure_event", "can_bill"];
const CHANGE_BILLING_SETUP: Permission = "can_configure_event";

/** /admin/setup/billing: the event's payment keys and checkout settings (docs/decisions/025-payments.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, SEE_BILLING_SETUP);
  return { settings: await billingSettings(eventId), mayChange: role[CHANGE_BILLING_SETUP] === true };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, CHANGE_BILLING_SETUP);
  const { timeZone } = await billingSettings(eventId);
  const submission = parseForm(await readPostedForm(request), billingSettingsSchema(timeZone));
  return answerForm(BILLING_SETTINGS_FORM, submission, async (input) => {
    // Stripe posts this event's payment events here; the secret that signs them is kept with the key.
    await saveBillingSettings(eventId, input, `${publicOrigin(request)}/billing/stripe-webhook/${eventId}`);
    return backWithToast(request, "Billing settings saved");
  });
}

export default function BillingSetupPage() {
  const { settings, mayChange } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Billing</h1>
        <p>How this event takes money: card payments through Stripe, the fee guests may cover, and receipts.</p>
      </div>
      <BillingSettingsForm
        readOnly={!mayChange}
        settings={{
          ...settings,
          checkoutOpensAt: settings.checkoutOpensAt ? new Date(settings.checkoutOpensAt) : null,
          checkoutClosesAt: settings.checkoutClosesAt ? new Date(settings.checkoutClosesAt) : null,
        }}
      />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
