/**
 * The shape every report takes (client-safe): figures at the top, then tables, each with an optional chart drawn
 * from its own rows. The page, the CSV and the XLSX are three renderings of the same object, so they cannot
 * disagree. Money is in cents; percentages are numbers (62.5 is 62.5%); text cells are written out already.
 */
export type CellKind = "text" | "money" | "count" | "percent";
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

export interface ReportColumn {
  key: string;
  header: string;
  kind: CellKind;
}

export type ReportChart =
  | { kind: "bars"; title: string; description: string; labelKey: string; valueKey: string }
  | {
      kind: "line";
      title: string;
      description: string;
      labelKey: string;
      series: { key: string; label: string }[];
      /** Draw running totals (the evening's climb) rather than each bucket's own amount. */
      cumulative: boolean;
    };

export interface ReportTable {
  id: string;
  title: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  totals?: ReportRow;
  /** Said instead of the table when it has no rows. */
  empty: string;
  chart?: ReportChart;
}

export interface ReportFigure {
  label: string;
  value: number | null;
  kind: CellKind;
  note?: string;
  /** A page that explains the figure. */
  href?: string;
}

export interface Report {
  /** Which report it is (its page's last path segment), for its download link. */
  slug: string;
  /** The file name's stem. */
  name: string;
  title: string;
  currency: string;
  figures: ReportFigure[];
  tables: ReportTable[];
}

export function formatCell(value: ReportCell, kind: CellKind, currency: string): string {
  if (value === null || value === "") return "";
  if (typeof value === "string") return value;
  if (kind === "money") return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(value / 100);
  if (kind === "percent") return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }).format(value)}%`;
  return new Intl.NumberFormat("en-US").format(value);
}

/** A share as a percentage with one decimal, or null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}
