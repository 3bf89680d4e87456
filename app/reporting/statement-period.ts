/**
 * The period of a donor's tax statement (client-safe): one event (its whole run), or a calendar year across the
 * organisation's events (the year-end statement). Its key names the period in the sent statements' records and in
 * the donor's signed link.
 */
export type StatementPeriod = { kind: "event"; eventId: number } | { kind: "year"; year: number };

/** The years a statement may be asked for: far enough back for old records, never a typo's year 20026. */
export const STATEMENT_YEARS = { first: 2000, last: 2100 } as const;

export function readStatementYear(text: string | null | undefined): number | null {
  if (!text || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= STATEMENT_YEARS.first && year <= STATEMENT_YEARS.last ? year : null;
}

/** The key kept with each sent statement: "event:12" or "year:2026". */
export function periodKey(period: StatementPeriod): string {
  return period.kind === "event" ? `event:${period.eventId}` : `year:${period.year}`;
}

export function periodLabel(period: StatementPeriod, eventTitle: string): string {
  return period.kind === "event" ? eventTitle : String(period.year);
}
