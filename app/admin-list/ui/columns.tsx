/**
 * Columns and row actions that several admin lists have in common (donors, staff, sponsors, paddle raises): one
 * declaration each, so the same field reads, filters, exports and edits alike on every screen.
 */
import { BULK_INTENT, YES_NO_OPTIONS, type GridBulkAction, type GridColumn, type GridValue } from "~/grid/grid-types";
import type { ZodTypeAny } from "zod";

/** A text field of the record, edited in place and checked with its rule in the form's schema. */
export function textColumn<Row>(
  id: keyof Row & string,
  header: string,
  rule: ZodTypeAny,
  options: Pick<GridColumn<Row>, "hidden" | "cell"> = {},
): GridColumn<Row> {
  return { id, header, value: (row) => row[id] as GridValue, edit: { type: "text", rule }, ...options };
}

/**
 * An amount in cents, shown as the row's formatted `label`; its value in units, not cents, so the export reads as
 * the grid does. Not filtered (a range, not a text, is what one looks for).
 */
export function moneyColumn<Row>(id: keyof Row & string, header: string, label: (row: Row) => string): GridColumn<Row> {
  return { id, header, value: (row) => (row[id] as number) / 100, cell: label, numeric: true, filter: false };
}

/** A yes/no field of the record, chosen in place as yes or no, and filtered by it. */
export function yesNoColumn<Row>(id: keyof Row & string, header: string): GridColumn<Row> {
  return {
    id,
    header,
    value: (row) => row[id] as boolean,
    editValue: (row) => (row[id] ? "yes" : "no"),
    filter: "select",
    edit: { type: "select", options: YES_NO_OPTIONS },
  };
}

/** Whether the record is active, chosen in place as yes or no. */
export function activeColumn<Row extends { is_active: boolean }>(): GridColumn<Row> {
  return yesNoColumn<Row>("is_active", "Active");
}

/** A web address, shown short ("example.org/about") as a link that opens in a new tab. */
export function websiteColumn<Row extends { website: string | null }>(rule: ZodTypeAny): GridColumn<Row> {
  return textColumn<Row>("website", "Website", rule, { hidden: true, cell: (row) => websiteLink(row.website) });
}

function websiteLink(website: string | null) {
  return website ? (
    <a href={website} target="_blank" rel="noopener noreferrer">
      {website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}
    </a>
  ) : (
    <span className="muted">—</span>
  );
}

/** How many items the person gave or procured across all the organisation's events. */
export function allEventsItemCountColumn<Row extends { all_item_count: number }>(): GridColumn<Row> {
  return {
    id: "all_item_count",
    header: "Items, all events",
    value: (row) => row.all_item_count,
    numeric: true,
    filter: false,
    hidden: true,
  };
}

/** Mark the selected rows active or inactive (the list's action answers intents "activate" and "deactivate"). */
export const ACTIVE_BULK_ACTIONS: GridBulkAction[] = [
  { intent: BULK_INTENT.activate, label: "Mark active" },
  { intent: BULK_INTENT.deactivate, label: "Mark inactive" },
];

/** Delete the selected rows, once the person has confirmed what the list says about it. */
export function deleteBulkAction(confirm: NonNullable<GridBulkAction["confirm"]>): GridBulkAction {
  return { intent: BULK_INTENT.delete, label: "Delete", danger: true, confirm };
}
