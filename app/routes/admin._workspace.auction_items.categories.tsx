import { useLoaderData } from "@remix-run/react";
import { listAction } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { deleteBulkAction } from "~/admin-list/ui/columns";
import { requireEventPermission } from "~/auth/access.server";
import {
  createCategory,
  deleteCategories,
  listCategories,
  updateCategory,
  type CategoryRow,
} from "~/catalogue/categories.server";
import { categoryDialog, categoryFields } from "~/catalogue/category-form";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { InternalNotesField } from "~/ui/record-fields";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

export const meta = titleMeta("Categories · Auction items · Gavel");

/** /admin/auction_items/categories: the organisation's item categories, shared by all its events. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { categories: await listCategories(eventId) };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_edit_auction_items",
    noun: ["category", "categories"],
    dialog: {
      form: categoryDialog,
      create: async ({ eventId }, category) => {
        await createCategory(eventId, category);
        return `Category “${category.title}” created`;
      },
    },
    inline: {
      rules: categoryFields,
      save: ({ eventId, id }, field, value) => updateCategory(eventId, id, { [field]: value }),
    },
    bulk: {
      delete: async ({ eventId, ids }) => {
        const deleted = await deleteCategories(eventId, ids);
        return deleted === 1 ? "Category deleted" : `${deleted} categories deleted`;
      },
    },
  });
}

const columns: GridColumn<CategoryRow>[] = [
  { id: "title", header: "Name", value: (row) => row.title, edit: { type: "text", rule: categoryFields.title } },
  { id: "item_count", header: "Items", value: (row) => row.item_count, numeric: true, filter: false },
  {
    id: "internal_notes",
    header: "Internal notes",
    value: (row) => row.internal_notes,
    edit: { type: "text", rule: categoryFields.internal_notes },
  },
];

const bulkActions: GridBulkAction[] = [
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this category?" : `Delete ${count} categories?`,
    description: "Categories still used by items are not deleted: move their items to another category first.",
  })),
];

export default function CategoriesPage() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <AdminList
      title="Categories"
      intro="How items are grouped for bidders (Travel, Dining, Experiences…). Shared by all your organisation's events."
      label="Categories"
      rows={categories}
      columns={columns}
      rowId={(row) => row.category_id}
      rowLabel={(row) => row.title}
      bulkActions={bulkActions}
      dialog={{
        form: categoryDialog,
        newLabel: "New category",
        newDescription: "Categories group items on the bidding pages and in reports. All your events share them.",
        addLabel: "Create category",
        fields: (fields) => (
          <>
            <Field label="Name" required meta={fields.title}>
              {(control) => <input {...control} required />}
            </Field>
            <InternalNotesField meta={fields.internal_notes} />
          </>
        ),
      }}
      empty={{
        title: "No categories yet",
        text: "Create the categories your items will be grouped in, such as Travel, Dining or Experiences.",
      }}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
