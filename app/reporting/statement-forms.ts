/**
 * The tax report's email forms (client-safe): email every donor of a period their statement, or one donor again.
 * The period is "event" (the report's event, its whole run) or a year ("2026": the organisation's events that year).
 */
import { z } from "zod";
import { rowId } from "~/forms/rules";
import { readStatementYear, type StatementPeriod } from "./statement-period";

export const SEND_STATEMENTS_FORM = "send-statements";
export const RESEND_STATEMENT_FORM = "resend-statement";

const period = z
  .string()
  .default("event")
  .refine((value) => value === "event" || readStatementYear(value) !== null, "Choose this event or a year.");

export const sendStatementsSchema = z.object({ period });

export const resendStatementSchema = z.object({
  period,
  donor: z.coerce.number({ message: "Choose the donor." }).pipe(rowId),
});

/** The period a form names, for the event of the report. */
export function periodOfForm(value: string, eventId: number): StatementPeriod {
  const year = readStatementYear(value);
  return year === null ? { kind: "event", eventId } : { kind: "year", year };
}
