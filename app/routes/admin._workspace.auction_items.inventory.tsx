import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { deleteBulkAction } from "~/admin-list/ui/columns";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { catalogueOptions, UnknownChoiceError } from "~/catalogue/catalogue-options.server";
import { inventoryInlineFields, inventoryTag, inventoryTitle, pickedId } from "~/catalogue/inventory-fields";
import { eventQuery as eventQueryOf, inventoryPath } from "~/catalogue/inventory-paths";
import {
  deleteInventory,
  eventCurrency,
  InventoryHasBidsError,
  listInventory,
  setInventoryCategory,
  unassignInventory,
  updateInventory,
} from "~/catalogue/inventory.server";
import { readPostedForm } from "~/forms/posted-form.server";
import {
  inlineEditSaved,
  readInlineEdit,
  readSelectedIds,
  refuseBulk,
  refuseInlineEdit,
} from "~/grid/grid-forms.server";
import { DataGrid } from "~/grid/ui/data-grid";
import { redirectWithToast } from "~/http/toast.server";
import { ButtonLink } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import type { GridBulkAction, GridColumn, GridOption } from "~/grid/grid-types";

export const meta = titleMeta("Inventory · Auction items · Gavel");

const NOT_IN_AUCTION_ITEM = "Not yet in an auction item";
/** The bulk "Change category" choice that takes items out of every category. */
const NO_CATEGORY = "none";

