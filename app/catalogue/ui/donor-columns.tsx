import { Link, useSearchParams } from "@remix-run/react";
import {
  ACTIVE_BULK_ACTIONS,
  activeColumn,
  allEventsItemCountColumn,
  deleteBulkAction,
  moneyColumn,
  textColumn,
  websiteColumn,
} from "~/admin-list/ui/columns";
import { donorFields } from "../donor-form";
import type { DonorRow } from "../donors.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

// What a laptop shows at once: who, what they gave here, whether they are active, how to reach them. The rest
// (each name part to edit in place, phone, website, notes) is a click away in the Columns menu.
export const DONOR_COLUMNS: GridColumn<DonorRow>[] = [
  {
    id: "name",
    header: "Name",
    value: (row) => row.name,
    // By last name, as donor lists are read; an organisation without a person by its name.
    sortValue: (row) => [row.last_name, row.first_name].filter(Boolean).join(" ") || row.title || "",
  },
  textColumn("first_name", "First name", donorFields.first_name, { hidden: true }),
  textColumn("last_name", "Last name", donorFields.last_name, { hidden: true }),
  textColumn("title", "Organisation", donorFields.title),
  { id: "item_count", header: "Items", value: (row) => row.item_count, numeric: true, filter: false },
  moneyColumn("item_value", "Value", (row) => row.item_value_label),
  activeColumn(),
  textColumn("email", "Email", donorFields.email),
  textColumn("phone", "Phone", donorFields.phone, { hidden: true }),
  websiteColumn(donorFields.website),
  allEventsItemCountColumn(),
  textColumn("internal_notes", "Internal notes", donorFields.internal_notes, { hidden: true }),
  {
    id: "thank",
    header: "Thank",
    value: () => null,
    cell: (row) => <ThankLink donorId={row.donor_id} name={row.name} />,
    filter: false,
    noExport: true,
  },
];

/** What staff do with the ticked donors: mark them active or inactive, delete those who gave nothing. */
export const DONOR_BULK_ACTIONS: GridBulkAction[] = [
  ...ACTIVE_BULK_ACTIONS,
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this donor?" : `Delete ${count} donors?`,
    description:
      "Donors who gave items, at this event or another, are not deleted: their items would lose their donor. " +
      "Mark them inactive instead.",
  })),
];

/** To the email page, ready with this donor's thank-you (the event in view is kept). */
function ThankLink({ donorId, name }: { donorId: number; name: string }) {
  const [searchParams] = useSearchParams();
  const params = new URLSearchParams();
  if (searchParams.get("id")) params.set("id", searchParams.get("id")!);
  params.set("donor", String(donorId));
  return (
    <Link to={`/admin/auction_items/email_page?${params}`} aria-label={`Thank ${name}`}>
      Thank
    </Link>
  );
}
