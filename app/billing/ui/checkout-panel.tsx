/**
 * The staff side of one guest's checkout on /admin/billing/winners: the invoice with a "Comp" form per line, and
 * the ways to take the balance: the card on file (whole or part, with or without the fee), cash, a check. Each is
 * a plain form posting an intent; the server's refusal comes back beside its field. With JavaScript, cash and checks
 * go into the desk's queue instead (app/stations/), so the desk keeps taking them through a Wi-Fi drop.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { parseForm, replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button, ButtonLink } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { payableNow, paymentAmountProblem } from "../amount-rules";
import {
  CASH_FORM,
  cashSchema,
  CHARGE_FORM,
  chargeSchema,
  CHECK_FORM,
  checkSchema,
  compFormId,
  compSchema,
  WINNERS_INTENT,
} from "../checkout-forms";
import { coverFee } from "../cover-fee";
import { InvoiceLines, PaymentList } from "./invoice-view";
import type { InvoiceDocument } from "../invoice-document.server";

type Guest = InvoiceDocument & { invoiceLink: string };

/** Takes a cash or check form into the desk's queue (its fields, and what the desk's list calls it). */
export type TakePayment = (intent: string, fields: [string, string][], label: string) => void;

export function CheckoutPanel({
  guest,
  timeZone,
  submissionKey,
  waiting,
  pickups,
  take,
}: {
  guest: Guest;
  timeZone: string;
  submissionKey: string;
  /** Cash and checks taken for this invoice that the server has not confirmed yet, in cents. */
  waiting: number;
  /** Pickups marked here that the server has not confirmed yet, by payment. */
  pickups: ReadonlyMap<number, boolean>;
  take: TakePayment | undefined;
}) {
  const money = (cents: number) => formatMoney(cents, guest.currency);
  const owed = Math.max(0, payableNow(guest.totals) - waiting);
  const who = `${guest.paddle !== null ? `Paddle ${guest.paddle} · ` : ""}${guest.guest}`;
  return (
    <section className="checkout-panel" aria-labelledby="checkout-guest-heading">
      <header className="checkout-panel__header">
        <h2 id="checkout-guest-heading">
          {guest.paddle !== null ? `Paddle ${guest.paddle} · ` : ""}
          {guest.guest}
        </h2>
        <p className="muted">
          Invoice {guest.number} · {guest.email} · {guest.card ? `${guest.card} on file` : "no card on file"}
        </p>
      </header>
      <InvoiceLines
        invoice={guest}
        lineAction={(line) => (line.canComp ? <CompForm invoiceId={guest.invoiceId} lineId={line.id} /> : null)}
      />
      <h3>Payments</h3>
      <PaymentList
        invoice={guest}
        timeZone={timeZone}
        paymentAction={(entry) =>
          entry.status === "paid" ? (
            <PickupForm
              paymentId={entry.id}
              received={pickups.get(entry.id) ?? entry.itemReceived}
              label={`${money(entry.amount)} ${entry.method} · ${who}`}
              take={take}
            />
          ) : null
        }
      />
      {waiting > 0 ? <p className="checkout-panel__waiting">{money(waiting)} taken here, waiting to send.</p> : null}
      {guest.totals.charging > 0 ? (
        <p className="muted">
          {money(guest.totals.charging)} is being charged to the card on file (waiting for the answer).
        </p>
      ) : null}
      {guest.totals.openPages > 0 ? (
        <p className="muted">
          The guest opened a card payment page ({money(guest.totals.openPages)}) and has not finished it. Taking a
          payment here closes that page first, so nothing is paid twice.
        </p>
      ) : null}
      {owed > 0 ? (
        <div className="checkout-panel__ways">
          {/* Keyed by the balance: after a payment or a comp, each form starts from what is owed now. */}
          {guest.card && guest.cardsEnabled ? (
            <ChargeForm key={`charge-${owed}`} guest={guest} owed={owed} submissionKey={submissionKey} />
          ) : null}
          <ManualForm
            key={`cash-${owed}`}
            kind="cash"
            invoiceId={guest.invoiceId}
            owed={owed}
            currency={guest.currency}
            submissionKey={submissionKey}
            who={who}
            take={take}
          />
          <ManualForm
            key={`check-${owed}`}
            kind="check"
            invoiceId={guest.invoiceId}
            owed={owed}
            currency={guest.currency}
            submissionKey={submissionKey}
            who={who}
            take={take}
          />
        </div>
      ) : (
        <p className="checkout-panel__settled">
          {guest.totals.balance < 0 ? `In credit: ${money(-guest.totals.balance)}.` : "Paid in full."}
        </p>
      )}
      <div className="guest-invoice__links">
        <ButtonLink to={`${guest.invoiceLink}&receipt=1`} reloadDocument variant="ghost">
          Print the receipt
        </ButtonLink>
        <ButtonLink to={guest.invoiceLink} reloadDocument variant="ghost">
          Open the guest's invoice
        </ButtonLink>
        {guest.totals.paid > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value={WINNERS_INTENT.emailReceipt} />
            <input type="hidden" name="invoice" value={guest.invoiceId} />
            <Button type="submit" variant="ghost">
              Email the receipt to {guest.email}
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function ChargeForm({ guest, owed, submissionKey }: { guest: Guest; owed: number; submissionKey: string }) {
  const reply = useActionData<unknown>();
  const { form, fields } = useContractForm({
    id: CHARGE_FORM,
    schema: chargeSchema,
    reply,
    defaultValue: { invoice: String(guest.invoiceId) },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, CHARGE_FORM));
  const busy = useNavigation().formData?.get("intent") === WINNERS_INTENT.charge;
  const money = (cents: number) => formatMoney(cents, guest.currency);
  return (
    <Form method="post" ref={formRef} className="checkout-way" {...formProps(form)}>
      <h3>Charge {guest.card}</h3>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <input type="hidden" name="intent" value={WINNERS_INTENT.charge} />
      <input type="hidden" name="invoice" value={guest.invoiceId} />
      <input type="hidden" name="submission" value={`${submissionKey}-card`} />
      <Field
        label="Amount"
        meta={fields.amount}
        help={`Leave empty to charge the whole ${money(owed)}; a smaller amount splits it.`}
      >
        {(control) => <input {...control} inputMode="decimal" />}
      </Field>
      {guest.coverFee ? (
        <label className="checkbox">
          <input type="checkbox" name="cover_fee" value="yes" />
          The guest covers the processing fee (+{money(coverFee(owed, guest.coverFee))} on the whole balance)
        </label>
      ) : null}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? "Charging…" : "Charge card"}
      </Button>
    </Form>
  );
}

/** The guest collected (or, undone, did not) what a payment paid for. */
function PickupForm({
  paymentId,
  received,
  label,
  take,
}: {
  paymentId: number;
  received: boolean;
  label: string;
  take: TakePayment | undefined;
}) {
  const answer = received ? "no" : "yes";
  return (
    <Form
      method="post"
      className="checkout-pickup"
      onSubmit={
        take &&
        ((event) => {
          event.preventDefault();
          take(
            WINNERS_INTENT.received,
            [
              ["payment", String(paymentId)],
              ["received", answer],
            ],
            `${received ? "Pickup undone" : "Picked up"}: ${label}`,
          );
        })
      }
    >
      <input type="hidden" name="intent" value={WINNERS_INTENT.received} />
      <input type="hidden" name="payment" value={paymentId} />
      <input type="hidden" name="received" value={answer} />
      <Button type="submit" size="sm" variant={received ? "ghost" : "secondary"}>
        {received ? "Picked up ✓ (undo)" : "Mark picked up"}
      </Button>
    </Form>
  );
}

/** Cash or a check: a plain form, or with JavaScript an entry of the desk's queue once its fields check out here. */
export function ManualForm({
  kind,
  invoiceId,
  owed,
  currency,
  submissionKey,
  who,
  take,
}: {
  kind: "cash" | "check";
  invoiceId: number;
  owed: number;
  currency: string;
  submissionKey: string;
  /** The guest, as the desk's list of waiting entries names them. */
  who: string;
  take: TakePayment | undefined;
}) {
  const reply = useActionData<unknown>();
  const id = kind === "cash" ? CASH_FORM : CHECK_FORM;
  const intent = kind === "cash" ? WINNERS_INTENT.cash : WINNERS_INTENT.check;
  const { form, fields } = useContractForm({
    id,
    schema: kind === "cash" ? cashSchema : checkSchema,
    reply,
    defaultValue: { amount: centsToInput(owed) },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, id));
  const busy = useNavigation().formData?.get("intent") === intent;
  const checkFields = fields as typeof fields & { check_number?: (typeof fields)["amount"] };
  // The amount rules the server applies, applied here first against the balance this desk knows.
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const onSubmit: typeof form.onSubmit = (event) => {
    form.onSubmit(event);
    if (event.defaultPrevented || !take) return;
    event.preventDefault();
    const posted = new FormData(event.currentTarget);
    const amount = String(posted.get("amount") ?? "");
    const parsed = parseForm(posted, cashSchema.pick({ amount: true }));
    const cents = parsed.status === "success" ? (parsed.value.amount ?? 0) : 0;
    const problem = paymentAmountProblem(cents, { owed, way: kind, currency });
    setAmountProblem(problem);
    if (problem) return;
    take(
      intent,
      (["invoice", "amount", "submission", "check_number", "picked_up"] as const).flatMap((name) =>
        posted.has(name) ? [[name, String(posted.get(name))] as [string, string]] : [],
      ),
      `${kind === "cash" ? "Cash" : `Check ${posted.get("check_number")}`} ${amount} · ${who}`,
    );
    event.currentTarget.reset();
  };
  return (
    <Form method="post" ref={formRef} className="checkout-way" {...formProps(form)} onSubmit={onSubmit}>
      <h3>{kind === "cash" ? "Take cash" : "Take a check"}</h3>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="invoice" value={invoiceId} />
      {/* The page's submission key: a double click or a resent form records one payment. */}
      <input type="hidden" name="submission" value={`${submissionKey}-${kind}`} />
      <Field
        label="Amount"
        meta={fields.amount}
        error={amountProblem}
        help={`Owed: ${formatMoney(owed, currency)}. Less splits the balance.`}
      >
        {(control) => <input {...control} inputMode="decimal" />}
      </Field>
      {kind === "check" && checkFields.check_number ? (
        <Field label="Check number" meta={checkFields.check_number}>
          {(control) => <input {...control} inputMode="numeric" />}
        </Field>
      ) : null}
      <label className="checkout-way__pickup">
        <input type="checkbox" name="picked_up" value="yes" /> Items picked up now
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? "Recording…" : kind === "cash" ? "Record cash" : "Record check"}
      </Button>
    </Form>
  );
}

function CompForm({ invoiceId, lineId }: { invoiceId: number; lineId: number }) {
  const actionData = useActionData<unknown>();
  // Each line's comp form has its own id, so a refusal shows beside that line's reason only.
  const id = compFormId(lineId);
  const { form, fields } = useContractForm({ id, schema: compSchema, reply: actionData });
  return (
    <details className="comp-line" open={Boolean(replyFor(actionData, id))}>
      <summary>Comp</summary>
      <Form method="post" {...formProps(form)}>
        <input type="hidden" name="intent" value={WINNERS_INTENT.comp} />
        <input type="hidden" name="invoice" value={invoiceId} />
        <input type="hidden" name="line" value={lineId} />
        <Field label="Reason" meta={fields.reason}>
          {(control) => <input {...control} />}
        </Field>
        <Button type="submit" size="sm">
          Comp this line
        </Button>
      </Form>
    </details>
  );
}
