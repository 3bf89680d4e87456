import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { PAYMENTS_INTENT, RECEIVED_FORM, receivedSchema, refundFormOf, refundSchema } from "~/billing/checkout-forms";
import { PAYMENT_STATUSES, paymentFilters } from "~/billing/payment-filters";
import { listPayments, setItemReceived } from "~/billing/payments-list.server";
import { refundPayment } from "~/billing/refunds.server";
import { PAYMENT_STATUS } from "~/billing/ui/invoice-view";
import { PaymentsTable } from "~/billing/ui/payments-table";
import { intentAction } from "~/forms/intent-action.server";
import { Button, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";

export const meta = titleMeta("Payments · Billing · Gavel");

/** /admin/billing/payments: every payment and refund; refund whole or part with a reason; pickup; CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_bill");
  const url = new URL(request.url);
  // ?format=csv (the address people have) is the CSV route's: a page's loader cannot answer with a file.
  if (url.searchParams.get("format") === "csv") {
    url.searchParams.delete("format");
    throw redirect(`/admin/billing/payments/csv${url.search}`);
  }
  const list = await listPayments(eventId, paymentFilters(url));
  // Each refund form carries a key made here: posting it again (a double click, a resubmission) refunds once.
  return { ...list, mayExport: role.can_report === true, submissionKey: randomUUID() };
}

/** Mark a payment's items picked up (or undo it); refund a payment, whole or part, with a reason. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, "can_bill");
      return { eventId, byUsrId: user.usr_id };
    },
    intents: (intent) => ({
      [PAYMENTS_INTENT.received]: intent({
        formId: RECEIVED_FORM,
        schema: receivedSchema,
        unparsed: "Choose a payment.",
        run: async ({ eventId }, { payment, received }) => {
          await setItemReceived(eventId, payment, received === "yes");
          return received === "yes" ? "Marked as picked up" : "Pickup undone";
        },
      }),
      [PAYMENTS_INTENT.refund]: intent({
        formId: refundFormOf,
        schema: refundSchema,
        run: async ({ eventId, byUsrId }, input) => {
          const list = await listPayments(eventId, { method: null, status: null });
          const row = list.payments.find((entry) => entry.id === input.payment);
          if (!row) throw new Response("Payment not found", { status: 404 });
          const refunded = await refundPayment(eventId, input.payment, {
            amount: input.amount ?? row.refundable,
            reason: input.reason,
            byUsrId,
            submissionKey: input.submission,
          });
          return `Refunded ${formatMoney(refunded.amount, list.currency)}`;
        },
      }),
    }),
  });
}

export default function PaymentsPage() {
  const { payments, currency, mayExport, submissionKey } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const csv = new URLSearchParams(params);
  return (
    <>
      <div className="page-header">
        <h1>Payments</h1>
        <p>Every payment and refund of the event. Refund whole or part with a reason, and mark items picked up.</p>
      </div>
      <Form method="get" className="billing-search">
        <span className="billing-search__field">
          <label htmlFor="payments-method">Method</label>
          <select id="payments-method" name="method" defaultValue={params.get("method") ?? ""}>
            <option value="">All</option>
            <option value="card">Card on file</option>
            <option value="checkout">Card (paid online)</option>
            <option value="cash">Cash</option>
            <option value="check">Check</option>
          </select>
        </span>
        <span className="billing-search__field">
          <label htmlFor="payments-status">Status</label>
          <select id="payments-status" name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">All</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS[status]}
              </option>
            ))}
          </select>
        </span>
        <Button type="submit">Filter</Button>
        {mayExport ? (
          <a className={buttonClass({ variant: "ghost" })} href={`/admin/billing/payments/csv?${csv}`} download>
            Download CSV
          </a>
        ) : null}
      </Form>
      {payments.length === 0 ? (
        <EmptyState
          title="No payments yet"
          text="Card payments, cash and checks taken at checkout, and refunds, appear here as they are made."
        />
      ) : (
        <PaymentsTable payments={payments} currency={currency} submissionKey={submissionKey} />
      )}
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
