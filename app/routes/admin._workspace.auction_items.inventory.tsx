import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { catalogueOptions, UnknownChoiceError } from "~/catalogue/catalogue-options.server";
import { INVENTORY_BULK_INTENT, inventoryInlineFields, NO_CATEGORY } from "~/catalogue/inventory-fields";
import { eventQuery as eventQueryOf, inventoryPath } from "~/catalogue/inventory-paths";
import {
  deleteInventory,
  InventoryHasBidsError,
  listInventory,
  setInventoryCategory,
  unassignInventory,
  updateInventory,
} from "~/catalogue/inventory.server";
import { inventoryBulkActions, inventoryColumns } from "~/catalogue/ui/inventory-columns";
import { eventCurrency } from "~/events/event-currency.server";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { pickedId } from "~/forms/rules";
import { bulkIntent, inlineEditIntent } from "~/grid/grid-intents.server";
import { BULK_INTENT, INLINE_EDIT_INTENT } from "~/grid/grid-types";
import { DataGrid } from "~/grid/ui/data-grid";
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

/** The grid's edits in place, and its actions on the selected items: category, out of an auction item, delete. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => ({
      eventId: (await requireEventPermission(request, "can_edit_auction_items")).eventId,
    }),
    intents: (intent) => ({
      [INLINE_EDIT_INTENT]: inlineEditIntent(intent, {
        rules: Object.fromEntries(Object.entries(inventoryInlineFields).map(([field, { rule }]) => [field, rule])),
        save: async ({ eventId }, id, field, value) => {
          const { column } = inventoryInlineFields[field as keyof typeof inventoryInlineFields];
          return refusingUnknownChoice(() => updateInventory(eventId, id, { [column]: value }));
        },
        gone: "This inventory item no longer exists. Reload the page.",
      }),
      [INVENTORY_BULK_INTENT.changeCategory]: bulkIntent(intent, INVENTORY_BULK_INTENT.changeCategory, {
        select: "Select the items to put in a category first.",
        act: async ({ eventId, ids, form }) => {
          const choice = String(form.get("category_id") ?? "");
          if (choice === "") throw new Refusal("Choose the category to put the selected items in.");
          const picked = pickedId("category").safeParse(choice === NO_CATEGORY ? "" : choice);
          if (!picked.success) throw new Refusal(picked.error.issues[0].message);
          const changed = await refusingUnknownChoice(() => setInventoryCategory(eventId, ids, picked.data));
          const what = changed === 1 ? "1 item" : `${changed} items`;
          return picked.data === null ? `${what} taken out of their category` : `${what} moved to the category`;
        },
      }),
      [INVENTORY_BULK_INTENT.unassign]: bulkIntent(intent, INVENTORY_BULK_INTENT.unassign, {
        select: "Select the items to take out of their auction items first.",
        act: async ({ eventId, ids }) => {
          const changed = await refusingItemsWithBids(() => unassignInventory(eventId, ids), "Nothing was changed. ");
          return changed === 0
            ? "None of the selected items was in an auction item"
            : `${changed === 1 ? "1 item" : `${changed} items`} taken out of their auction item`;
        },
      }),
      [BULK_INTENT.delete]: bulkIntent(intent, BULK_INTENT.delete, {
        select: "Select the items to delete first.",
        act: async ({ eventId, ids }) => {
          const deleted = await refusingItemsWithBids(() => deleteInventory(eventId, ids));
          return deleted === 1 ? "Inventory item deleted" : `${deleted} inventory items deleted`;
        },
      }),
    }),
  });
}

/** A category or auction item that is not the event's is refused, not a failure. */
async function refusingUnknownChoice<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof UnknownChoiceError) throw new Refusal(error.message);
    throw error;
  }
}

/** Items in an auction item that has bids stay where they are: said in the grid's action bar. */
async function refusingItemsWithBids<T>(change: () => Promise<T>, prefix = ""): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof InventoryHasBidsError) throw new Refusal(`${prefix}${error.message}`);
    throw error;
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
