/**
 * The tax report's "Email statements" panel: how many of the period's donors were sent their statement and when,
 * the button that emails everyone not sent yet (pressing it again sends nobody twice), and a form to send one donor
 * theirs again. Plain forms: they work without JavaScript.
 */
import { Form, useNavigation } from "@remix-run/react";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import {
  RESEND_STATEMENT_FORM,
  resendStatementSchema,
  SEND_STATEMENTS_FORM,
  sendStatementsSchema,
} from "../statement-forms";

export interface StatementMailStatus {
  /** "event" or the year. */
  period: string;
  /** What the period is called in the email ("Harbor Gala 2026", "2026"). */
  periodLabel: string;
  currency: string;
  donors: { usrId: number; name: string; email: string; deductible: number; sentAt: string | null }[];
  sent: number;
  lastSentAt: string | null;
  withoutEmail: number;
  /** The page's dates narrow the report, not the emailed statement (the whole event). */
  datesIgnored: boolean;
}

export function StatementMailPanel({ status, reply }: { status: StatementMailStatus; reply: unknown }) {
  const send = useContractForm({ id: SEND_STATEMENTS_FORM, schema: sendStatementsSchema, reply });
  const resend = useContractForm({ id: RESEND_STATEMENT_FORM, schema: resendStatementSchema, reply });
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.formData?.get("intent") === intent;
  const total = status.donors.length;
  const unsent = total - status.sent;
  return (
    <section className="report-section statement-mail" aria-labelledby="statement-mail-heading">
      <h2 id="statement-mail-heading">Email statements · {status.periodLabel}</h2>
      <p>
        {total === 0
          ? "No donor has a deductible amount with an email address in this period."
          : `Sent to ${status.sent} of ${total} ${total === 1 ? "donor" : "donors"}${
              status.lastSentAt ? `, last sent ${status.lastSentAt}` : ""
            }.`}
        {status.withoutEmail > 0
          ? ` ${status.withoutEmail} ${status.withoutEmail === 1 ? "donor has" : "donors have"} no email address.`
          : ""}
      </p>
      {status.datesIgnored ? (
        <p className="muted">The email sends each donor the statement of the whole event, whatever the dates above.</p>
      ) : null}
      {total > 0 ? (
        <div className="statement-mail__forms">
          <Form method="post" {...formProps(send.form)}>
            {send.form.errors?.[0] ? <FormAlert>{send.form.errors[0]}</FormAlert> : null}
            <input type="hidden" name="intent" value={SEND_STATEMENTS_FORM} />
            <input type="hidden" name="period" value={status.period} />
            <Button type="submit" variant="primary" size="sm" disabled={unsent === 0 || busy(SEND_STATEMENTS_FORM)}>
              {unsent === 0
                ? "Every donor has been sent theirs"
                : `Email statements to ${unsent} ${unsent === 1 ? "donor" : "donors"}`}
            </Button>
          </Form>
          <Form method="post" className="report-filters" {...formProps(resend.form)}>
            {resend.form.errors?.[0] ? <FormAlert>{resend.form.errors[0]}</FormAlert> : null}
            <input type="hidden" name="intent" value={RESEND_STATEMENT_FORM} />
            <input type="hidden" name="period" value={status.period} />
            <Field label="Send one donor theirs" meta={resend.fields.donor}>
              {(control) => (
                <select {...control}>
                  <option value="">Choose a donor</option>
                  {status.donors.map((donor) => (
                    <option key={donor.usrId} value={donor.usrId}>
                      {donor.name} · {formatMoney(donor.deductible, status.currency)} ·{" "}
                      {donor.sentAt ? `sent ${donor.sentAt}` : "not sent"}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Button type="submit" variant="secondary" size="sm" disabled={busy(RESEND_STATEMENT_FORM)}>
              Send
            </Button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
