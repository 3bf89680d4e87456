/**
 * A report on the page: the filters (event, date range), the figures, then each table with its chart. Plain links
 * and a GET form: everything works without JavaScript, and prints on its own (reporting.css's print rules).
 */
import { Form } from "@remix-run/react";
import { CALENDAR_DAYS } from "~/forms/rules";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { SelectOptions } from "~/ui/select-options";
import { useHydrated } from "~/ui/use-hydrated";
import { formatCell, type Report, type ReportRow, type ReportTable } from "../report";
import { REPORT_DOWNLOAD_PATH, type BooksAndCrmExport } from "../reports";
import { BarChart } from "./bar-chart";
import { BooksAndCrmDownloads } from "./books-and-crm-downloads";
import { LineChart } from "./line-chart";

export interface ReportFilters {
  eventId: number;
  from: string;
  to: string;
  events: { id: number; title: string }[];
  /** Why the dates were not taken, shown beside them. */
  error: string | null;
}

/** A report's own choice beside the event and the dates (the tax report's period), carried into its downloads. */
export interface ReportChoice {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}

export function ReportView({
  report,
  filters,
  choice,
  exports = [],
}: {
  report: Report;
  filters: ReportFilters;
  choice?: ReportChoice;
  /** The files for the books and the CRM offered beside this report. */
  exports?: readonly BooksAndCrmExport[];
}) {
  const hydrated = useHydrated();
  const query = new URLSearchParams({ report: report.slug, id: String(filters.eventId) });
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  if (choice?.value) query.set(choice.name, choice.value);
  const download = (format: string, kind = report.slug) => {
    const asked = new URLSearchParams(query);
    asked.set("report", kind);
    asked.set("format", format);
    return `${REPORT_DOWNLOAD_PATH}?${asked.toString()}`;
  };
  const eventTitle = filters.events.find((event) => event.id === filters.eventId)?.title ?? "";
  return (
    <div className="report">
      {/* On paper the tabs are gone: the report and the event say what the page is. */}
      <p className="report-print-title">
        {report.title} · {eventTitle}
        {filters.from || filters.to ? ` · ${filters.from || "…"} to ${filters.to || "…"}` : ""}
      </p>
      <Form method="get" className="report-filters" aria-label="Filter the report">
        <label>
          Event
          <select name="id" defaultValue={filters.eventId}>
            {filters.events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title}
              </option>
            ))}
          </select>
        </label>
        {choice ? (
          <label>
            {choice.label}
            <select name={choice.name} defaultValue={choice.value}>
              <SelectOptions options={choice.options} />
            </select>
          </label>
        ) : null}
        <DayFilter name="from" label="From" value={filters.from} refused={Boolean(filters.error)} />
        <DayFilter name="to" label="To (inclusive)" value={filters.to} refused={Boolean(filters.error)} />
        <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Show
        </button>
        {filters.error ? (
          <p id="report-dates-error" className="field__error" role="alert">
            {filters.error}
          </p>
        ) : null}
      </Form>
      {filters.error ? (
        <EmptyState
          title="No figures for this filter"
          text="Correct the dates above and press Show: the figures would not be for the days asked."
        />
      ) : (
        <ReportBody report={report} download={download} hydrated={hydrated} exports={exports} />
      )}
    </div>
  );
}

/** One end of the date range: a day, pointed at the range's message when it was refused. */
function DayFilter({ name, label, value, refused }: { name: string; label: string; value: string; refused: boolean }) {
  return (
    <label>
      {label}
      <input
        type="date"
        name={name}
        min={CALENDAR_DAYS.first}
        max={CALENDAR_DAYS.last}
        defaultValue={value}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? "report-dates-error" : undefined}
      />
    </label>
  );
}

