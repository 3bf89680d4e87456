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

/**
 * The files for the charity's books and CRM (decision 038, docs/exports.md), offered beside the report they belong
 * to and served by the same download route (?report=deposits or npsp).
 */
export const BOOKS_AND_CRM_EXPORTS = {
  deposits: {
    report: "deposits",
    label: "For QuickBooks: bank deposits",
    short: "QuickBooks",
    about:
      "What reached the bank in each deposit (a day's cash and checks, a Stripe payout), by payment method and source: gross, refunds and Stripe's fees, in QuickBooks Online's bank upload layout (Date, Description, Amount), for the dates above.",
    formats: ["csv", "xlsx"],
  },
  npsp: {
    report: "npsp",
    label: "For Salesforce NPSP: Data Import",
    short: "NPSP",
    about:
      "Guests, item donors, gifts and purchases as rows of NPSP's Data Import object, the event as their campaign: the whole event, whatever the dates above.",
    formats: ["csv"],
  },
} as const;

export type BooksAndCrmExport = (typeof BOOKS_AND_CRM_EXPORTS)[keyof typeof BOOKS_AND_CRM_EXPORTS];

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
