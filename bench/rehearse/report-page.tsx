/**
 * The rehearsal's report as one HTML page the organiser can open (beside the JSON): the evening's figures and
 * invariants, the faults (--chaos), a timeline of bids a second and latency with the faults marked, and the tables.
 * The charts are the app's own reports' (app/reporting/ui/line-chart.tsx, SVG drawn here with React's server
 * renderer), styled by the app's tokens and report styles, inlined so that the page needs nothing beside it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { LineChart, type LineMark } from "~/reporting/ui/line-chart";
import type { RehearsalReport } from "./report";

const STYLES = ["app/styles/tokens.css", "app/styles/reporting.css"];

const PAGE_STYLE = `
body { font-family: system-ui, sans-serif; color: var(--color-text); margin: 0 auto; padding: 1rem; max-width: 64rem; line-height: 1.4; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.verdict { font-weight: 600; } .verdict--failed { color: #b91c1c; }
.muted { color: var(--color-text-muted); }
`;

/** m:ss from the rehearsal's start. */
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

const number = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? "–" : value.toLocaleString("en-US");

export function reportPage(report: RehearsalReport): string {
  const css = STYLES.map((file) => readFileSync(path.resolve(file), "utf8")).join("\n") + PAGE_STYLE;
  const body = renderToStaticMarkup(<ReportView report={report} />);
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Gavel rehearsal: ${report.guests} guests, speed ${report.speed}x${report.chaos ? ", chaos" : ""}</title><style>${css}</style></head><body>${body}</body></html>\n`;
}

function ReportView({ report }: { report: RehearsalReport }) {
  const { timeline } = report;
  const labels = timeline.points.map((point) => clock(point.from));
  const marks: LineMark[] = report.faults.map((fault, index) => ({
    at: fault.at / timeline.intervalSeconds,
    label: `${index + 1}. ${fault.name}`,
  }));
  const failed = report.invariants.filter((check) => !check.holds);
  return (
    <main>
      <h1>A gala evening, rehearsed</h1>
      <p>
        {report.guests} guests, {report.items} silent items, {report.liveLots} live lots, at {report.speed}× speed (seed{" "}
        {report.seed}){report.chaos ? ", with faults (--chaos)" : ""}. {report.database}. {report.seconds.toFixed(1)} s;
        load average {report.loadAverage.map((load) => load.toFixed(1)).join(", ")} (1, 5, 15 minutes) at the end.
      </p>
      <p className={`verdict${failed.length > 0 ? " verdict--failed" : ""}`}>
        {failed.length === 0 ? "Every invariant holds." : `${failed.length} invariant(s) FAILED.`}
      </p>

      <h2>Timeline</h2>
      <p className="muted">
        Intervals of {timeline.intervalSeconds} s from the rehearsal&apos;s start; the dashed lines are the faults.
      </p>
      <LineChart
        title="Bids a second"
        description="Bids acknowledged a second, silent and live, over the rehearsal; the faults are marked."
        labels={labels}
        series={[{ label: "bids a second", values: timeline.points.map((point) => point.bidsPerSecond) }]}
        format={(value) => value.toFixed(1)}
        marks={marks}
      />
      <LineChart
        title="Latency of every answer, ms"
        description="The median and 95th percentile of every action's answer time in each interval; the faults are marked."
        labels={labels}
        series={[
          { label: "p50", values: timeline.points.map((point) => point.p50 ?? 0) },
          { label: "p95", values: timeline.points.map((point) => point.p95 ?? 0) },
        ]}
        format={(value) => `${Math.round(value).toLocaleString("en-US")} ms`}
        marks={marks}
      />

      {report.faults.length > 0 ? (
        <>
          <h2>Faults</h2>
          <Table
            head={[
              "",
              "when",
              "fault",
              "until the app answered again",
              "unexpected answers meanwhile",
              "what happened",
            ]}
            rows={report.faults.map((fault, index) => [
              `${index + 1}`,
              `${clock(fault.at)} (minute ${fault.minute.toFixed(0)})`,
              fault.name,
              `${(fault.recoveredMs / 1000).toFixed(1)} s`,
              Object.entries(fault.errors)
                .map(([kind, count]) => `${kind} ×${count}`)
                .join("; ") || "none",
              fault.detail,
            ])}
          />
        </>
      ) : null}

      <h2>Invariants</h2>
      <ul>
        {report.invariants.map((check) => (
          <li key={check.name}>
            <strong>{check.holds ? "holds" : "FAILED"}</strong>: {check.name}
            {check.detail.length > 0 ? <span className="muted"> ({check.detail.join("; ")})</span> : null}
          </li>
        ))}
      </ul>

      <h2>Actions</h2>
      <Table
        head={["action", "ok", "refused by a rule", "error", "p50 ms", "p95 ms", "p99 ms", "max ms"]}
        numericFrom={1}
        rows={Object.entries(report.actions).map(([kind, entry]) => [
          kind,
          number(entry.ok),
          number(entry.refused),
          number(entry.error),
          number(entry.ms.p50),
          number(entry.ms.p95),
          number(entry.ms.p99),
          number(entry.ms.max),
        ])}
      />

      <h2>Against the machine&apos;s own limit</h2>
      {report.reference ? (
        <p>
          The bid transaction in plain SQL on the same database, {report.reference.callers} callers for{" "}
          {report.reference.seconds} s after the evening: {number(report.reference.commitsPerSecond)} commits a second,
          p50 {number(report.reference.ms.p50)} ms, p95 {number(report.reference.ms.p95)} ms. The evening&apos;s busiest
          interval: {number(Math.max(0, ...timeline.points.map((point) => point.bidsPerSecond)))} bids a second.
        </p>
      ) : (
        <p>Not measured in this run.</p>
      )}

      <h2>Live streams and checkout</h2>
      <p>
        {report.streams.phones} phones streamed; from a bid&apos;s answer to its delta on the other phones (
        {number(report.streams.deltas)} deliveries): p50 {number(report.streams.delayMs.p50)} ms, p95{" "}
        {number(report.streams.delayMs.p95)} ms. Checkout: {report.checkout.guests} guests in{" "}
        {report.checkout.seconds.toFixed(1)} s, {report.checkout.perMinute.toFixed(0)} a minute.
      </p>

      <h2>Errors by kind</h2>
      {Object.keys(report.errors).length === 0 ? (
        <p>None.</p>
      ) : (
        <Table
          head={["kind", "count", "example"]}
          numericFrom={1}
          numericTo={2}
          rows={Object.entries(report.errors).map(([kind, entry]) => [
            kind,
            number(entry.count),
            entry.example.replace(/\s+/g, " ").slice(0, 160),
          ])}
        />
      )}
    </main>
  );
}

/** One of the app's report tables: the first column names the row; columns from `numericFrom` are numbers. */
function Table({
  head,
  rows,
  numericFrom = Infinity,
  numericTo = Infinity,
}: {
  head: string[];
  rows: string[][];
  numericFrom?: number;
  numericTo?: number;
}) {
  const numeric = (column: number) => (column >= numericFrom && column < numericTo ? "numeric" : undefined);
  return (
    <div className="report-table-scroll">
      <table className="report-table">
        <thead>
          <tr>
            {head.map((title, column) => (
              <th key={title || column} scope="col" className={numeric(column)}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={column} className={numeric(column)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
