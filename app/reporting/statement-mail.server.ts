/**
 * Emailing donors their tax statements from the tax report (decision 027): each guest with a deductible amount in the
 * period gets one message (template `tax_statement`, through the outbox) with a signed link to their statement's PDF.
 * A row per organisation, period and donor (`tax_statement_send`, unique) is written in the transaction that queues
 * the message: "Email statements" pressed twice, or by two people at once, emails each donor once, and the report
 * says how many were sent and when. A resend to one donor is its own message, counted on the row.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, max, sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { messageOrigin } from "~/messages/links.server";
import { enqueueMessage } from "~/messages/outbox.server";
import { formatMoney } from "~/ui/format";
import { tax_statement_send } from "~drizzle/schema";
import { eventScope } from "./filters.server";
import { statementsPdf, yearStatementsPdf } from "./statement-pdf.server";
import { periodKey, periodLabel, type StatementPeriod } from "./statement-period";
import { taxStatements } from "./tax.server";
import { yearStatements } from "./year-statements.server";

export interface StatementDonor {
  usrId: number;
  name: string;
  email: string;
  deductible: number;
}

/** Where the statements are sent from: the event of the report (the message's branding), in its organisation. */
export interface SendingEvent {
  eventId: number;
  clientId: number;
  title: string;
  currency: string;
}

// ---- The donor's link: /tax-statement?s=<period>.<scope>.<donor>.<HMAC under SESSION_SECRET> ----

const sign = (text: string) => createHmac("sha256", config.SESSION_SECRET).update(text).digest("base64url");

/** The period as the link spells it ("e12": event 12; "y2026": the year), with the organisation for a year. */
function linkParts(period: StatementPeriod, clientId: number) {
  return period.kind === "event" ? `e${period.eventId}.0` : `y${period.year}.${clientId}`;
}

export function statementToken(period: StatementPeriod, clientId: number, usrId: number): string {
  const parts = `${linkParts(period, clientId)}.${usrId}`;
  return `${parts}.${sign(`tax-statement:${parts}`)}`;
}

export function statementLink(period: StatementPeriod, clientId: number, usrId: number): string {
  return `${messageOrigin()}/tax-statement?s=${statementToken(period, clientId, usrId)}`;
}

