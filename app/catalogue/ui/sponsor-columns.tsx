import {
  ACTIVE_BULK_ACTIONS,
  activeColumn,
  deleteBulkAction,
  textColumn,
  websiteColumn,
  yesNoColumn,
} from "~/admin-list/ui/columns";
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { SPONSOR_BULK_INTENT, sponsorFields } from "../sponsor-form";
import { sponsorLevelRank } from "../sponsor-levels";
import { SPONSOR_LEVEL_OPTIONS } from "./sponsor-fields";
import type { SponsorRow } from "../sponsors.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

/** The sponsors grid's columns: the level and the order in it are edited in place. */
export const SPONSOR_COLUMNS: GridColumn<SponsorRow>[] = [
  {
    id: "logo",
    header: "Logo",
    value: (row) => row.logo,
    cell: (row) =>
      row.logo ? (
        <ResponsiveImage image={row.logo} alt={`${row.title} logo`} sizes="6rem" className="logo-thumb" />
      ) : (
        <span className="muted">None</span>
      ),
    filter: false,
  },
  textColumn("title", "Name", sponsorFields.title),
  {
    id: "level",
    header: "Level",
    value: (row) => row.level,
    sortValue: (row) => sponsorLevelRank(row.level),
    filter: "select",
    edit: { type: "select", options: SPONSOR_LEVEL_OPTIONS },
  },
  yesNoColumn("shown", "Shown at this event"),
  {
    id: "display_order",
    header: "Order in level",
    value: (row) => row.display_order,
    editValue: (row) => (row.display_order === null ? "" : String(row.display_order)),
    numeric: true,
    filter: false,
    edit: { type: "number", step: "1", min: 0 },
  },
  activeColumn(),
  websiteColumn(sponsorFields.website),
  { id: "event_count", header: "Events", value: (row) => row.event_count, numeric: true, filter: false, hidden: true },
  textColumn("internal_notes", "Internal notes", sponsorFields.internal_notes, { hidden: true }),
];

/** What staff do with the ticked sponsors: show them at this event or not, mark them active or not, delete. */
export const SPONSOR_BULK_ACTIONS: GridBulkAction[] = [
  { intent: SPONSOR_BULK_INTENT.show, label: "Show at this event" },
  { intent: SPONSOR_BULK_INTENT.hide, label: "Remove from this event" },
  ...ACTIVE_BULK_ACTIONS,
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this sponsor?" : `Delete ${count} sponsors?`,
    description:
      "They are also taken off every event that shows them, past events included. To keep them on past events, " +
      "remove them from this event or mark them inactive instead.",
  })),
];
