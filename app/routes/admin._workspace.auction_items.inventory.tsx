import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { catalogueOptions, UnknownChoiceError } from "~/catalogue/catalogue-options.server";
import { inventoryInlineFields, NO_CATEGORY } from "~/catalogue/inventory-fields";
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
import { inventoryBulkActions, inventoryColumns } from "~/catalogue/ui/inventory-columns";
import { readPostedForm } from "~/forms/posted-form.server";
import { pickedId } from "~/forms/rules";
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

export const meta = titleMeta("Inventory · Auction items · Gavel");

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
