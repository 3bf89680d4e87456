import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { deleteItems, ItemsWithBidsError } from "~/catalogue/auction-items.server";
import {
  CategoryNotFoundError,
  createSaleItem,
  listSaleItems,
  StockBelowSoldError,
  updateSaleItem,
  type SaleItemInput,
} from "~/catalogue/sale-items.server";
import { categoriesArea } from "~/data-areas/catalogue.server";
import { eventSettings } from "~/events/event-settings.server";
import { DataGrid } from "~/grid/data-grid";
import { readSelectedIds, refuseBulk } from "~/grid/grid-forms.server";
import { RowDialog, RowDialogAbove } from "~/grid/row-dialog";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormDialog, type DialogRefusal } from "~/ui/form-dialog";
import { formatMoney } from "~/ui/format";
import { centsToInput, moneyField } from "~/ui/money-input";
import { redirectWithToast } from "~/ui/toast.server";
import type { GridBulkAction, GridColumn, GridOption } from "~/grid/grid-types";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Items for sale · Auction items · Gavel" },
];

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

const saleSchema = z.object({
  title: z.string().trim().min(1, "Give the item a name.").max(200, "Keep the name to 200 characters."),
  buy_now: moneyField({ required: true, label: "The price" }).refine(
    (cents) => typeof cents !== "number" || cents > 0,
    "The price must be more than zero.",
  ),
  quantity: z
    .string()
    .trim()
    .refine(
      (value) => /^\d{1,6}$/.test(value) && Number(value) >= 1,
      "How many are for sale: a whole number of at least 1.",
    )
    .transform(Number),
  value: moneyField(),
  xinv_category_id: z
    .string()
    .refine((value) => value === "" || /^\d+$/.test(value), "Choose a category from the list.")
    .transform((value) => (value === "" ? null : Number(value))),
  excerpt: z
    .string()
    .trim()
    .max(500, "Keep the description to 500 characters.")
    .transform((value) => value || null),
  in_person_only: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

const FIELDS = ["title", "buy_now", "quantity", "value", "xinv_category_id", "excerpt", "in_person_only"] as const;

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const form = await request.formData();
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const here = url.pathname + url.search;
  const intent = form.get("intent");

  if (intent === "create" || intent === "update") {
    const dialog = String(form.get("dialog") ?? "");
    const values: Record<string, string> = Object.fromEntries(
      FIELDS.map((name) => [name, String(form.get(name) ?? "")]),
    );
    if (!form.has("in_person_only")) delete values.in_person_only;
    const parsed = saleSchema.safeParse(values);
    if (!parsed.success)
      return data<DialogRefusal>({ dialog, fieldErrors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
    const input = parsed.data as SaleItemInput;
    try {
      if (intent === "create") {
        await createSaleItem(eventId, input);
        return redirectWithToast(here, { title: `“${input.title}” is for sale` });
      }
      const id = z.coerce.number().int().positive().safeParse(form.get("id"));
      if (!id.success || !(await updateSaleItem(eventId, id.data, input))) {
        return data<DialogRefusal>(
          { dialog, formError: "This item no longer exists. Reload the page.", values },
          { status: 400 },
        );
      }
      return redirectWithToast(here, { title: `“${input.title}” saved` });
    } catch (error) {
      if (error instanceof StockBelowSoldError)
        return data<DialogRefusal>({ dialog, fieldErrors: { quantity: [error.message] }, values }, { status: 400 });
      if (error instanceof CategoryNotFoundError)
        return data<DialogRefusal>(
          { dialog, fieldErrors: { xinv_category_id: [error.message] }, values },
          { status: 400 },
        );
      throw error;
    }
  }

  if (intent !== "delete") throw new Response("This form does not say what to do.", { status: 400 });
  const ids = readSelectedIds(form);
  if (!ids) return refuseBulk("Select the items to delete first.");
  // Only this screen's items: an id of another type of item is ignored.
  const mine = new Set((await listSaleItems(eventId)).map((item) => item.auction_item_id));
  try {
    const deleted = await deleteItems(
      eventId,
      ids.filter((id) => mine.has(id)),
    );
    return redirectWithToast(here, { title: deleted === 1 ? "Item deleted" : `${deleted} items deleted` });
  } catch (error) {
    if (!(error instanceof ItemsWithBidsError)) throw error;
    return refuseBulk(`Nothing was deleted. ${error.message}`);
  }
}

const bulkActions: GridBulkAction[] = [
  {
    intent: "delete",
    label: "Delete",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Delete this item?" : `Delete ${count} items?`,
      description: "Items already sold are never deleted; set their quantity to what was sold to stop selling them.",
    }),
  },
];

type SaleItem = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

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
    {
      id: "revenue",
      header: "Sales",
      value: (row) => row.revenue / 100,
      cell: (row) => money(row.revenue),
      numeric: true,
      filter: false,
    },
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
    {
      id: "edit",
      header: "Edit",
      value: () => null,
      filter: false,
      noExport: true,
      cell: (row) => <SaleDialog item={row} categories={categories} />,
    },
  ];
  return (
    <>
      <div className="page-header">
        <h1>Items for sale</h1>
        <p>Sold at a fixed price while stock lasts: wine pulls, champagne walls, merchandise, passes.</p>
      </div>
      <RowDialogAbove
        rows={items}
        dialogName={(row) => `edit-sale-${row.auction_item_id}`}
        render={(row) => <SaleDialog item={row} categories={categories} above />}
      />
      <DataGrid
        label="Items for sale"
        rows={items}
        columns={columns}
        rowId={(row) => String(row.auction_item_id)}
        rowLabel={(row) => row.title}
        bulkActions={bulkActions}
        actions={<SaleDialog categories={categories} />}
        empty={
          <EmptyState
            title="Nothing for sale yet"
            text="Add what guests can buy at a fixed price."
            action={<SaleDialog categories={categories} />}
          />
        }
      />
    </>
  );
}

