import { paths } from "~/http/paths";
import { DONATION_BULK_INTENT, REFUND_REASONS } from "../gift-forms";
import type { listDonations } from "../donations-admin.server";
import type { SerializeFrom } from "@remix-run/node";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

/** A gift as the donations list shows it. */
export type DonationRow = SerializeFrom<typeof listDonations>["donations"][number];

/** What staff do with the ticked gifts: thank-you letters, refunds, erasing the donor. */
export const DONATION_BULK_ACTIONS: GridBulkAction[] = [
  {
    intent: DONATION_BULK_INTENT.letters,
    label: "Email thank-you letters",
    confirm: (count) => ({
      title: count === 1 ? "Email this donor's letter?" : `Email ${count} donors' letters?`,
      description: "Each donor with an email address gets the thank-you letter listing their gift.",
    }),
  },
  {
    intent: DONATION_BULK_INTENT.refund,
    label: "Refund",
    danger: true,
    choice: { name: "reason", label: "Why", options: REFUND_REASONS },
    confirm: (count) => ({
      title: count === 1 ? "Give this gift back?" : `Give ${count} gifts back?`,
      description:
        "Card gifts are refunded to the card; cash and check gifts are recorded as handed back; gifts on a guest's bill are taken off it.",
    }),
  },
  {
    intent: DONATION_BULK_INTENT.anonymise,
    label: "Erase donor details",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Erase this donor's details?" : `Erase ${count} donors' details?`,
      description: "Their name, email and note are removed for good. The amounts stay in the totals.",
    }),
  },
];

const METHOD_LABELS: Record<string, string> = { card: "Card", invoice: "On the bill", cash: "Cash", check: "Check" };

const STATUS_LABELS: Record<string, string> = {
  paid: "Paid",
  pledged: "On the bill",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

/** The donations grid's columns; a gift's letter is the PDF at /admin/solemen/donations/letter. */
export function donationColumns(eventId: number, money: (cents: number) => string): GridColumn<DonationRow>[] {
  return [
    { id: "at", header: "When", value: (row) => row.at, filter: false },
    { id: "donor", header: "Donor", value: (row) => row.donor },
    { id: "email", header: "Email", value: (row) => row.email ?? "" },
    {
      id: "amount",
      header: "Gift",
      value: (row) => row.amount / 100,
      cell: (row) => money(row.amount),
      numeric: true,
    },
    { id: "fee", header: "Fee covered", value: (row) => row.fee / 100, cell: (row) => money(row.fee), numeric: true },
    { id: "method", header: "Paid by", value: (row) => METHOD_LABELS[row.method] ?? row.method, filter: "select" },
    { id: "status", header: "Status", value: (row) => STATUS_LABELS[row.status] ?? row.status, filter: "select" },
    {
      id: "frequency",
      header: "How often",
      value: (row) => (row.frequency === "monthly" ? "Monthly" : "Once"),
      filter: "select",
    },
    {
      id: "fundraiser",
      header: "Fundraiser",
      value: (row) => row.fundraiserName ?? "None",
      cell: (row) => row.fundraiserName ?? <span className="muted">None</span>,
      filter: "select",
    },
    { id: "tribute", header: "Dedication", value: (row) => row.tribute, hidden: true },
    {
      id: "anonymous",
      header: "On screens",
      value: (row) => (row.is_anonymous ? "Anonymous" : "Named"),
      filter: "select",
    },
    { id: "message", header: "Note", value: (row) => row.message ?? "", hidden: true },
    {
      id: "letter",
      header: "Letter",
      value: () => "PDF",
      filter: false,
      cell: (row) => (
        <a href={paths.solemenDonationsLetter(eventId, { gift: row.id })} target="_blank" rel="noreferrer">
          Letter (PDF)
        </a>
      ),
    },
  ];
}