/**
 * /admin/auction_items/inventory: the event's procured items, with where each one went (which auction item), and
 * the way to each item's own page (/admin/auction_items/inventory/<id>).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const [rows, options, currency] = [
    await listInventory(eventId),
    await catalogueOptions(eventId),
    await eventCurrency(eventId),
  ];
  return {
    // Amounts are formatted here, so the server's and the browser's Intl data cannot disagree.
    items: rows.map((row) => ({ ...row, value_label: row.value === null ? null : formatMoney(row.value, currency) })),
    categories: options.categories,
    // Links to an item's page keep the event the page was opened for.
    eventQuery: eventQueryOf(eventIdFromQuery(request)),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const form = await readPostedForm(request);
  const url = new URL(request.url);
  const here = url.pathname + url.search;

  switch (form.get("intent")) {
    case "inline-edit": {
      const edit = readInlineEdit(form, inventoryInlineFields);
      if (!edit) throw new Response("This edit is not one the grid makes.", { status: 400 });
      const { column, rule } = inventoryInlineFields[edit.field];
      const parsed = rule.safeParse(edit.value);
      if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
      try {
        const found = await updateInventory(eventId, edit.id, { [column]: parsed.data });
        if (!found) return refuseInlineEdit(edit, "This inventory item no longer exists. Reload the page.");
      } catch (error) {
        if (!(error instanceof UnknownChoiceError)) throw error;
        return refuseInlineEdit(edit, error.message);
      }
      return inlineEditSaved();
    }

    case "change-category": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the items to put in a category first.");
      const choice = String(form.get("category_id") ?? "");
      if (choice === "") return refuseBulk("Choose the category to put the selected items in.");
      const picked = pickedId("category").safeParse(choice === NO_CATEGORY ? "" : choice);
      if (!picked.success) return refuseBulk(picked.error.issues[0].message);
      try {
        const changed = await setInventoryCategory(eventId, ids, picked.data);
        const what = changed === 1 ? "1 item" : `${changed} items`;
        return redirectWithToast(here, {
          title: picked.data === null ? `${what} taken out of their category` : `${what} moved to the category`,
        });
      } catch (error) {
        if (!(error instanceof UnknownChoiceError)) throw error;
        return refuseBulk(error.message);
      }
    }

    case "unassign": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the items to take out of their auction items first.");
      try {
        const changed = await unassignInventory(eventId, ids);
        return redirectWithToast(here, {
          title:
            changed === 0
              ? "None of the selected items was in an auction item"
              : `${changed === 1 ? "1 item" : `${changed} items`} taken out of their auction item`,
        });
      } catch (error) {
        if (!(error instanceof InventoryHasBidsError)) throw error;
        return refuseBulk(`Nothing was changed. ${error.message}`);
      }
    }

    case "delete": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the items to delete first.");
      try {
        const deleted = await deleteInventory(eventId, ids);
        return redirectWithToast(here, {
          title: deleted === 1 ? "Inventory item deleted" : `${deleted} inventory items deleted`,
        });
      } catch (error) {
        if (!(error instanceof InventoryHasBidsError)) throw error;
        return refuseBulk(`Nothing was deleted. ${error.message}`);
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

type Row = Awaited<ReturnType<typeof loader>>["items"][number];

function inventoryColumns(categories: readonly GridOption[], eventQuery: string): GridColumn<Row>[] {
  return [
    {
      id: "title",
      header: "Title",
      value: (row) => row.title,
      cell: (row) => <Link to={inventoryPath(eventQuery, row.inventory_id)}>{row.title}</Link>,
      edit: { type: "text", rule: inventoryTitle },
    },
    {
      id: "value",
      header: "Value",
      // In units, so that sorting, search and the export read amounts as people do.
      value: (row) => (row.value === null ? null : row.value / 100),
      cell: (row) => row.value_label ?? <span className="muted">—</span>,
      editValue: (row) => centsToInput(row.value),
      numeric: true,
      filter: false,
      edit: { type: "number", step: "0.01", min: 0 },
    },
    { id: "donor", header: "Donor", value: (row) => row.donor_name },
    {
      id: "category",
      header: "Category",
      value: (row) => row.category_title,
      editValue: (row) => (row.category_id === null ? "" : String(row.category_id)),
      filter: "select",
      edit: { type: "select", options: [{ value: "", label: "No category" }, ...categories] },
    },
    { id: "staff", header: "Staff", value: (row) => row.staff_name, filter: "select" },
    { id: "tag", header: "Tag", value: (row) => row.tag, edit: { type: "text", rule: inventoryTag } },
    {
      id: "auction_item",
      header: "Auction item",
      value: (row) => auctionItemLabel(row),
      cell: (row) =>
        row.auction_item_id === null ? <span className="muted">{NOT_IN_AUCTION_ITEM}</span> : auctionItemLabel(row),
      filter: "select",
    },
    { id: "image_count", header: "Images", value: (row) => row.image_count, numeric: true, filter: false },
    { id: "display_order", header: "Order", value: (row) => row.display_order, numeric: true, filter: false },
  ];
}

function auctionItemLabel(row: Row): string {
  if (row.auction_item_id === null) return NOT_IN_AUCTION_ITEM;
  return row.auction_item_lot === null
    ? (row.auction_item_title ?? "")
    : `Lot ${row.auction_item_lot} · ${row.auction_item_title}`;
}

function inventoryBulkActions(categories: readonly GridOption[]): GridBulkAction[] {
  return [
    {
      intent: "change-category",
      label: "Change category",
      choice: {
        name: "category_id",
        label: "Category",
        options: [...categories, { value: NO_CATEGORY, label: "No category" }],
      },
    },
    {
      intent: "unassign",
      label: "Take out of auction item",
      confirm: (count) => ({
        title:
          count === 1 ? "Take this item out of its auction item?" : `Take ${count} items out of their auction items?`,
        description:
          "They stay in the inventory, ready to go into another auction item. Items in an auction item that has bids are not moved.",
      }),
    },
    deleteBulkAction((count) => ({
      title: count === 1 ? "Delete this inventory item?" : `Delete ${count} inventory items?`,
      description:
        "Their details and images go for good. Items in an auction item that has bids are not deleted: bidders bid on them.",
    })),
  ];
}

export default function InventoryPage() {
  const { items, categories, eventQuery } = useLoaderData<typeof loader>();
  const columns = useMemo(() => inventoryColumns(categories, eventQuery), [categories, eventQuery]);
  const bulkActions = useMemo(() => inventoryBulkActions(categories), [categories]);
  const newItem = (
    <ButtonLink to={inventoryPath(eventQuery, "new")} variant="primary" size="sm">
      New inventory item
    </ButtonLink>
  );

  return (
    <>
      <div className="page-header">
        <h1>Inventory</h1>
        <p>Everything procured for the event, from whom, and which auction item it went into.</p>
      </div>
      <DataGrid
        label="Inventory"
        rows={items}
        columns={columns}
        rowId={(row) => String(row.inventory_id)}
        rowLabel={(row) => row.title}
        rowColor={(row) => row.staff_color}
        bulkActions={bulkActions}
        actions={newItem}
        empty={
          <EmptyState
            title="No inventory yet"
            text="Record each item donated for the event: what it is, who gave it and what it is worth. Then bundle items into auction items."
            action={newItem}
          />
        }
      />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
