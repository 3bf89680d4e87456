import { useLoaderData } from "@remix-run/react";
import { listAction } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { deleteBulkAction, moneyColumn } from "~/admin-list/ui/columns";
import { requireEventPermission } from "~/auth/access.server";
import { deleteItems } from "~/catalogue/auction-items.server";
import { type saleItemSchema, saleItemDialog } from "~/catalogue/sale-item-form";
import { createSaleItem, listSaleItems, updateSaleItem } from "~/catalogue/sale-items.server";
import { categoriesArea } from "~/data-areas/catalogue.server";
import { eventSettings } from "~/events/event-settings.server";
import { titleMeta } from "~/ui/error-page";
import { checkboxProps, Field } from "~/ui/field";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { SelectOptions } from "~/ui/select-options";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { GridBulkAction, GridColumn, GridOption } from "~/grid/grid-types";
import type { Fieldset } from "~/ui/form-dialog";

export const meta = titleMeta("Items for sale · Auction items · Gavel");

/** /admin/auction_items/items_for_sale: things sold at a fixed price (wine pull, merchandise), their stock and sales. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const [items, categories, settings] = await Promise.all([
    listSaleItems(eventId),
    categoriesArea(eventId),
    eventSettings(eventId),
  ]);
  return {
    items,
    currency: settings.currency,
    categories: categories.map((row) => ({ value: String(row.category_id), label: row.title })),
  };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_edit_auction_items",
    noun: ["item", "items"],
    dialog: {
      form: saleItemDialog,
      create: async ({ eventId }, item) => {
        await createSaleItem(eventId, item);
        return `“${item.title}” is for sale`;
      },
      update: async ({ eventId, id }, item) =>
        (await updateSaleItem(eventId, id, item)) ? `“${item.title}” saved` : null,
    },
    bulk: {
      delete: async ({ eventId, ids }) => {
        // Only this screen's items: an id of another type of item is ignored.
        const mine = new Set((await listSaleItems(eventId)).map((item) => item.auction_item_id));
        const deleted = await deleteItems(
          eventId,
          ids.filter((id) => mine.has(id)),
        );
        return deleted === 1 ? "Item deleted" : `${deleted} items deleted`;
      },
    },
  });
}

const bulkActions: GridBulkAction[] = [
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this item?" : `Delete ${count} items?`,
    description: "Items already sold are never deleted; set their quantity to what was sold to stop selling them.",
  })),
];

type SaleItem = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

/** A saved item as its form posts it. */
function saleValues(item: SaleItem) {
  return {
    title: item.title,
    buy_now: centsToInput(item.buy_now),
    quantity: String(item.quantity),
    value: centsToInput(item.value),
    xinv_category_id: item.xinv_category_id ? String(item.xinv_category_id) : "",
    excerpt: item.excerpt ?? "",
    in_person_only: item.in_person_only ? "yes" : "no",
  };
}

function SaleFields({
  fields,
  item,
  categories,
}: {
  fields: Fieldset<typeof saleItemSchema>;
  item: SaleItem | undefined;
  categories: GridOption[];
}) {
  return (
    <>
      <Field label="Name" required meta={fields.title}>
        {(control) => <input {...control} required />}
      </Field>
      <Field label="Price" required meta={fields.buy_now}>
        {(control) => <input {...control} inputMode="decimal" required />}
      </Field>
      <Field
        label="Quantity for sale"
        required
        meta={fields.quantity}
        help={item?.sold ? `${item.sold} sold so far.` : undefined}
      >
        {(control) => <input {...control} inputMode="numeric" required />}
      </Field>
      <Field label="Fair market value" help="For receipts: what the buyer pays above it is a gift." meta={fields.value}>
        {(control) => <input {...control} inputMode="decimal" />}
      </Field>
      <Field label="Category" meta={fields.xinv_category_id}>
        {(control) => (
          <select {...control}>
            <option value="">No category</option>
            <SelectOptions options={categories} />
          </select>
        )}
      </Field>
      <Field label="Short description" meta={fields.excerpt}>
        {(control) => <textarea {...control} rows={2} />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.in_person_only)} />
        Sold in person only (not online)
      </label>
    </>
  );
}

export default function ItemsForSalePage() {
  const { items, currency, categories } = useLoaderData<typeof loader>();
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, currency));
  const columns: GridColumn<SaleItem>[] = [
    { id: "title", header: "Item", value: (row) => row.title },
    {
      id: "buy_now",
      header: "Price",
      value: (row) => (row.buy_now ?? 0) / 100,
      cell: (row) => money(row.buy_now),
      numeric: true,
    },
    { id: "quantity", header: "For sale", value: (row) => row.quantity, numeric: true, filter: false },
    { id: "sold", header: "Sold", value: (row) => row.sold, numeric: true, filter: false },
    { id: "left", header: "Left", value: (row) => Math.max(0, row.quantity - row.sold), numeric: true, filter: false },
    moneyColumn("revenue", "Sales", (row) => money(row.revenue)),
    { id: "category", header: "Category", value: (row) => row.category, filter: "select" },
    {
      id: "value",
      header: "Fair market value",
      value: (row) => (row.value === null ? null : row.value / 100),
      cell: (row) => money(row.value),
      numeric: true,
      hidden: true,
    },
    {
      id: "in_person_only",
      header: "In person only",
      value: (row) => row.in_person_only,
      filter: "select",
      hidden: true,
    },
  ];
  return (
    <AdminList
      title="Items for sale"
      intro="Sold at a fixed price while stock lasts: wine pulls, champagne walls, merchandise, passes."
      label="Items for sale"
      rows={items}
      columns={columns}
      rowId={(row) => row.auction_item_id}
      rowLabel={(row) => row.title}
      bulkActions={bulkActions}
      dialog={{
        form: saleItemDialog,
        newLabel: "New item for sale",
        addLabel: "Put on sale",
        newValues: { quantity: "1" },
        saveLabel: "Save",
        values: saleValues,
        fields: (fields, item) => <SaleFields fields={fields} item={item} categories={categories} />,
      }}
      empty={{ title: "Nothing for sale yet", text: "Add what guests can buy at a fixed price." }}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
