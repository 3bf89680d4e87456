import { deleteBulkAction } from "~/admin-list/ui/columns";
import { BULK_INTENT, type GridBulkAction, type GridColumn } from "~/grid/grid-types";
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { formatInZone } from "~/ui/zoned-time";
import { FUNDRAISER_BULK_INTENT } from "../fundraiser-forms";
import { fundraiserHref } from "./fundraiser-pages";
import type { FundraiserRow } from "../fundraisers.server";

/** What staff do with the ticked pages: approve, show, hide, delete. */
export const FUNDRAISER_BULK_ACTIONS: GridBulkAction[] = [
  { intent: FUNDRAISER_BULK_INTENT.approve, label: "Approve" },
  { intent: BULK_INTENT.activate, label: "Show" },
  { intent: BULK_INTENT.deactivate, label: "Hide" },
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this page?" : `Delete ${count} pages?`,
    description: "Only pages nobody gave on can be deleted; hide the others instead.",
  })),
];

/** The fundraisers grid's columns: a page's photo, status, end, supporter, goal and what was pledged on it. */
export function fundraiserColumns(
  timeZone: string,
  money: (cents: number | null) => string,
): GridColumn<FundraiserRow>[] {
  return [
    {
      id: "photo",
      header: "Photo",
      value: (row) => row.photo,
      cell: (row) =>
        row.photo ? (
          <ResponsiveImage image={row.photo} alt={row.name} sizes="4rem" className="logo-thumb" />
        ) : (
          <span className="muted">None</span>
        ),
      filter: false,
    },
    { id: "name", header: "Name", value: (row) => row.name },
    {
      id: "status",
      header: "Status",
      value: (row) =>
        !row.approved ? "Waiting for approval" : !row.is_active ? "Hidden" : row.ended ? "Ended" : "Public",
      filter: "select",
    },
    {
      id: "ends",
      header: "Ends",
      value: (row) => row.ends_at ?? "",
      cell: (row) => (row.ends_at ? formatInZone(row.ends_at, timeZone) : <span className="muted">No end</span>),
      filter: false,
    },
    { id: "owner", header: "Supporter", value: (row) => row.owner ?? "Made by staff" },
    {
      id: "goal",
      header: "Goal",
      value: (row) => (row.goal ?? 0) / 100,
      cell: (row) => money(row.goal),
      numeric: true,
    },
    {
      id: "raised",
      // Pledged, as docs/money.md names it: gifts paid or on a bill, not money collected yet.
      header: "Pledged",
      value: (row) => row.raised / 100,
      cell: (row) => money(row.raised),
      numeric: true,
    },
    { id: "gifts", header: "Gifts", value: (row) => row.gifts, numeric: true, filter: false },
    {
      id: "page",
      header: "Page",
      value: () => "Open",
      filter: false,
      cell: (row) =>
        row.approved && row.is_active ? (
          <a href={fundraiserHref(row.fundraiser_id)} target="_blank" rel="noreferrer">
            Open page
          </a>
        ) : (
          <span className="muted">Not public</span>
        ),
    },
  ];
}
