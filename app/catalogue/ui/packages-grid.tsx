/**
 * The grid of the live and silent packages screens, an admin list (packages-list.server.ts). Client-safe.
 */
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { deleteBulkAction } from "~/admin-list/ui/columns";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { DataGrid } from "~/grid/ui/data-grid";
import { Button, ButtonLink } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { FormDialog } from "~/ui/form-dialog";
import { centsToInput } from "~/ui/money-input";
import { auctionItemPagePath } from "../auction-item-paths";
import { bidProposalSchema, type BidProposalSettings } from "../bid-proposal";
import { itemInlineRules } from "../item-fields";
import { ITEM_STATUS_LABELS, ITEM_STATUSES, PACKAGE_SUBTYPE } from "../item-rules";
import { NUMBER_LOTS_FORM, numberLotsSchema, PACKAGES_INTENT } from "../packages";
import { PrintLinks } from "./print-links";
import type { GridBulkAction, GridColumn, GridOption } from "~/grid/grid-types";

export type PackageGridRow = {
  auction_item_id: number;
  lot: number | null;
  title: string;
  subtype: string | null;
  value: number | null;
  starting_bid: number | null;
  increment: number | null;
  buy_now: number | null;
  status: string;
  category_id: number | null;
  category_title: string | null;
  inventory_count: number;
  bid_count: number;
  value_label: string | null;
  starting_bid_label: string | null;
  increment_label: string | null;
  buy_now_label: string | null;
};

export type PackagesScreenProps = {
  type: "live" | "silent";
  items: PackageGridRow[];
  categories: GridOption[];
  queryEvent: number | null;
  bidProposal: BidProposalSettings;
};

const none = <span className="muted">—</span>;

function moneyColumn(
  id: "value" | "starting_bid" | "increment" | "buy_now",
  header: string,
  editable: boolean,
): GridColumn<PackageGridRow> {
  return {
    id,
    header,
    value: (row) => (row[id] === null ? null : row[id]! / 100),
    cell: (row) => row[`${id}_label`] ?? none,
    editValue: (row) => centsToInput(row[id]),
    numeric: true,
    filter: false,
    ...(editable ? { edit: { type: "number" as const, step: "0.01", min: 0 } } : {}),
  };
}

