/**
 * The tax statements as PDF: everyone's in one file, or one guest's (a GET form: works without JavaScript); the
 * event's, or with `year` the year-end ones.
 */
import { buttonClass } from "~/ui/button";
import { REPORT_DOWNLOAD_PATH } from "../reports";
import type { Report } from "../report";
import type { ReportFilters } from "./report-view";

export function StatementPicker({
  report,
  filters,
  year = null,
}: {
  report: Report;
  filters: ReportFilters;
  year?: number | null;
}) {
  const guests = report.tables[0]?.rows.filter((row) => typeof row.usrId === "number") ?? [];
  if (guests.length === 0) return null;
  const dates = {
    id: String(filters.eventId),
    from: filters.from,
    to: filters.to,
    ...(year === null ? {} : { year: String(year) }),
  };
  const all = new URLSearchParams({ ...dates, report: "tax", statement: "all" });
  return (
    <form method="get" action={REPORT_DOWNLOAD_PATH} className="report-filters" aria-label="Tax statements">
      <input type="hidden" name="report" value="tax" />
      {Object.entries(dates).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label>
        Statement for
        <select name="statement" defaultValue="all">
          <option value="all">Every guest ({guests.length})</option>
          {guests.map((row) => (
            <option key={row.usrId} value={String(row.usrId)}>
              {row.guest}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
        Download PDF
      </button>
      <a
        className={buttonClass({ variant: "ghost", size: "sm" })}
        href={`${REPORT_DOWNLOAD_PATH}?${all.toString()}`}
        download
      >
        All statements (PDF)
      </a>
    </form>
  );
}
