/**
 * The revenue report (/admin/setup/reporting/revenue): money by source from the billing ledger, raised, pledged and
 * outstanding as app/billing/money-figures.server.ts defines them (the dashboard's figures), against the goal and last year's event, and over time through the evening.
 */
import { and, desc, eq, lt, ne, or, sql } from "drizzle-orm";
import { ledgerBetween, ledgerSnapshot } from "~/billing/ledger-totals.server";
import { figuresOf } from "~/billing/money-figures.server";
import { sourceLabel } from "~/billing/source-labels";
import { db } from "~/db.server";
import { goalOf } from "~/events/goal.server";
import { formatInZone } from "~/ui/zoned-time";
import { event } from "~drizzle/schema";
import { refreshLedger, type ReportScope } from "./filters.server";
import { percentOf, type Report } from "./report";
import { moneyOverTime } from "./timeline.server";

export async function revenueReport(scope: ReportScope): Promise<Report> {
  await refreshLedger(scope);
  const [range, timeline, previous] = await Promise.all([
    ledgerBetween(db, scope.eventId, scope.from, scope.to),
    moneyOverTime(db, scope.eventId, scope),
    previousEvent(scope),
  ]);
  const ledger = figuresOf(range);
  const lastYear = previous ? figuresOf(await ledgerSnapshot(db, previous.id)) : null;
  const goal = goalOf(scope.meta);
  const time = (at: Date, style: "time" | "date") => formatInZone(at, scope.timeZone, style);
  return {
    slug: "revenue",
    name: `revenue ${scope.title}`,
    title: "Revenue",
    currency: scope.currency,
    figures: [
      { label: "Raised", value: ledger.raised, kind: "money", note: "collected, less refunds" },
      { label: "Pledged", value: ledger.pledged, kind: "money", note: "owed once an item closes or a gift is made" },
      { label: "Outstanding", value: ledger.outstanding, kind: "money", note: "pledged, not yet raised" },
      { label: "Comped", value: ledger.comped, kind: "money", note: "given free, not in pledged" },
      { label: "Goal", value: goal, kind: "money", note: goal === null ? "not set on the dashboard" : undefined },
      {
        label: "Raised of the goal",
        value: goal === null ? null : percentOf(ledger.raised, goal),
        kind: "percent",
      },
      {
        label: previous ? `Last year: ${previous.title}` : "Last year",
        value: lastYear?.raised ?? null,
        kind: "money",
        note: previous ? "raised" : "no earlier event",
      },
    ],
    tables: [
      {
        id: "sources",
        title: "Raised by source",
        columns: [
          { key: "source", header: "Source", kind: "text" },
          { key: "pledged", header: "Pledged", kind: "money" },
          { key: "raised", header: "Raised", kind: "money" },
          { key: "outstanding", header: "Outstanding", kind: "money" },
        ],
        rows: ledger.sources.map((entry) => ({
          source: sourceLabel(entry.source),
          pledged: entry.pledged,
          raised: entry.raised,
          outstanding: entry.pledged - entry.raised,
        })),
        totals: {
          source: "Total",
          pledged: ledger.pledged,
          raised: ledger.raised,
          outstanding: ledger.outstanding,
        },
        empty: "Nothing billed or paid in this period.",
        chart: {
          kind: "bars",
          title: "Raised by source",
          description: "Money raised from each source; the table below gives every figure.",
          labelKey: "source",
          valueKey: "raised",
        },
      },
      {
        id: "comparison",
        title: "Against the goal and last year",
        columns: [
          { key: "what", header: "Event", kind: "text" },
          { key: "pledged", header: "Pledged", kind: "money" },
          { key: "raised", header: "Raised", kind: "money" },
        ],
        rows: [
          { what: scope.title, pledged: ledger.pledged, raised: ledger.raised },
          ...(goal === null ? [] : [{ what: "Goal", pledged: goal, raised: goal }]),
          ...(previous && lastYear
            ? [{ what: previous.title, pledged: lastYear.pledged, raised: lastYear.raised }]
            : []),
        ],
        empty: "",
        chart: {
          kind: "bars",
          title: "Raised against the goal and last year",
          description: "This event's raised total beside its goal and the previous event's total.",
          labelKey: "what",
          valueKey: "raised",
        },
      },
      {
        id: "evening",
        title: "Through the evening, by minute",
        columns: [
          { key: "at", header: "Time", kind: "text" },
          { key: "committed", header: "Pledged", kind: "money" },
          { key: "collected", header: "Raised", kind: "money" },
        ],
        rows: timeline.byMinute.map((point) => ({
          at: time(point.at, "time"),
          committed: point.committed,
          collected: point.collected,
        })),
        empty: scope.eventStart
          ? "Nothing was pledged or paid during the event's hours."
          : "The event has no start and end time, so every day is below.",
        chart: {
          kind: "line",
          title: "Running totals through the evening",
          description: "Money pledged and raised, added up minute by minute during the event.",
          labelKey: "at",
          series: [
            { key: "committed", label: "Pledged" },
            { key: "collected", label: "Raised" },
          ],
          cumulative: true,
        },
      },
      {
        id: "days",
        title: "Before and after the event, by day",
        columns: [
          { key: "at", header: "Day", kind: "text" },
          { key: "committed", header: "Pledged", kind: "money" },
          { key: "collected", header: "Raised", kind: "money" },
        ],
        rows: timeline.byDay.map((point) => ({
          at: time(point.at, "date"),
          committed: point.committed,
          collected: point.collected,
        })),
        empty: "Nothing was pledged or paid outside the event's hours.",
        chart: {
          kind: "bars",
          title: "Pledged by day",
          description: "Money pledged each day outside the event's hours.",
          labelKey: "at",
          valueKey: "committed",
        },
      },
    ],
  };
}

/** The organisation's event before this one (the demo's archived gala): the latest that started earlier or is archived. */
async function previousEvent(scope: ReportScope): Promise<{ id: number; title: string } | null> {
  const [row] = await db
    .select({ id: event.event_id, title: event.title })
    .from(event)
    .where(
      and(
        eq(event.client_id, scope.clientId),
        ne(event.event_id, scope.eventId),
        scope.eventStart
          ? or(lt(event.start_date_time, scope.eventStart), eq(event.is_archived, true))
          : eq(event.is_archived, true),
      ),
    )
    .orderBy(desc(event.is_archived), sql`${event.start_date_time} desc nulls last`, desc(event.event_id))
    .limit(1);
  return row ?? null;
}
