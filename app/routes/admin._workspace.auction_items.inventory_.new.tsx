import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { catalogueOptions } from "~/catalogue/catalogue-options.server";
import { INVENTORY_FORM, inventorySchema } from "~/catalogue/inventory-fields";
import { eventQuery, inventoryPath } from "~/catalogue/inventory-paths";
import { createInventory, eventCurrency, nextDisplayOrder } from "~/catalogue/inventory.server";
import { InventoryForm, type InventoryFormValues } from "~/catalogue/ui/inventory-form";
import { parseForm, replyFor } from "~/forms/form-contract";
import { answerForm } from "~/forms/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { MAX_GALLERY_UPLOAD } from "~/images/image-gallery-fields";
import { galleryUploadField, uploadedGalleryUrls } from "~/images/image-gallery.server";
import { GalleryUploadField, imageGalleryLinks } from "~/images/ui/image-gallery";
import { readFormWithImages } from "~/images/upload.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("New inventory item · Auction items · Gavel");

export const links: LinksFunction = () => [...richTextLinks(), ...imageGalleryLinks()];

const INTENT = "create";

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
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const { form, imageErrors } = await readFormWithImages(request, [galleryUploadField]);
  if (form.get("intent") !== INTENT) throw new Response("This form does not say what to do.", { status: 400 });
  const uploadRefusal = imageErrors[galleryUploadField.name];
  return answerForm(
    INVENTORY_FORM,
    parseForm(form, inventorySchema),
    async (input) => {
      // A choice not the organisation's, or too many images: a Refusal beside its field.
      const inventoryId = await createInventory(eventId, input, uploadedGalleryUrls(form));
      return redirectWithToast(inventoryPath(eventQuery(eventIdFromQuery(request)), inventoryId), {
        title: `Inventory item “${input.title}” created`,
      });
    },
    uploadRefusal ? { images: [uploadRefusal] } : {},
  );
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
        intent={INTENT}
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
