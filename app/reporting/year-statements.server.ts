/**
 * The year-end statement: each donor's gifts and purchases at every event of the organisation in one calendar year
 * (each event's payments from 1 January to 31 December in its own time zone), with fair market value and the
 * deductible total, as the event statements of tax.server.ts count them (raffle never deductible). It covers every
 * event of the organisation, so only someone who may report on all of them may see it.
 */
import { asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { client, event } from "~drizzle/schema";
import { eventScope } from "./filters.server";
import { taxStatements, type StatementLine } from "./tax.server";
import type { Report } from "./report";
import type { EventAccess } from "~/auth/access.server";

export interface YearEventPart {
  eventTitle: string;
  lines: StatementLine[];
  paid: number;
  fairMarketValue: number;
  deductible: number;
}

export interface YearDonor {
  usrId: number;
  name: string;
  email: string;
  events: YearEventPart[];
  paid: number;
  fairMarketValue: number;
  deductible: number;
}

export interface YearStatements {
  year: number;
  charity: string;
  taxId: string | null;
  receiptText: string | null;
  currency: string;
  eventTitles: string[];
  donors: YearDonor[];
}

/** The organisation's events, oldest first. */
async function organisationEvents(clientId: number) {
  return db
    .select({ id: event.event_id, title: event.title })
    .from(event)
    .where(eq(event.client_id, clientId))
    .orderBy(asc(event.start_date_time), asc(event.event_id));
}

/** Whether this person may report on every event of the organisation (the year's statements cover them all). */
export async function mayReportYear(access: EventAccess, clientId: number): Promise<boolean> {
  const allowed = new Set(
    access.user.roles.filter((role) => role.is_team_member && role.can_report).map((role) => role.event_id),
  );
  return (await organisationEvents(clientId)).every((row) => allowed.has(row.id));
}

/** The years offered: the ones the organisation's events ran in, and this one. */
export async function statementYears(clientId: number): Promise<number[]> {
  const rows = await db.select({ start: event.start_date_time }).from(event).where(eq(event.client_id, clientId));
  const years = new Set([
    new Date().getUTCFullYear(),
    ...rows.flatMap((row) => (row.start ? [row.start.getUTCFullYear()] : [])),
  ]);
  return [...years].sort((a, b) => b - a);
}

/** Every donor's year (or only the one asked for), most recent event's charity details on the statement. */
export async function yearStatements(
  clientId: number,
  year: number,
  usrId: number | null = null,
): Promise<YearStatements> {
  const events = await organisationEvents(clientId);
  const perEvent = [];
  for (const row of events) perEvent.push(await taxStatements(await eventScope(row.id, year), usrId));
  const [organisation] = await db.select({ title: client.title }).from(client).where(eq(client.client_id, clientId));
  const latest = perEvent.at(-1);
  const donors = new Map<number, YearDonor>();
  for (const statements of perEvent) {
    for (const guest of statements.guests) {
      // The year's statements are by account; a donor without one is in each event's report and statements.
      if (guest.usrId === null) continue;
      const donor = donors.get(guest.usrId) ?? {
        usrId: guest.usrId,
        name: guest.name,
        email: guest.email,
        events: [],
        paid: 0,
        fairMarketValue: 0,
        deductible: 0,
      };
      donor.events.push({
        eventTitle: statements.eventTitle,
        lines: guest.lines,
        paid: guest.paid,
        fairMarketValue: guest.fairMarketValue,
        deductible: guest.deductible,
      });
      donor.paid += guest.paid;
      donor.fairMarketValue += guest.fairMarketValue;
      donor.deductible += guest.deductible;
      donors.set(guest.usrId, donor);
    }
  }
  return {
    year,
    charity: latest?.charity ?? organisation?.title ?? "",
    taxId: latest?.taxId ?? null,
    receiptText: latest?.receiptText ?? null,
    currency: latest?.currency ?? "USD",
    eventTitles: perEvent
      .filter((statements) => statements.guests.length > 0)
      .map((statements) => statements.eventTitle),
    donors: [...donors.values()].sort((a, b) => a.name.localeCompare(b.name) || a.usrId - b.usrId),
  };
}

/** The tax report for a year: each donor's paid, fair market value and deductible across the organisation's events. */
export async function yearReport(clientId: number, year: number): Promise<Report> {
  return yearReportOf(await yearStatements(clientId, year));
}

/** The year's report of statements already made. */
export function yearReportOf(statements: YearStatements): Report {
  const year = statements.year;
  const sum = (pick: (donor: YearDonor) => number) =>
    statements.donors.reduce((total, donor) => total + pick(donor), 0);
  return {
    slug: "tax",
    name: `tax ${year}`,
    title: `Tax · ${year}`,
    currency: statements.currency,
    figures: [
      { label: "Donors who paid", value: statements.donors.length, kind: "count" },
      { label: "Paid", value: sum((donor) => donor.paid), kind: "money" },
      {
        label: "Deductible",
        value: sum((donor) => donor.deductible),
        kind: "money",
        note: `1 January to 31 December ${year}`,
      },
    ],
    tables: [
      {
        id: "guests",
        title: `Deductible by donor, ${year}`,
        columns: [
          { key: "guest", header: "Donor", kind: "text" },
          { key: "email", header: "Email", kind: "text" },
          { key: "events", header: "Events", kind: "text" },
          { key: "paid", header: "Paid", kind: "money" },
          { key: "fmv", header: "Fair market value", kind: "money" },
          { key: "deductible", header: "Deductible", kind: "money" },
        ],
        // usrId is not a column: the page's statement picker reads it.
        rows: statements.donors.map((donor) => ({
          usrId: donor.usrId,
          guest: donor.name,
          email: donor.email,
          events: donor.events.map((part) => part.eventTitle).join(", "),
          paid: donor.paid,
          fmv: donor.fairMarketValue,
          deductible: donor.deductible,
        })),
        totals: {
          guest: "Total",
          email: "",
          events: "",
          paid: sum((donor) => donor.paid),
          fmv: sum((donor) => donor.fairMarketValue),
          deductible: sum((donor) => donor.deductible),
        },
        empty: `Nobody paid anything at the organisation's events in ${year}.`,
      },
    ],
  };
}
