import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { receivedSchema, refundFormId, refundSchema } from "~/billing/checkout-forms";
import { PAYMENT_STATUSES, paymentFilters } from "~/billing/payment-filters";
import { listPayments, setItemReceived } from "~/billing/payments-list.server";
import { refundPayment } from "~/billing/refunds.server";
import { PAYMENT_STATUS } from "~/billing/ui/invoice-view";
import { parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm, refuseForm } from "~/forms/reply.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { backWithToast } from "~/http/toast.server";
import { Button, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
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

export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, "can_bill");
  const formData = await readPostedForm(request);
  const intent = formData.get("intent");
  if (intent === "received") {
    const submission = parseForm(formData, receivedSchema);
    if (submission.status !== "success") return refuseForm("received", "Choose a payment.");
    await setItemReceived(eventId, submission.value.payment, submission.value.received === "yes");
    return backWithToast(request, submission.value.received === "yes" ? "Marked as picked up" : "Pickup undone");
  }
  if (intent === "refund") {
    const paymentId = Number(formData.get("payment"));
    return answerForm(
      refundFormId(Number.isSafeInteger(paymentId) ? paymentId : 0),
      parseForm(formData, refundSchema),
      async (input) => {
        const list = await listPayments(eventId, { method: null, status: null });
        const row = list.payments.find((entry) => entry.id === input.payment);
        if (!row) throw new Response("Payment not found", { status: 404 });
        const refunded = await refundPayment(eventId, input.payment, {
          amount: input.amount ?? row.refundable,
          reason: input.reason,
          byUsrId: user.usr_id,
          submissionKey: input.submission,
        });
        return backWithToast(request, `Refunded ${formatMoney(refunded.amount, list.currency)}`);
      },
    );
  }
  return refuseForm("payments", "Unknown action.");
}

export default function PaymentsPage() {
  const { payments, currency, mayExport, submissionKey } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const money = (cents: number) => formatMoney(cents, currency);
  const csv = new URLSearchParams(params);
  return (
    <>
      <div className="page-header">
        <h1>Payments</h1>
        <p>Every payment and refund of the event. Refund whole or part with a reason, and mark items picked up.</p>
      </div>
      <Form method="get" className="billing-search">
        <label htmlFor="payments-method">Method</label>
        <select id="payments-method" name="method" defaultValue={params.get("method") ?? ""}>
          <option value="">All</option>
          <option value="card">Card on file</option>
          <option value="checkout">Card (paid online)</option>
          <option value="cash">Cash</option>
          <option value="check">Check</option>
        </select>
        <label htmlFor="payments-status">Status</label>
        <select id="payments-status" name="status" defaultValue={params.get("status") ?? ""}>
          <option value="">All</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PAYMENT_STATUS[status]}
            </option>
          ))}
        </select>
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
        <div className="table-scroll">
          <table className="billing-table">
            <caption className="visually-hidden">Payments</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Guest</th>
                <th scope="col">Method</th>
                <th scope="col" className="numeric">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Picked up</th>
                <th scope="col">Refund</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((row) => (
                <tr key={row.id}>
                  <td>{row.at}</td>
                  <td>
                    {row.paddle !== null ? `${row.paddle} · ` : ""}
                    {row.guest}
                    <div className="muted">Invoice {row.invoiceNumber}</div>
                  </td>
                  <td>
                    {row.methodName}
                    {row.checkNumber ? ` no. ${row.checkNumber}` : ""}
                  </td>
                  <td className="numeric">
                    {money(row.amount)}
                    {row.refunded > 0 ? <div className="muted">{money(row.refunded)} refunded</div> : null}
                  </td>
                  <td>
                    {PAYMENT_STATUS[row.status] ?? row.status}
                    {row.failure ? <div className="field-error">{row.failure}</div> : null}
                    {row.refunds.map((entry, index) => (
                      <div key={index} className="muted">
                        Refund {money(entry.amount)} ({entry.status}): {entry.reason}
                      </div>
                    ))}
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="received" />
                      <input type="hidden" name="payment" value={row.id} />
                      <input type="hidden" name="received" value={row.itemReceived ? "no" : "yes"} />
                      <Button type="submit" size="sm" variant={row.itemReceived ? "ghost" : "secondary"}>
                        {row.itemReceived ? "Picked up ✓ (undo)" : "Mark picked up"}
                      </Button>
                    </Form>
                  </td>
                  <td>
                    {row.refundable > 0 ? (
                      <RefundForm paymentId={row.id} left={money(row.refundable)} submissionKey={submissionKey} />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function RefundForm({ paymentId, left, submissionKey }: { paymentId: number; left: string; submissionKey: string }) {
  const actionData = useActionData<unknown>();
  const id = refundFormId(paymentId);
  const { form, fields } = useContractForm({ id, schema: refundSchema, reply: actionData });
  const refused = replyFor(actionData, id);
  return (
    <details open={Boolean(refused)}>
      <summary>Refund…</summary>
      <Form method="post" {...formProps(form)} className="checkout-way">
        {refused?.error?.[""]?.[0] ? <p className="field-error">{refused.error[""][0]}</p> : null}
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="payment" value={paymentId} />
        <input type="hidden" name="submission" value={submissionKey} />
        <Field label="Amount" meta={fields.amount} help={`Leave empty to refund all ${left} left.`}>
          {(control) => <input {...control} inputMode="decimal" />}
        </Field>
        <Field label="Reason" meta={fields.reason}>
          {(control) => <input {...control} />}
        </Field>
        <Button type="submit" size="sm" variant="danger">
          Refund
        </Button>
      </Form>
    </details>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