/** What a link names, or null when it was changed (the signature no longer matches) or is not a link of ours. */
export function readStatementToken(
  token: string | null,
): { period: StatementPeriod; clientId: number; usrId: number } | null {
  const match = token?.match(/^(e(\d{1,9})\.0|y(\d{4})\.(\d{1,9}))\.(\d{1,9})\.([\w-]{43})$/);
  if (!match) return null;
  const [, parts, eventId, year, clientId, usrId, signature] = match;
  const expected = Buffer.from(sign(`tax-statement:${parts}.${usrId}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    period: eventId ? { kind: "event", eventId: Number(eventId) } : { kind: "year", year: Number(year) },
    clientId: Number(clientId ?? 0),
    usrId: Number(usrId),
  };
}

/** The PDF a donor's link opens: their statement as it stands now; null when they have none for the period. */
export async function linkedStatementPdf(token: string | null): Promise<Buffer | null> {
  const read = readStatementToken(token);
  if (!read) return null;
  if (read.period.kind === "event") {
    const statements = await taxStatements(await eventScope(read.period.eventId), read.usrId);
    return statements.guests.length > 0 ? statementsPdf(statements) : null;
  }
  const statements = await yearStatements(read.clientId, read.period.year, read.usrId);
  return statements.donors.length > 0 ? yearStatementsPdf(statements) : null;
}

// ---- Who gets one, and what was sent ----

/** The statements of the period: the event's (its whole run) or the organisation's year. */
export async function periodStatements(clientId: number, period: StatementPeriod) {
  return period.kind === "event"
    ? { kind: "event" as const, statements: await taxStatements(await eventScope(period.eventId)) }
    : { kind: "year" as const, statements: await yearStatements(clientId, period.year) };
}

type PeriodStatements = Awaited<ReturnType<typeof periodStatements>>;

/** The donors of the period with a deductible amount: those with an address, and how many have none. */
export function statementDonors(made: PeriodStatements) {
  const people = made.kind === "event" ? made.statements.guests : made.statements.donors;
  const deductible = people.filter((person) => person.deductible > 0);
  return {
    // A donor without an account (a gift in cash or by check) has no statement link to send: it is keyed by account.
    donors: deductible
      .filter((person) => person.email !== "" && person.usrId !== null)
      .map(({ usrId, name, email, deductible: amount }): StatementDonor => ({
        usrId: usrId!,
        name,
        email,
        deductible: amount,
      })),
    withoutEmail: deductible.filter((person) => person.email === "").length,
  };
}

/** When each donor's statement of the period was last sent, by user id. */
export async function sentStatements(clientId: number, period: StatementPeriod) {
  const rows = await db
    .select({ usrId: tax_statement_send.usr_id, at: tax_statement_send.last_sent_at })
    .from(tax_statement_send)
    .where(and(eq(tax_statement_send.client_id, clientId), eq(tax_statement_send.period, periodKey(period))));
  return new Map(rows.map((row) => [row.usrId, row.at]));
}

export async function lastSentAt(
  clientId: number,
  period: StatementPeriod,
): Promise<{ sent: number; at: Date | null }> {
  const [row] = await db
    .select({ sent: count(), at: max(tax_statement_send.last_sent_at) })
    .from(tax_statement_send)
    .where(and(eq(tax_statement_send.client_id, clientId), eq(tax_statement_send.period, periodKey(period))));
  return { sent: row.sent, at: row.at };
}

// ---- Sending ----

function statementMessage(sending: SendingEvent, period: StatementPeriod, donor: StatementDonor, sendNumber: number) {
  return {
    event_id: sending.eventId,
    template: "tax_statement" as const,
    channel: "email" as const,
    to: { usr_id: donor.usrId },
    data: {
      period: periodLabel(period, sending.title),
      deductible: formatMoney(donor.deductible, sending.currency),
      link: statementLink(period, sending.clientId, donor.usrId),
    },
    idempotency_key: `tax-statement:${sending.clientId}:${periodKey(period)}:${donor.usrId}:${sendNumber}`,
  };
}

/**
 * Emails every donor of the period who has not had their statement yet; answers how many were sent now and how many
 * had theirs already. Each donor's row and message are written together: a second press (or a second person) finds
 * the row and sends nothing.
 */
/** The row that records a donor's statement as sent, by whom, with what it said. */
function sendRecord(sending: SendingEvent, period: StatementPeriod, donor: StatementDonor, byUsrId: number) {
  return {
    client_id: sending.clientId,
    period: periodKey(period),
    usr_id: donor.usrId,
    event_id: sending.eventId,
    email: donor.email,
    deductible: donor.deductible,
    sent_by_usr_id: byUsrId,
  };
}

export async function sendStatements(
  sending: SendingEvent,
  period: StatementPeriod,
  byUsrId: number,
): Promise<{ sent: number; already: number }> {
  const { donors } = statementDonors(await periodStatements(sending.clientId, period));
  if (donors.length === 0)
    throw new Refusal("No donor has a deductible amount in this period, so there is nothing to send.");
  let sent = 0;
  for (const donor of donors) {
    const written = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tax_statement_send)
        .values(sendRecord(sending, period, donor, byUsrId))
        .onConflictDoNothing()
        .returning({ id: tax_statement_send.tax_statement_send_id });
      if (row) await enqueueMessage(tx, statementMessage(sending, period, donor, 1));
      return row !== undefined;
    });
    if (written) sent += 1;
  }
  return { sent, already: donors.length - sent };
}

/** Emails one donor their statement again (or for the first time), whatever was sent before. */
export async function resendStatement(
  sending: SendingEvent,
  period: StatementPeriod,
  usrId: number,
  byUsrId: number,
): Promise<StatementDonor> {
  const { donors } = statementDonors(await periodStatements(sending.clientId, period));
  const donor = donors.find((candidate) => candidate.usrId === usrId);
  if (!donor) throw new Refusal("This guest has no deductible amount with an email address in this period.", "donor");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tax_statement_send)
      .values(sendRecord(sending, period, donor, byUsrId))
      .onConflictDoUpdate({
        target: [tax_statement_send.client_id, tax_statement_send.period, tax_statement_send.usr_id],
        set: {
          sent_count: sql`${tax_statement_send.sent_count} + 1`,
          last_sent_at: sql`now()`,
          email: donor.email,
          deductible: donor.deductible,
          event_id: sending.eventId,
          sent_by_usr_id: byUsrId,
        },
      })
      .returning({ sendNumber: tax_statement_send.sent_count });
    await enqueueMessage(tx, statementMessage(sending, period, donor, row.sendNumber));
  });
  return donor;
}
