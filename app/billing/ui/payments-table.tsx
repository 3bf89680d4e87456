import { Form } from "@remix-run/react";
import { Button } from "~/ui/button";
import { formatMoney } from "~/ui/format";
import { PAYMENTS_INTENT } from "../checkout-forms";
import { PAYMENT_STATUS } from "./invoice-view";
import { RefundForm } from "./refund-form";
import type { listPayments } from "../payments-list.server";
import type { SerializeFrom } from "@remix-run/node";

type PaymentRow = SerializeFrom<typeof listPayments>["payments"][number];

/**
 * The event's payments with their refunds: each that paid for items can be marked picked up, and each refunded while
 * some is left.
 */
export function PaymentsTable({
  payments,
  currency,
  submissionKey,
}: {
  payments: PaymentRow[];
  currency: string;
  /** Carried by each refund form, so that posting one twice refunds once. */
  submissionKey: string;
}) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
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
              <td className="billing-table__when">
                {row.day}
                <div className="muted">{row.time}</div>
              </td>
              <td>
                {row.paddle !== null ? `${row.paddle} · ` : ""}
                {row.guest}
                <div className="muted">{row.paidFor}</div>
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
                {row.hasItems && (row.status === "paid" || row.itemReceived) ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value={PAYMENTS_INTENT.received} />
                    <input type="hidden" name="payment" value={row.id} />
                    <input type="hidden" name="received" value={row.itemReceived ? "no" : "yes"} />
                    <Button type="submit" size="sm" variant={row.itemReceived ? "ghost" : "secondary"}>
                      {row.itemReceived ? "Picked up ✓ (undo)" : "Mark picked up"}
                    </Button>
                  </Form>
                ) : null}
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
  );
}
