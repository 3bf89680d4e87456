/** The reports under /admin/setup/reporting, in menu order (client-safe: the tabs and the overview list them). */
import { eventAddress } from "~/http/paths";

export const REPORTS = [
  {
    slug: "revenue",
    label: "Revenue",
    about: "Raised by source, pledged against collected, the goal, last year, the evening's timeline.",
  },
  {
    slug: "items",
    label: "Items",
    about: "Sold against value by category and donor, items without bids, top items, bids over time.",
  },
  {
    slug: "guests",
    label: "Guests",
    about: "Registrations by ticket type and promo code, check-ins over time, top bidders and givers, balances.",
  },
  { slug: "tax", label: "Tax", about: "Each guest's deductible total, with a year-end statement per donor as PDF." },
  { slug: "procurement", label: "Procurement", about: "Items by donor with the thank-you status of each donor." },
] as const;

export const REPORTING_PATH = "/admin/setup/reporting";

/** Where a report's CSV and XLSX (and the tax statements' PDF) come from: a resource route beside the pages. */
export const REPORT_DOWNLOAD_PATH = `${REPORTING_PATH}/download`;

export function reportPath(slug: string, eventId?: number): string {
  return eventAddress(`${REPORTING_PATH}/${slug}`, eventId);
}

/** A report page's heading: "Revenue report" on /admin/setup/reporting/revenue, "Reports" on the overview. */
export function reportHeading(pathname: string): string {
  const report = REPORTS.find((one) => pathname.replace(/\/$/, "") === reportPath(one.slug));
  return report ? `${report.label} report` : "Reports";
}

/** A report page's document title, naming the report first. */
export function reportTitle(slug: (typeof REPORTS)[number]["slug"]): string {
  const report = REPORTS.find((one) => one.slug === slug)!;
  return `${report.label} report · Reports · Gavel`;
}