/** The downloads, the figures and the tables of a report whose filter was taken. */
function ReportBody({
  report,
  download,
  hydrated,
  exports,
}: {
  report: Report;
  download: (format: string, kind?: string) => string;
  hydrated: boolean;
  exports: readonly BooksAndCrmExport[];
}) {
  return (
    <>
      <p className="report-actions">
        <a className={buttonClass({ variant: "ghost", size: "sm" })} href={download("csv")} download>
          Download CSV
        </a>
        <a className={buttonClass({ variant: "ghost", size: "sm" })} href={download("xlsx")} download>
          Download XLSX
        </a>
        {hydrated ? (
          <button
            type="button"
            className={buttonClass({ variant: "ghost", size: "sm" })}
            onClick={() => window.print()}
          >
            Print
          </button>
        ) : null}
      </p>
      {exports.length > 0 ? <BooksAndCrmDownloads exports={exports} download={download} /> : null}
      {report.figures.length > 0 ? (
        <dl className="report-figures">
          {report.figures.map((figure) => (
            <div key={figure.label} className="report-figure">
              <dt>{figure.href ? <a href={figure.href}>{figure.label}</a> : figure.label}</dt>
              <dd>
                {figure.value === null ? "—" : formatCell(figure.value, figure.kind, report.currency)}
                {figure.note ? <span className="report-figure__note">{figure.note}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {report.tables.map((table) => (
        <ReportSection key={table.id} table={table} currency={report.currency} />
      ))}
    </>
  );
}

function ReportSection({ table, currency }: { table: ReportTable; currency: string }) {
  return (
    <section className="report-section" aria-labelledby={`report-${table.id}`}>
      <h2 id={`report-${table.id}`}>{table.title}</h2>
      {table.rows.length === 0 ? (
        <p className="muted">{table.empty}</p>
      ) : (
        <>
          {table.chart ? <Chart table={table} currency={currency} /> : null}
          <div className="report-table-scroll">
            <table className="report-table">
              <caption className="visually-hidden">{table.title}</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column.key} scope="col" className={column.kind === "text" ? undefined : "numeric"}>
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => (
                  <Row key={index} row={row} table={table} currency={currency} />
                ))}
              </tbody>
              {table.totals ? (
                <tfoot>
                  <Row row={table.totals} table={table} currency={currency} />
                </tfoot>
              ) : null}
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function Row({ row, table, currency }: { row: ReportRow; table: ReportTable; currency: string }) {
  return (
    <tr>
      {table.columns.map((column, index) => {
        const text = formatCell(row[column.key] ?? null, column.kind, currency);
        const className = column.kind === "text" ? undefined : "numeric";
        return index === 0 ? (
          <th key={column.key} scope="row" className={className}>
            {text}
          </th>
        ) : (
          <td key={column.key} className={className}>
            {text}
          </td>
        );
      })}
    </tr>
  );
}

function Chart({ table, currency }: { table: ReportTable; currency: string }) {
  const chart = table.chart!;
  const kindOf = (key: string) => table.columns.find((column) => column.key === key)?.kind ?? "count";
  if (chart.kind === "bars") {
    const kind = kindOf(chart.valueKey);
    return (
      <BarChart
        title={chart.title}
        description={chart.description}
        bars={table.rows.map((row) => {
          const value = Number(row[chart.valueKey] ?? 0);
          return { label: String(row[chart.labelKey] ?? ""), value, display: formatCell(value, kind, currency) };
        })}
      />
    );
  }
  const kind = kindOf(chart.series[0]?.key ?? "");
  return (
    <LineChart
      title={chart.title}
      description={chart.description}
      labels={table.rows.map((row) => String(row[chart.labelKey] ?? ""))}
      series={chart.series.map((line) => {
        let running = 0;
        return {
          label: line.label,
          values: table.rows.map((row) => {
            const value = Number(row[line.key] ?? 0);
            running += value;
            return chart.cumulative ? running : value;
          }),
        };
      })}
      format={(value) => formatCell(value, kind, currency)}
    />
  );
}
