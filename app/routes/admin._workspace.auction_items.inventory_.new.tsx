import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { catalogueOptions } from "~/catalogue/catalogue-options.server";
import { INVENTORY_FORM, INVENTORY_INTENT, inventorySchema } from "~/catalogue/inventory-fields";
import { eventQuery, inventoryPath } from "~/catalogue/inventory-paths";
import { createInventory, nextDisplayOrder } from "~/catalogue/inventory.server";
import { InventoryForm, type InventoryFormValues } from "~/catalogue/ui/inventory-form";
import { eventCurrency } from "~/events/event-currency.server";
import { replyFor } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { MAX_GALLERY_UPLOAD } from "~/images/image-gallery-fields";
import { galleryUploadField, uploadedGalleryUrls } from "~/images/image-gallery.server";
import { GalleryUploadField, imageGalleryLinks } from "~/images/ui/image-gallery";
import { readFormWithImages } from "~/images/upload.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("New inventory item · Auction items · Gavel");

export const links: LinksFunction = () => [...richTextLinks(), ...imageGalleryLinks()];

/** /admin/auction_items/inventory/new: a procured item, with its first images. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  return {
    options: await catalogueOptions(eventId),
    currency: await eventCurrency(eventId),
    displayOrder: await nextDisplayOrder(eventId),
    eventQuery: eventQuery(eventIdFromQuery(request)),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  let imageErrors: Record<string, string> = {};
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_edit_auction_items"),
    readForm: async (request) => {
      const read = await readFormWithImages(request, [galleryUploadField]);
      imageErrors = read.imageErrors;
      return read.form;
    },
    intents: (intent) => ({
      [INVENTORY_INTENT.create]: intent({
        formId: INVENTORY_FORM,
        schema: inventorySchema,
        otherErrors: (): Record<string, string[]> => {
          const uploadRefusal = imageErrors[galleryUploadField.name];
          return uploadRefusal ? { images: [uploadRefusal] } : {};
        },
        run: async ({ eventId, form, request }, input) => {
          // A choice not the organisation's, or too many images: a Refusal beside its field.
          const inventoryId = await createInventory(eventId, input, uploadedGalleryUrls(form));
          return redirectWithToast(inventoryPath(eventQuery(eventIdFromQuery(request)), inventoryId), {
            title: `Inventory item “${input.title}” created`,
          });
        },
      }),
    }),
  });
}

export default function NewInventoryItemPage() {
  const { options, currency, displayOrder, eventQuery } = useLoaderData<typeof loader>();
  const reply = useActionData<unknown>();
  const blank: InventoryFormValues = {
    title: "",
    description: "",
    tag: "",
    value: "",
    donor_id: "",
    category_id: "",
    staff_id: "",
    disclaimer: "",
    internal_notes: "",
    display_order: String(displayOrder),
  };
  return (
    <>
      <div className="page-header">
        <h1>New inventory item</h1>
        <p>Something procured for the event. Once saved, it can go into an auction item.</p>
      </div>
      <InventoryForm
        values={blank}
        reply={reply}
        options={options}
        currency={currency}
        intent={INVENTORY_INTENT.create}
        submitLabel="Create inventory item"
        cancelTo={inventoryPath(eventQuery)}
        multipart
      >
        <GalleryUploadField
          label="Images"
          error={replyFor(reply, INVENTORY_FORM)?.error?.images?.[0]}
          help={`JPEG, PNG, WebP or GIF; up to ${MAX_GALLERY_UPLOAD}. The first one chosen is the main image; you can reorder them once the item is saved.`}
        />
      </InventoryForm>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
