import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { catalogueOptions } from "~/catalogue/catalogue-options.server";
import { INVENTORY_FORM, INVENTORY_INTENT, inventorySchema } from "~/catalogue/inventory-fields";
import { eventQuery, inventoryPath } from "~/catalogue/inventory-paths";
import {
  auctionItemName,
  deleteInventory,
  getInventoryItem,
  InventoryHasBidsError,
  lockInventory,
  updateInventory,
} from "~/catalogue/inventory.server";
import { InventoryForm, type InventoryFormValues } from "~/catalogue/ui/inventory-form";
import { eventCurrency } from "~/events/event-currency.server";
import { intentAction } from "~/forms/intent-action.server";
import { refuseForm } from "~/forms/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { galleryIntents } from "~/images/gallery-intents.server";
import { galleryUploadField } from "~/images/image-gallery.server";
import { ImageGallery, imageGalleryLinks } from "~/images/ui/image-gallery";
import { readFormWithImages } from "~/images/upload.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { DELETE_FORM, DELETE_INTENT, DeleteSection } from "~/ui/delete-section";
import { titleMeta } from "~/ui/error-page";
import { centsToInput } from "~/ui/money-input";

export const meta = titleMeta<typeof loader>((data) => `${data.item.title} · Inventory · Gavel`);

export const links: LinksFunction = () => [...richTextLinks(), ...imageGalleryLinks()];

/** The id in the address; anything else is no page at all. */
function inventoryIdOf(params: LoaderFunctionArgs["params"]): number {
  const id = params.inventoryId ?? "";
  if (!/^[1-9]\d{0,8}$/.test(id)) throw new Response("There is no such inventory item.", { status: 404 });
  return Number(id);
}

/** /admin/auction_items/inventory/<inventory_id>: every detail of one procured item, and its images in order. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const item = await getInventoryItem(eventId, inventoryIdOf(params));
  if (!item) throw new Response("This event has no such inventory item.", { status: 404 });
  const values: InventoryFormValues = {
    title: item.title,
    description: sanitizeRichText(item.description ?? ""),
    tag: item.tag ?? "",
    value: centsToInput(item.value),
    donor_id: item.donor_id === null ? "" : String(item.donor_id),
    category_id: item.category_id === null ? "" : String(item.category_id),
    staff_id: item.staff_id === null ? "" : String(item.staff_id),
    disclaimer: item.disclaimer ?? "",
    internal_notes: item.internal_notes ?? "",
    display_order: String(item.display_order),
  };
  return {
    item: {
      inventory_id: item.inventory_id,
      title: item.title,
      auctionItem:
        item.auction_item_id === null ? null : auctionItemName(item.auction_item_lot, item.auction_item_title ?? ""),
      images: item.images,
    },
    values,
    options: await catalogueOptions(eventId),
    currency: await eventCurrency(eventId),
    eventQuery: eventQuery(eventIdFromQuery(request)),
  };
}

/** Save the item's details, delete it; its images (the gallery). */
export async function action({ request, params }: ActionFunctionArgs) {
  let imageErrors: Record<string, string> = {};
  return intentAction(request, {
    access: async (request) => {
      const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
      return { eventId, inventoryId: inventoryIdOf(params) };
    },
    readForm: async (request) => {
      const read = await readFormWithImages(request, [galleryUploadField]);
      imageErrors = read.imageErrors;
      return read.form;
    },
    intents: (intent) => ({
      ...galleryIntents(intent, ({ eventId, inventoryId }) => ({
        kind: "inventory",
        imageErrors,
        lockOwner: (tx) => lockInventory(tx, eventId, inventoryId),
      })),
      [INVENTORY_INTENT.save]: intent({
        formId: INVENTORY_FORM,
        schema: inventorySchema,
        run: async ({ eventId, inventoryId }, input) => {
          const found = await updateInventory(eventId, inventoryId, input); // a choice not the organisation's: a Refusal
          if (!found) throw new Response("This event has no such inventory item.", { status: 404 });
          return `“${input.title}” saved`;
        },
      }),
      [DELETE_INTENT]: intent({
        formId: DELETE_FORM,
        schema: z.object({}),
        run: async ({ eventId, inventoryId, request }) => {
          try {
            const deleted = await deleteInventory(eventId, [inventoryId]);
            if (deleted === 0) throw new Response("This event has no such inventory item.", { status: 404 });
          } catch (error) {
            if (!(error instanceof InventoryHasBidsError)) throw error;
            return refuseForm(DELETE_FORM, `This item was not deleted. ${error.message}`);
          }
          return redirectWithToast(inventoryPath(eventQuery(eventIdFromQuery(request))), {
            title: "Inventory item deleted",
          });
        },
      }),
    }),
  });
}

export default function InventoryItemPage() {
  const { item, values, options, currency, eventQuery } = useLoaderData<typeof loader>();
  const reply = useActionData<unknown>();

  return (
    <>
      <div className="page-header">
        <h1>{item.title}</h1>
        <p>{item.auctionItem ? `Part of ${item.auctionItem}.` : "Not yet in an auction item."}</p>
      </div>
      <div className="stack stack--loose">
        <InventoryForm
          // The form starts afresh when the saved item changes (another item, a save): its fields take their values
          // when it mounts. A reload with the same values (a gallery move) keeps what is being typed.
          key={`${item.inventory_id}:${JSON.stringify(values)}`}
          values={values}
          reply={reply}
          options={options}
          currency={currency}
          intent={INVENTORY_INTENT.save}
          submitLabel="Save"
          cancelTo={inventoryPath(eventQuery)}
        />
        <ImageGallery
          images={item.images}
          itemTitle={item.title}
          help="Bidders see them in this order; the first is the main image, shown in lists."
        />
        <DeleteSection
          trigger="Delete this inventory item"
          title={`Delete “${item.title}”?`}
          description="Its details and images go for good. An item in an auction item that has bids is not deleted."
        />
      </div>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
