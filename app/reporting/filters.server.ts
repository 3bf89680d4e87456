/**
 * What every report is filtered by: the event (?id=, the events the person may report on) and a date range
 * (?from= and ?to=, days in the event's time zone, both ends included). A date that cannot be read, or a range that
 * ends before it starts, is said beside the fields, and the report shows no figures until it is corrected: the whole
 * event's totals under a range the person did not get would be read as that range's.
 */
import { and, eq, inArray } from "drizzle-orm";
import { syncLedger } from "~/billing/ledger-totals.server";
import { db } from "~/db.server";
import { eventSettings } from "~/events/event-settings.server";
import { readCalendarDay } from "~/forms/rules";
import { zonedInputToUtc } from "~/ui/zoned-time";
import { event } from "~drizzle/schema";
import type { ReportFilters } from "./ui/report-view";
import type { EventAccess } from "~/auth/access.server";

export interface ReportScope {
  eventId: number;
  title: string;
  currency: string;
  timeZone: string;
  eventStart: Date | null;
  eventEnd: Date | null;
  meta: unknown;
  clientId: number;
  /** The charity's name on statements (the event's company name). */
  companyName: string | null;
  /** An archived event's results are final: its reports read the ledger as it is (they never add invoices). */
  isArchived: boolean;
  from: Date | null;
  /** The end of the range: midnight after the last day, so that day is included. */
  to: Date | null;
  filters: ReportFilters;
}

export async function reportScope(request: Request, access: EventAccess): Promise<ReportScope> {
  const settings = await eventSettings(access.eventId);
  const params = new URL(request.url).searchParams;
  const fromText = (params.get("from") ?? "").trim();
  const toText = (params.get("to") ?? "").trim();
  const range = readRange(fromText, toText, settings.timezone);
  const mayReport = access.user.roles
    .filter((role) => role.is_team_member && role.can_report)
    .map((role) => role.event_id);
  const events = await db
    .select({ id: event.event_id, title: event.title })
    .from(event)
    .where(
      and(
        inArray(event.event_id, mayReport.length > 0 ? mayReport : [access.eventId]),
        eq(event.client_id, settings.client_id),
      ),
    )
    .orderBy(event.event_id);
  // A range refused is shown back as typed, beside its message, so the person corrects it rather than retypes it.
  return scopeOf(settings, range.from, range.to, {
    eventId: access.eventId,
    from: fromText,
    to: toText,
    events,
    error: range.error,
  });
}

function scopeOf(
  settings: Awaited<ReturnType<typeof eventSettings>>,
  from: Date | null,
  to: Date | null,
  filters: ReportFilters,
): ReportScope {
  return {
    eventId: settings.event_id,
    title: settings.title,
    currency: settings.currency,
    timeZone: settings.timezone,
    eventStart: settings.start_date_time,
    eventEnd: settings.end_date_time,
    meta: settings.meta,
    clientId: settings.client_id,
    companyName: settings.company_name,
    isArchived: settings.is_archived,
    from,
    to,
    filters,
  };
}

/**
 * An event's scope read without a person's filters: the whole event, or one calendar year in the event's time zone
 * (the year-end statements, the statements a donor's emailed link opens). Whoever calls it has checked access.
 */
export async function eventScope(eventId: number, year: number | null = null): Promise<ReportScope> {
  const settings = await eventSettings(eventId);
  const from = year === null ? null : dayStart(`${year}-01-01`, settings.timezone);
  const to = year === null ? null : dayStart(`${year + 1}-01-01`, settings.timezone);
  return scopeOf(settings, from, to, { eventId, from: "", to: "", events: [], error: null });
}

/**
 * Brings the event's invoices up to date with what guests owe (as the billing screens do before they read), so the
 * report counts a win or a pledge the moment it happens; not for an archived event, whose results are final.
 */
export async function refreshLedger(scope: ReportScope): Promise<void> {
  if (!scope.isArchived) await syncLedger(scope.eventId);
}

/**
 * The range the person asked for: from the first day's midnight to the midnight after the last day, in the event's
 * time zone; either end may be open. A day that is not one, or a last day before the first, is an error.
 */
function readRange(fromText: string, toText: string, timeZone: string) {
  const problem = [fromText, toText]
    .filter((typed) => typed !== "")
    .map(readCalendarDay)
    .find((read) => !read.ok);
  if (problem && !problem.ok) return { from: null, to: null, error: problem.message };
  const from = fromText === "" ? null : dayStart(fromText, timeZone);
  const to = toText === "" ? null : dayStart(nextDay(toText), timeZone);
  if (from && to && from >= to) return { from: null, to: null, error: "The first day must come before the last." };
  return { from, to, error: null };
}

function dayStart(day: string, timeZone: string): Date | null {
  return zonedInputToUtc(`${day}T00:00`, timeZone);
}

/** The day after a calendar day (readCalendarDay's), as "YYYY-MM-DD". */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