export function PackagesScreen({ type, items, categories, queryEvent, bidProposal }: PackagesScreenProps) {
  const eventId = queryEvent ?? undefined;
  const label = type === "live" ? "Live packages" : "Silent packages";
  const answer = useActionData<unknown>();
  const numberLots = useContractForm({ id: NUMBER_LOTS_FORM, schema: numberLotsSchema, reply: answer });
  const navigation = useNavigation();
  const numbering = navigation.state === "submitting" && navigation.formData?.get("intent") === "number-lots";

  const columns = useMemo<GridColumn<PackageGridRow>[]>(
    () => [
      {
        id: "lot",
        header: "Lot",
        value: (row) => row.lot,
        numeric: true,
        filter: false,
        edit: { type: "number", step: "1", min: 1 },
      },
      {
        id: "title",
        header: "Title",
        value: (row) => row.title,
        cell: (row) => <Link to={auctionItemPagePath(eventId, { item: row.auction_item_id })}>{row.title}</Link>,
        edit: { type: "text", rule: itemInlineRules.title },
      },
      {
        id: "kind",
        header: "Kind",
        value: (row) => (row.subtype === PACKAGE_SUBTYPE ? "Package" : "Single item"),
        filter: "select",
      },
      moneyColumn("value", "Value", true),
      moneyColumn("starting_bid", "Starting bid", true),
      moneyColumn("increment", "Increment", true),
      moneyColumn("buy_now", "Buy now", false),
      { id: "inventory_count", header: "Inventory", value: (row) => row.inventory_count, numeric: true, filter: false },
      { id: "bid_count", header: "Bids", value: (row) => row.bid_count, numeric: true, filter: false },
      { id: "status", header: "Status", value: (row) => row.status, filter: "select" },
      { id: "category", header: "Category", value: (row) => row.category_title, filter: "select" },
    ],
    [eventId],
  );

  const bulkActions = useMemo<GridBulkAction[]>(
    () => [
      {
        intent: PACKAGES_INTENT.changeCategory,
        label: "Change category",
        choice: {
          name: "category_id",
          label: "Category",
          options: [...categories, { value: "none", label: "No category" }],
        },
      },
      {
        intent: PACKAGES_INTENT.changeStatus,
        label: "Change status",
        choice: {
          name: "status",
          label: "Status",
          options: ITEM_STATUSES.map((status) => ({ value: status, label: ITEM_STATUS_LABELS[status] })),
        },
      },
      deleteBulkAction((count) => ({
        title: count === 1 ? "Delete this item?" : `Delete ${count} items?`,
        description:
          "Their details and images go for good; their inventory stays in the inventory. Items with bids are not deleted: withdraw them instead.",
      })),
    ],
    [categories],
  );

  const newItem = (
    <ButtonLink to={auctionItemPagePath(eventId, { type })} variant="primary" size="sm">
      New {type} item
    </ButtonLink>
  );

  return (
    <>
      <div className="page-header">
        <h1>{label}</h1>
        <p>
          Every {type} auction item: packages that bundle several inventory items, and single items. Open one to edit
          all its details, images and inventory.
        </p>
      </div>
      <div className="stack stack--loose">
        <DataGrid
          label={label}
          rows={items}
          columns={columns}
          rowId={(row) => String(row.auction_item_id)}
          rowLabel={(row) => row.title}
          bulkActions={bulkActions}
          actions={
            <>
              <PrintLinks type={type} />
              <BidProposalDialog settings={bidProposal} />
              {newItem}
            </>
          }
          empty={
            <EmptyState
              title={`No ${type} items yet`}
              text="Create an item, or bundle inventory into a package from the item's page."
              action={newItem}
            />
          }
        />
        <section className="stack" aria-labelledby="number-lots-heading">
          <h2 id="number-lots-heading">Number lots</h2>
          <p className="field__help">
            Numbers every {type} item in catalogue order (display order, then title), whatever the grid is sorted by.
            Left blank, the numbers start after the highest lot of the event's other items; they never take a lot
            another item holds.
          </p>
          {numberLots.form.errors?.[0] ? <FormAlert>{numberLots.form.errors[0]}</FormAlert> : null}
          <Form method="post" className="cluster" {...formProps(numberLots.form)}>
            <input type="hidden" name="intent" value={NUMBER_LOTS_FORM} />
            <Field label="Start from" help="Optional, such as 101." meta={numberLots.fields.start}>
              {(control) => <input {...control} inputMode="numeric" autoComplete="off" />}
            </Field>
            <div>
              <Button type="submit" disabled={numbering}>
                {numbering ? "Numbering…" : "Number lots"}
              </Button>
            </div>
          </Form>
        </section>
      </div>
    </>
  );
}

/** The event's percentages for proposing a new item's starting bid and increment from its value. */
function BidProposalDialog({ settings }: { settings: BidProposalSettings }) {
  return (
    <FormDialog
      name="bid-proposal"
      trigger={`Proposals: ${settings.starting_bid_percent}% · ${settings.increment_percent}%`}
      triggerLabel="Bid proposal percentages"
      title="Bid proposals"
      description="When an item's starting bid or increment is left blank, it is proposed from the item's value with these percentages, in whole units. Amounts typed on an item always win."
      submitLabel="Save"
      fields={{ intent: PACKAGES_INTENT.bidProposal }}
      schema={bidProposalSchema}
      defaultValue={{
        starting_bid_percent: String(settings.starting_bid_percent),
        increment_percent: String(settings.increment_percent),
      }}
    >
      {(fields) => (
        <>
          <Field label="Starting bid, % of value" required meta={fields.starting_bid_percent}>
            {(control) => <input {...control} inputMode="decimal" required />}
          </Field>
          <Field label="Increment, % of value" required meta={fields.increment_percent}>
            {(control) => <input {...control} inputMode="decimal" required />}
          </Field>
        </>
      )}
    </FormDialog>
  );
}
