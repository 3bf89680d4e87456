/**
 * What every report is filtered by: the event (?id=, the events the person may report on) and a date range
 * (?from= and ?to=, days in the event's time zone, both ends included). A date that cannot be read is said beside
 * the fields and the report shows the whole event instead.
 */
import { and, eq, inArray } from "drizzle-orm";
import { syncLedger } from "~/billing/ledger-totals.server";
import { db } from "~/db.server";
import { eventSettings } from "~/events/event-settings.server";
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function reportScope(request: Request, access: EventAccess): Promise<ReportScope> {
  const settings = await eventSettings(access.eventId);
  const params = new URL(request.url).searchParams;
  const fromText = (params.get("from") ?? "").trim();
  const toText = (params.get("to") ?? "").trim();
  let error: string | null = null;
  let from = dayStart(fromText, settings.timezone);
  let to = toText === "" ? null : dayStart(nextDay(toText), settings.timezone);
  if ((fromText !== "" && from === null) || (toText !== "" && to === null)) {
    error = "Enter dates as year-month-day, e.g. 2026-03-14.";
    from = to = null;
  } else if (from && to && from >= to) {
    error = "The first day must come before the last.";
    from = to = null;
  }
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
  return scopeOf(settings, from, to, {
    eventId: access.eventId,
    from: error ? "" : fromText,
    to: error ? "" : toText,
    events,
    error,
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

function dayStart(day: string, timeZone: string): Date | null {
  if (!DAY.test(day)) return null;
  return zonedInputToUtc(`${day}T00:00`, timeZone);
}

function nextDay(day: string): string {
  if (!DAY.test(day)) return "invalid";
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return "invalid";
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
