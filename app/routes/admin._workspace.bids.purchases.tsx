import { randomUUID } from "node:crypto";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { PURCHASE_FORM, purchaseSchema } from "~/billing/checkout-forms";
import { purchasesScreen, recordPurchase } from "~/billing/purchases.server";
import { parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { backWithToast } from "~/http/toast.server";
import billingHref from "~/styles/billing.css";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { RecentSales } from "~/ui/recent-sales";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Purchases · Bids · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: billingHref }];

/** /admin/bids/purchases: record a sale of an item for sale to a paddle; the stock holds under concurrent sales. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_view_stats");
  // A fresh key per page view: the same form sent twice records one sale.
  return { ...(await purchasesScreen(eventId)), submissionKey: randomUUID() };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, "can_control_event");
  const submission = parseForm(await readPostedForm(request), purchaseSchema);
  return answerForm(PURCHASE_FORM, submission, async (input) => {
    await recordPurchase(eventId, {
      itemId: input.item,
      paddle: input.paddle,
      quantity: input.quantity,
      submissionKey: input.submission,
      byUsrId: user.usr_id,
    });
    return backWithToast(request, `Sale recorded for paddle ${input.paddle}`);
  });
}

export default function PurchasesPage() {
  const { items, recent, currency, submissionKey } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({
    id: PURCHASE_FORM,
    schema: purchaseSchema,
    reply,
    defaultValue: { quantity: "1" },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, PURCHASE_FORM));
  const busy = useNavigation().state === "submitting";
  const money = (cents: number | null) => (cents === null ? "no price" : formatMoney(cents, currency));
  return (
    <>
      <div className="page-header">
        <h1>Purchases</h1>
        <p>Record a sale of an item for sale to a guest's paddle. It goes on their invoice.</p>
      </div>
      {items.length === 0 ? (
        <EmptyState
          title="No items for sale yet"
          text="Add them under Auction items › Items for sale; then record their sales here."
        />
      ) : (
        <Form method="post" ref={formRef} className="settings-form" {...formProps(form)}>
          {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
          <input type="hidden" name="submission" value={submissionKey} />
          <Field label="Item" meta={fields.item}>
            {(control) => (
              <select {...control}>
                <option value="">Choose…</option>
                {items.map((item) => (
                  <option key={item.id} value={item.id} disabled={item.left <= 0}>
                    {item.title} · {money(item.price)} · {item.left > 0 ? `${item.left} left` : "sold out"}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="field-grid">
            <Field label="Paddle" meta={fields.paddle}>
              {(control) => <input {...control} inputMode="numeric" autoComplete="off" />}
            </Field>
            <Field label="Quantity" meta={fields.quantity}>
              {(control) => <input {...control} type="number" inputMode="numeric" min={1} step={1} />}
            </Field>
          </div>
          <div className="settings-form__actions">
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? "Recording…" : "Record sale"}
            </Button>
          </div>
        </Form>
      )}
      <RecentSales
        caption="Recent sales"
        empty={{ title: "No sales yet", text: "Each sale recorded here is listed, newest first." }}
        rows={recent}
        columns={[
          { header: "When", cell: (row) => row.at },
          { header: "Paddle", cell: (row) => row.paddle ?? "—" },
          { header: "Guest", cell: (row) => row.guest },
          { header: "Item", cell: (row) => `${row.title}${row.quantity > 1 ? ` × ${row.quantity}` : ""}` },
          { header: "Amount", numeric: true, cell: (row) => money(row.amount) },
        ]}
      />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
