/**
 * An invoice's lines, totals and payments, as staff and the guest both read it. Each line shows its fair market
 * value and deductible part once paid, and the totals what of it was paid; comps, reversals and refunds are lines of their own, so nothing earlier changes.
 * `lineAction` lets the staff screen put a "Comp" form beside a line.
 */
import { formatEventDate, formatMoney } from "~/ui/format";
import type { InvoiceDocument } from "../invoice-document.server";
import type { ReactNode } from "react";

type Document = Pick<InvoiceDocument, "lines" | "totals" | "deductiblePaid" | "payments" | "currency">;

export function InvoiceLines({
  invoice,
  lineAction,
}: {
  invoice: Document;
  lineAction?: (line: Document["lines"][number]) => ReactNode;
}) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  return (
    <div className="table-scroll">
      <table className="invoice-lines">
        <caption className="visually-hidden">Invoice lines</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col" className="numeric">
              Fair market value
            </th>
            <th scope="col" className="numeric">
              Deductible
            </th>
            {lineAction ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.description}
                {line.reason ? <div className="muted">{line.reason}</div> : null}
              </td>
              <td className="numeric">{money(line.amount)}</td>
              <td className="numeric">{money(line.fairMarketValue)}</td>
              <td className="numeric">{money(line.deductible)}</td>
              {lineAction ? <td>{lineAction(line)}</td> : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="numeric">{money(invoice.totals.total)}</td>
            <td colSpan={lineAction ? 3 : 2} />
          </tr>
          <tr>
            <th scope="row">Paid</th>
            <td className="numeric">{money(invoice.totals.paid)}</td>
            <td colSpan={lineAction ? 3 : 2} />
          </tr>
          {/* The column gives each line's deductible part once paid; this is what of it the payments paid (the
              receipt's and the tax report's figure): a line's fair market value is paid first. */}
          <tr>
            <th scope="row">Tax-deductible, of what was paid</th>
            <td className="numeric">{money(invoice.deductiblePaid)}</td>
            <td colSpan={lineAction ? 3 : 2} />
          </tr>
          <tr className="invoice-balance">
            <th scope="row">{invoice.totals.balance < 0 ? "In credit" : "Balance due"}</th>
            <td className="numeric">{money(Math.abs(invoice.totals.balance))}</td>
            <td colSpan={lineAction ? 3 : 2} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function PaymentList({
  invoice,
  timeZone,
  paymentAction,
}: {
  invoice: Document;
  timeZone: string;
  /** The staff screen's form beside a payment (the cash desk's pickup). */
  paymentAction?: (entry: Document["payments"][number]) => ReactNode;
}) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  if (invoice.payments.length === 0) return <p className="muted">No payments yet.</p>;
  return (
    <ul className="payment-list">
      {invoice.payments.map((entry) => (
        <li key={entry.id}>
          <strong>{money(entry.amount)}</strong> · {entry.method}
          {entry.checkNumber ? ` no. ${entry.checkNumber}` : ""} · {PAYMENT_STATUS[entry.status] ?? entry.status} ·{" "}
          {formatEventDate(new Date(entry.at), timeZone)}
          {entry.refunded > 0 ? ` · ${money(entry.refunded)} refunded` : ""}
          {entry.failure ? <div className="field-error">{entry.failure}</div> : null}
          {paymentAction ? paymentAction(entry) : null}
        </li>
      ))}
    </ul>
  );
}

export const PAYMENT_STATUS: Record<string, string> = {
  paid: "paid",
  pending: "in progress",
  page_open: "payment page open, not paid",
  failed: "not paid",
  disputed: "disputed by the cardholder",
};
