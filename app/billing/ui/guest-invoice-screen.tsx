/**
 * The guest's invoice on their phone (/invoice): what they owe, line by line, and the ways to pay it: the card on
 * file in one tap, or a card typed on the payment page (optionally kept for next time). Every button is a plain
 * form post, so it works before (or without) JavaScript. The receipt view is the same page, printable.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { payableNow } from "../amount-rules";
import { coverFee } from "../cover-fee";
import { GUEST_INVOICE_INTENT } from "../guest-invoice-form";
import { DemoMoneyNote } from "./demo-money-note";
import { InvoiceLines, PaymentList } from "./invoice-view";
import type { InvoiceDocument } from "../invoice-document.server";

export interface GuestInvoiceProps {
  invoice: InvoiceDocument;
  timeZone: string;
  checkout: { open: true } | { open: false; reason: "opens" | "closed"; at: string; atText: string };
  notice: string | null;
  receipt: boolean;
  selfPath: string;
  problem: string | null;
  /** The payment forms' key: the same page's form sent twice takes one payment. */
  submissionKey: string;
}

const NOTICES: Record<string, string> = {
  paid: "Thank you: your payment went through.",
  card_saved: "Your card is saved for this event.",
  cancelled: "Nothing was paid: you left the payment page.",
};

export function GuestInvoiceScreen(props: GuestInvoiceProps) {
  const { invoice, checkout, notice, receipt, selfPath, problem, timeZone, submissionKey } = props;
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const owed = payableNow(invoice.totals);
  const busy = useNavigation().state === "submitting";
  const fee = invoice.coverFee && owed > 0 ? coverFee(owed, invoice.coverFee) : 0;
  return (
    <main className="guest-invoice">
      <header>
        <p className="guest-invoice__event">{invoice.eventTitle}</p>
        <h1>{receipt ? "Receipt" : "Your invoice"}</h1>
        <p className="muted">
          {invoice.guest}
          {invoice.paddle !== null ? ` · paddle ${invoice.paddle}` : ""} · invoice {invoice.number}
        </p>
      </header>
      {invoice.demoSandbox ? <DemoMoneyNote /> : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {notice && NOTICES[notice] ? (
        <p className="guest-invoice__notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
      <InvoiceLines invoice={invoice} />
      {owed > 0 && !receipt ? (
        <section className="guest-invoice__pay" aria-labelledby="pay-heading">
          <h2 id="pay-heading">Pay {money(owed)}</h2>
          {invoice.totals.openPages > 0 ? (
            <p className="muted">
              A card payment you started was not finished. Paying below closes it first, so nothing is paid twice.
            </p>
          ) : null}
          {!checkout.open ? (
            <p>
              {checkout.reason === "opens"
                ? `You can pay here from ${checkout.atText}.`
                : "Paying here has closed. Please see the organisers at the checkout desk."}
            </p>
          ) : !invoice.cardsEnabled ? (
            <p>Please pay at the checkout desk, by cash or check.</p>
          ) : (
            <Form method="post" className="guest-invoice__ways">
              <input type="hidden" name="submission" value={submissionKey} />
              {invoice.coverFee ? (
                // Not ticked for the guest: what is charged is what the heading says unless they choose to add the fee.
                <label className="checkbox">
                  <input type="checkbox" name="cover_fee" value="yes" />
                  Add {money(fee)} so the charity receives the whole {money(owed)} after card fees ({money(owed + fee)}{" "}
                  in all)
                </label>
              ) : null}
              {invoice.card ? (
                <Button
                  type="submit"
                  name="intent"
                  value={GUEST_INVOICE_INTENT.paySaved}
                  variant="primary"
                  size="lg"
                  disabled={busy}
                >
                  Pay with {invoice.card}
                </Button>
              ) : null}
              <div className="field">
                <label className="field__label" htmlFor="pay-amount">
                  Amount to pay now
                </label>
                <input
                  id="pay-amount"
                  name="amount"
                  className="field__control"
                  inputMode="decimal"
                  placeholder={centsToInput(owed)}
                  aria-describedby="pay-amount-help"
                />
                <p id="pay-amount-help" className="field__help">
                  Leave empty to pay all {money(owed)}, or pay part with one card and the rest with another.
                </p>
              </div>
              <label className="checkbox">
                <input type="checkbox" name="save_card" value="yes" />
                Keep this card for the rest of the event
              </label>
              <Button
                type="submit"
                name="intent"
                value={GUEST_INVOICE_INTENT.payNew}
                variant={invoice.card ? "secondary" : "primary"}
                size="lg"
                disabled={busy}
              >
                {invoice.card ? "Pay with another card" : "Pay by card"}
              </Button>
            </Form>
          )}
        </section>
      ) : null}
      {!receipt && invoice.cardsEnabled ? (
        <Form method="post" className="guest-invoice__card">
          <input type="hidden" name="submission" value={submissionKey} />
          <p>{invoice.card ? `Card on file: ${invoice.card}.` : "No card on file."}</p>
          <Button type="submit" name="intent" value={GUEST_INVOICE_INTENT.saveCard} variant="ghost" disabled={busy}>
            {invoice.card ? "Replace my card" : "Save a card for the event"}
          </Button>
        </Form>
      ) : null}
      <section aria-labelledby="payments-heading">
        <h2 id="payments-heading">Payments</h2>
        <PaymentList invoice={invoice} timeZone={timeZone} />
      </section>
      {receipt ? (
        <section className="guest-invoice__receipt" aria-labelledby="tax-heading">
          <h2 id="tax-heading">For your taxes</h2>
          <p>
            Of the {money(invoice.totals.paid)} you paid, {money(invoice.deductiblePaid)} is tax-deductible: what you
            gave above the fair market value of what you received.
          </p>
          {invoice.taxId ? (
            <p>
              {invoice.charity} · tax id {invoice.taxId}
            </p>
          ) : null}
          {invoice.receiptText ? <p className="guest-invoice__receipt-text">{invoice.receiptText}</p> : null}
        </section>
      ) : null}
      <nav className="guest-invoice__links" aria-label="Invoice">
        {receipt ? (
          <ButtonLink to={selfPath} variant="ghost">
            Back to the invoice
          </ButtonLink>
        ) : invoice.totals.paid > 0 ? (
          <ButtonLink to={`${selfPath}&receipt=1`} variant="ghost">
            View receipt
          </ButtonLink>
        ) : null}
        {invoice.totals.paid > 0 ? (
          <a
            className={buttonClass({ variant: "ghost" })}
            href={`/invoice/receipt?${new URLSearchParams(selfPath.split("?")[1])}`}
            download
          >
            Download receipt (PDF)
          </a>
        ) : null}
      </nav>
    </main>
  );
}
