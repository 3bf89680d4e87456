import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission, type EventAccess } from "~/auth/access.server";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { reportScope, type ReportScope } from "~/reporting/filters.server";
import { reportTitle } from "~/reporting/reports";
import {
  periodOfForm,
  RESEND_STATEMENT_FORM,
  resendStatementSchema,
  SEND_STATEMENTS_FORM,
  sendStatementsSchema,
} from "~/reporting/statement-forms";
import {
  lastSentAt,
  resendStatement,
  sendStatements,
  sentStatements,
  periodStatements,
  statementDonors,
  type SendingEvent,
} from "~/reporting/statement-mail.server";
import { periodLabel, readStatementYear, type StatementPeriod } from "~/reporting/statement-period";
import { taxReport, taxReportOf } from "~/reporting/tax.server";
import { ReportView } from "~/reporting/ui/report-view";
import { StatementMailPanel } from "~/reporting/ui/statement-mail-panel";
import { StatementPicker } from "~/reporting/ui/statement-picker";
import { mayReportYear, statementYears, yearReportOf } from "~/reporting/year-statements.server";
import { titleMeta } from "~/ui/error-page";
import { formatInZone } from "~/ui/zoned-time";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta(reportTitle("tax"));

const YEAR_REFUSED = "A year's statements cover every event of the organisation: ask for can_report on each of them.";

const sendingOf = (scope: ReportScope): SendingEvent => ({
  eventId: scope.eventId,
  clientId: scope.clientId,
  title: scope.title,
  currency: scope.currency,
});

/**
 * /admin/setup/reporting/tax: each guest's deductible total for the event (its dates), or with ?year= each donor's
 * year across the organisation's events; the statements as PDF from the download route; and emailing every donor
 * of the period their statement (once each, however often it is pressed), or one donor again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireEventPermission(request, "can_report");
  const scope = await reportScope(request, access);
  const asked = readStatementYear(new URL(request.url).searchParams.get("year"));
  const [years, yearAllowed] = await Promise.all([
    statementYears(scope.clientId),
    mayReportYear(access, scope.clientId),
  ]);
  const year = yearAllowed ? asked : null;
  const period: StatementPeriod = year === null ? { kind: "event", eventId: scope.eventId } : { kind: "year", year };
  // The period's statements are read once: the report shows them unless the dates narrow the event's.
  const made = await periodStatements(scope.clientId, period);
  const narrowed = year === null && (scope.from !== null || scope.to !== null);
  const [report, sent, last] = await Promise.all([
    made.kind === "year" ? yearReportOf(made.statements) : narrowed ? taxReport(scope) : taxReportOf(made.statements),
    sentStatements(scope.clientId, period),
    lastSentAt(scope.clientId, period),
  ]);
  const recipients = statementDonors(made);
  const when = (at: Date | null | undefined) => (at ? formatInZone(at, scope.timeZone) : null);
  return {
    report,
    filters: { ...scope.filters, error: asked !== null && !yearAllowed ? YEAR_REFUSED : scope.filters.error },
    year,
    choice: {
      name: "year",
      label: "Statements for",
      value: year === null ? "" : String(year),
      options: [
        { value: "", label: "This event" },
        ...(yearAllowed ? years.map((option) => ({ value: String(option), label: `The year ${option}` })) : []),
      ],
    },
    mail: {
      period: year === null ? "event" : String(year),
      periodLabel: periodLabel(period, scope.title),
      currency: scope.currency,
      donors: recipients.donors.map((donor) => ({ ...donor, sentAt: when(sent.get(donor.usrId)) })),
      sent: recipients.donors.filter((donor) => sent.has(donor.usrId)).length,
      lastSentAt: when(last.at),
      withoutEmail: recipients.withoutEmail,
      datesIgnored: year === null && Boolean(scope.filters.from || scope.filters.to),
    },
  };
}

/** The donors' statements emailed for a period, or one donor's again. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const access = await requireEventPermission(request, "can_report");
      return { access, scope: await reportScope(request, access) };
    },
    intents: (intent) => {
      const periodIn = async ({ access, scope }: { access: EventAccess; scope: ReportScope }, value: string) => {
        const period = periodOfForm(value, scope.eventId);
        if (period.kind === "year" && !(await mayReportYear(access, scope.clientId))) throw new Refusal(YEAR_REFUSED);
        return period;
      };
      return {
        [SEND_STATEMENTS_FORM]: intent({
          formId: SEND_STATEMENTS_FORM,
          schema: sendStatementsSchema,
          run: async (call, input) => {
            const { sent, already } = await sendStatements(
              sendingOf(call.scope),
              await periodIn(call, input.period),
              call.access.user.usr_id,
            );
            return {
              title:
                sent === 0
                  ? "Nobody new to send to"
                  : `Statements emailed to ${sent} ${sent === 1 ? "donor" : "donors"}`,
              description: already > 0 ? `${already} had theirs already.` : undefined,
            };
          },
        }),
        [RESEND_STATEMENT_FORM]: intent({
          formId: RESEND_STATEMENT_FORM,
          schema: resendStatementSchema,
          run: async (call, input) => {
            const donor = await resendStatement(
              sendingOf(call.scope),
              await periodIn(call, input.period),
              input.donor,
              call.access.user.usr_id,
            );
            return `Statement emailed to ${donor.name}`;
          },
        }),
      };
    },
  });
}

export default function TaxReportPage() {
  const { report, filters, year, choice, mail } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <StatementPicker report={report} filters={filters} year={year} />
      <ReportView report={report} filters={filters} choice={choice} />
      <StatementMailPanel status={mail} reply={reply} />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