function SaleDialog({
  item,
  categories,
  above = false,
}: {
  item?: SaleItem;
  categories: GridOption[];
  above?: boolean;
}) {
  // An edit dialog sits in a grid cell; `above`: its copy shown above the grid without JavaScript.
  const Dialog = item && !above ? RowDialog : FormDialog;
  return (
    <Dialog
      name={item ? `edit-sale-${item.auction_item_id}` : "new-sale"}
      trigger={item ? "Edit" : "New item for sale"}
      triggerLabel={item ? `Edit ${item.title}` : undefined}
      triggerVariant={item ? "ghost" : "primary"}
      title={item ? `Edit ${item.title}` : "New item for sale"}
      submitLabel={item ? "Save" : "Put on sale"}
      fields={item ? { intent: "update", id: String(item.auction_item_id) } : { intent: "create" }}
    >
      {(refusal) => {
        const value = (field: string, saved: string) => refusal?.values?.[field] ?? saved;
        const error = (field: string) => refusal?.fieldErrors?.[field]?.[0];
        return (
          <>
            <Field label="Name" required error={error("title")}>
              {(control) => (
                <input
                  {...control}
                  name="title"
                  required
                  maxLength={200}
                  defaultValue={value("title", item?.title ?? "")}
                />
              )}
            </Field>
            <Field label="Price" required error={error("buy_now")}>
              {(control) => (
                <input
                  {...control}
                  name="buy_now"
                  inputMode="decimal"
                  required
                  defaultValue={value("buy_now", centsToInput(item?.buy_now))}
                />
              )}
            </Field>
            <Field
              label="Quantity for sale"
              required
              error={error("quantity")}
              help={item?.sold ? `${item.sold} sold so far.` : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  name="quantity"
                  inputMode="numeric"
                  required
                  defaultValue={value("quantity", String(item?.quantity ?? 1))}
                />
              )}
            </Field>
            <Field
              label="Fair market value"
              help="For receipts: what the buyer pays above it is a gift."
              error={error("value")}
            >
              {(control) => (
                <input
                  {...control}
                  name="value"
                  inputMode="decimal"
                  defaultValue={value("value", centsToInput(item?.value))}
                />
              )}
            </Field>
            <Field label="Category" error={error("xinv_category_id")}>
              {(control) => (
                <select
                  {...control}
                  name="xinv_category_id"
                  defaultValue={value("xinv_category_id", item?.xinv_category_id ? String(item.xinv_category_id) : "")}
                >
                  <option value="">No category</option>
                  {categories.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Short description" error={error("excerpt")}>
              {(control) => (
                <textarea {...control} name="excerpt" rows={2} defaultValue={value("excerpt", item?.excerpt ?? "")} />
              )}
            </Field>
            <label className="checkbox">
              <input
                type="checkbox"
                name="in_person_only"
                defaultChecked={
                  refusal?.values ? refusal.values.in_person_only === "on" : (item?.in_person_only ?? false)
                }
              />
              Sold in person only (not online)
            </label>
          </>
        );
      }}
    </Dialog>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
