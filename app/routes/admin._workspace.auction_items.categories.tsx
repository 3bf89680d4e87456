import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import {
  CategoryInUseError,
  createCategory,
  deleteCategories,
  DuplicateCategoryError,
  listCategories,
  updateCategory,
  type CategoryRow,
} from "~/catalogue/categories.server";
import { categoryInlineFields, categorySchema } from "~/catalogue/category-form.server";
import { DataGrid } from "~/grid/data-grid";
import {
  inlineEditSaved,
  readInlineEdit,
  readSelectedIds,
  refuseBulk,
  refuseInlineEdit,
} from "~/grid/grid-forms.server";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormDialog, type DialogRefusal } from "~/ui/form-dialog";
import { redirectWithToast } from "~/ui/toast.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Categories · Auction items · Gavel" },
];

/** /admin/auction_items/categories: the organisation's item categories, shared by all its events. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return { categories: await listCategories(eventId) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const form = await request.formData();
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const here = url.pathname + url.search;

  switch (form.get("intent")) {
    case "create": {
      const values = {
        title: String(form.get("title") ?? ""),
        internal_notes: String(form.get("internal_notes") ?? ""),
      };
      const parsed = categorySchema.safeParse(values);
      if (!parsed.success)
        return refuseDialog({ dialog: "new-category", fieldErrors: parsed.error.flatten().fieldErrors, values });
      try {
        await createCategory(eventId, parsed.data);
      } catch (error) {
        if (!(error instanceof DuplicateCategoryError)) throw error;
        return refuseDialog({ dialog: "new-category", fieldErrors: { title: [error.message] }, values });
      }
      return redirectWithToast(here, { title: `Category “${parsed.data.title}” created` });
    }

    case "inline-edit": {
      const edit = readInlineEdit(form);
      if (!edit || !(edit.field in categoryInlineFields))
        throw new Response("This edit is not one the grid makes.", { status: 400 });
      const rule = categoryInlineFields[edit.field as keyof typeof categoryInlineFields];
      const parsed = rule.safeParse(edit.value);
      if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
      try {
        const found = await updateCategory(eventId, edit.id, { [edit.field]: parsed.data });
        if (!found) return refuseInlineEdit(edit, "This category no longer exists. Reload the page.");
      } catch (error) {
        if (!(error instanceof DuplicateCategoryError)) throw error;
        return refuseInlineEdit(edit, error.message);
      }
      return inlineEditSaved();
    }

    case "delete": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the categories to delete first.");
      try {
        const deleted = await deleteCategories(eventId, ids);
        return redirectWithToast(here, { title: deleted === 1 ? "Category deleted" : `${deleted} categories deleted` });
      } catch (error) {
        if (!(error instanceof CategoryInUseError)) throw error;
        return refuseBulk(`Nothing was deleted. ${error.message}`);
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

function refuseDialog(refusal: DialogRefusal) {
  return data(refusal, { status: 400 });
}

const columns: GridColumn<CategoryRow>[] = [
  { id: "title", header: "Name", value: (row) => row.title, edit: { type: "text", maxLength: 80 } },
  { id: "item_count", header: "Items", value: (row) => row.item_count, numeric: true, filter: false },
  {
    id: "internal_notes",
    header: "Internal notes",
    value: (row) => row.internal_notes,
    edit: { type: "text", maxLength: 2000 },
  },
];

const bulkActions: GridBulkAction[] = [
  {
    intent: "delete",
    label: "Delete",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Delete this category?" : `Delete ${count} categories?`,
      description: "Categories still used by items are not deleted: move their items to another category first.",
    }),
  },
];

export default function CategoriesPage() {
  const { categories } = useLoaderData<typeof loader>();
  const newCategory = (
    <FormDialog
      name="new-category"
      trigger="New category"
      triggerVariant="primary"
      title="New category"
      description="Categories group items on the bidding pages and in reports. All your events share them."
      submitLabel="Create category"
      fields={{ intent: "create" }}
    >
      {(refusal) => (
        <>
          <Field label="Name" required error={refusal?.fieldErrors?.title?.[0]}>
            {(control) => (
              <input {...control} name="title" required maxLength={80} defaultValue={refusal?.values?.title ?? ""} />
            )}
          </Field>
          <Field
            label="Internal notes"
            help="Only your team sees these."
            error={refusal?.fieldErrors?.internal_notes?.[0]}
          >
            {(control) => (
              <textarea
                {...control}
                name="internal_notes"
                rows={3}
                defaultValue={refusal?.values?.internal_notes ?? ""}
              />
            )}
          </Field>
        </>
      )}
    </FormDialog>
  );

  return (
    <>
      <div className="page-header">
        <h1>Categories</h1>
        <p>
          How items are grouped for bidders (Travel, Dining, Experiences…). Shared by all your organisation's events.
        </p>
      </div>
      <DataGrid
        label="Categories"
        rows={categories}
        columns={columns}
        rowId={(row) => String(row.category_id)}
        rowLabel={(row) => row.title}
        bulkActions={bulkActions}
        actions={newCategory}
        empty={
          <EmptyState
            title="No categories yet"
            text="Create the categories your items will be grouped in, such as Travel, Dining or Experiences."
            action={newCategory}
          />
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
