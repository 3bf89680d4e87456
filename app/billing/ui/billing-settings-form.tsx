/**
 * The form of /admin/setup/billing: Stripe keys for test and live (secret keys write-only: only their last four
 * are shown), the mode that charges, the currency, "cover the fee" with its formula, the receipt's text and the
 * charity's tax id, and when guests may pay on /invoice. A plain form post on the form contract. Shown read-only to
 * billing staff who may not change them (they need can_configure_event: the keys say whose account is paid).
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useMemo, useRef } from "react";
import { wallToIso } from "~/events/auction-settings";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { ASK_FOR_STORED_SECRETS } from "~/security/stored-secrets";
import { DateTimeField } from "~/ui/date-time-field";
import { checkboxProps, Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { utcToZonedInput } from "~/ui/zoned-time";
import { coverFee, feeFormula } from "../cover-fee";
import { BILLING_SETTINGS_FORM, billingSettingsSchema, CURRENCIES } from "../settings-form";
import { DemoMoneyNote } from "./demo-money-note";
import type { BillingSettingsView } from "../settings.server";

export function BillingSettingsForm({ settings, readOnly }: { settings: BillingSettingsView; readOnly: boolean }) {
  const actionData = useActionData<unknown>();
  const schema = useMemo(() => billingSettingsSchema(settings.timeZone), [settings.timeZone]);
  const { form, fields } = useContractForm({
    id: BILLING_SETTINGS_FORM,
    schema,
    reply: actionData,
    defaultValue: {
      mode: settings.mode,
      test_publishable_key: settings.test.publishableKey,
      live_publishable_key: settings.live.publishableKey,
      currency: settings.currency,
      cover_fee_enabled: settings.coverFeeEnabled ? "yes" : "no",
      fee_percent: (settings.feeBasisPoints / 100).toFixed(2),
      fee_fixed: centsToInput(settings.feeFixed),
      receipt_text: settings.receiptText,
      tax_id: settings.taxId,
      checkout_opens_at: utcToZonedInput(settings.checkoutOpensAt, settings.timeZone),
      checkout_closes_at: utcToZonedInput(settings.checkoutClosesAt, settings.timeZone),
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(actionData, BILLING_SETTINGS_FORM));
  const saving = useNavigation().state === "submitting";
  const money = (cents: number) => formatMoney(cents, settings.currency);
  const rule = { basisPoints: settings.feeBasisPoints, fixed: settings.feeFixed };
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const time = (name: "checkout_opens_at" | "checkout_closes_at") =>
    wallToIso(text(fields[name].initialValue), settings.timeZone);
  const secretHelp = (last4: string | null, prefix: string) =>
    last4
      ? `Saved: ends in ${last4}. Leave empty to keep it; type a new one to replace it.`
      : `Starts ${prefix}. Stored encrypted and never shown again.`;

  return (
    <Form method="post" ref={formRef} className="settings-form" {...formProps(form)}>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      {readOnly ? (
        <p className="muted">
          Only the event&apos;s admins (Configure the event) can change the payment keys, the mode and the fee: they
          decide which account the money goes to.
        </p>
      ) : null}
      {settings.demoSandbox ? (
        <>
          <DemoMoneyNote />
          <p className="muted">
            The demo gala takes cards through Gavel&apos;s built-in sandbox, with test cards only. Entering keys of your
            own Stripe account here replaces it.
          </p>
        </>
      ) : null}
      {!settings.canStoreKeys ? (
        <FormAlert>
          Card payments are off on this server, as it cannot keep your Stripe keys safe yet. To take cards,{" "}
          {ASK_FOR_STORED_SECRETS}, then add your Stripe keys here. Until then, take cash, checks and &quot;pay at the
          event&quot;.
        </FormAlert>
      ) : !settings.cardsEnabled ? (
        <p className="muted">
          No {settings.mode} secret key yet: guests cannot save or pay with cards. Find your keys in the Stripe
          dashboard under Developers › API keys.
        </p>
      ) : null}
      <fieldset className="stack" disabled={readOnly}>
        <legend>Stripe keys</legend>
        <Field label="Mode that charges" meta={fields.mode} help="Test mode uses Stripe's test cards: nobody pays.">
          {(control) => (
            <select {...control}>
              <option value="test">Test</option>
              <option value="live">Live</option>
            </select>
          )}
        </Field>
        <div className="field-grid">
          <Field label="Test publishable key" meta={fields.test_publishable_key}>
            {(control) => <input {...control} autoComplete="off" spellCheck={false} />}
          </Field>
          <Field
            label="Test secret key"
            meta={fields.test_secret_key}
            help={secretHelp(settings.test.secretLast4, "sk_test_")}
          >
            {(control) => <input {...control} type="password" autoComplete="off" defaultValue="" />}
          </Field>
          <Field label="Live publishable key" meta={fields.live_publishable_key}>
            {(control) => <input {...control} autoComplete="off" spellCheck={false} />}
          </Field>
          <Field
            label="Live secret key"
            meta={fields.live_secret_key}
            help={secretHelp(settings.live.secretLast4, "sk_live_")}
          >
            {(control) => <input {...control} type="password" autoComplete="off" defaultValue="" />}
          </Field>
        </div>
      </fieldset>
      <fieldset className="stack" disabled={readOnly}>
        <legend>Money</legend>
        <Field label="Currency" meta={fields.currency} help="Every amount of the event is in it.">
          {(control) => (
            <select {...control}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="checkbox">
          <input type="checkbox" {...checkboxProps(fields.cover_fee_enabled)} />
          Ask guests to cover the processing fee
        </label>
        <div className="field-grid">
          <Field label="Fee percentage" meta={fields.fee_percent} help="Stripe's standard US rate is 2.9.">
            {(control) => <input {...control} inputMode="decimal" />}
          </Field>
          <Field label="Fixed part per charge" meta={fields.fee_fixed} help="Stripe's standard US fee is 0.30.">
            {(control) => <input {...control} inputMode="decimal" />}
          </Field>
        </div>
        <p className="muted">
          The fee line is what makes the charity receive the whole balance after a fee of {feeFormula(rule, money)}:
          charge = (balance + fixed part) ÷ (1 − percentage), rounded up to the cent. On a balance of {money(10_000)} a
          guest who covers the fee pays {money(10_000 + coverFee(10_000, rule))}.
        </p>
      </fieldset>
      <fieldset className="stack" disabled={readOnly}>
        <legend>Receipts</legend>
        <Field label="Charity tax id" meta={fields.tax_id} help="Printed on every receipt, e.g. an EIN 12-3456789.">
          {(control) => <input {...control} />}
        </Field>
        <Field
          label="Receipt text"
          meta={fields.receipt_text}
          help="A thank-you and the tax statement printed under the amounts."
        >
          {(control) => <textarea {...control} rows={4} />}
        </Field>
      </fieldset>
      <fieldset className="stack" disabled={readOnly}>
        <legend>When guests can pay on their invoice</legend>
        <div className="field-grid">
          <DateTimeField
            key={`opens:${time("checkout_opens_at") ?? ""}`}
            name={fields.checkout_opens_at.name}
            label="Checkout opens"
            timeZone={settings.timeZone}
            defaultValue={time("checkout_opens_at")}
            error={fields.checkout_opens_at.errors?.[0]}
            help="Leave empty to let guests pay at any time."
          />
          <DateTimeField
            key={`closes:${time("checkout_closes_at") ?? ""}`}
            name={fields.checkout_closes_at.name}
            label="Checkout closes"
            timeZone={settings.timeZone}
            defaultValue={time("checkout_closes_at")}
            error={fields.checkout_closes_at.errors?.[0]}
            help="Leave empty to keep it open. Staff can always take payments."
          />
        </div>
      </fieldset>
      {readOnly ? null : <SaveActions saving={saving} />}
    </Form>
  );
}
