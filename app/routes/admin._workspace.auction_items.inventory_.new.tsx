import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { catalogueOptions, UnknownChoiceError } from "~/catalogue/catalogue-options.server";
import { InventoryForm, type InventoryFormValues } from "~/catalogue/inventory-form";
import { postedInventoryValues, readInventoryForm, type InventoryFormErrors } from "~/catalogue/inventory-form.server";
import { eventQuery, inventoryPath } from "~/catalogue/inventory-paths";
import { createInventory, eventCurrency, nextDisplayOrder } from "~/catalogue/inventory.server";
import { GalleryUploadField, imageGalleryLinks } from "~/images/image-gallery";
import { MAX_GALLERY_UPLOAD } from "~/images/image-gallery-fields";
import { GalleryFullError, galleryUploadField, uploadedGalleryUrls } from "~/images/image-gallery.server";
import { readFormWithImages } from "~/images/upload.server";
import { richTextLinks } from "~/rich-text/rich-text-editor";
import { titleMeta } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";

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

  const read = readInventoryForm(form);
  const errors: InventoryFormErrors = read.ok ? {} : { ...read.errors };
  if (imageErrors[galleryUploadField.name]) errors.images = [imageErrors[galleryUploadField.name]];
  const refuse = (more: InventoryFormErrors = {}) =>
    data({ errors: { ...errors, ...more }, values: postedInventoryValues(form) }, { status: 400 });
  if (!read.ok || errors.images) return refuse();

  let inventoryId: number;
  try {
    inventoryId = await createInventory(eventId, read.input, uploadedGalleryUrls(form));
  } catch (error) {
    if (error instanceof UnknownChoiceError) return refuse({ [error.field]: [error.message] });
    if (error instanceof GalleryFullError) return refuse({ images: [error.message] });
    throw error;
  }
  return redirectWithToast(inventoryPath(eventQuery(eventIdFromQuery(request)), inventoryId), {
    title: `Inventory item “${read.input.title}” created`,
  });
}

export default function NewInventoryItemPage() {
  const { options, currency, displayOrder, eventQuery } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
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
        values={refused?.values ?? blank}
        errors={refused?.errors}
        options={options}
        currency={currency}
        intent={INTENT}
        submitLabel="Create inventory item"
        cancelTo={inventoryPath(eventQuery)}
        multipart
      >
        <GalleryUploadField
          label="Images"
          error={refused?.errors?.images?.[0]}
          help={`JPEG, PNG, WebP or GIF; up to ${MAX_GALLERY_UPLOAD}. The first one chosen is the main image; you can reorder them once the item is saved.`}
        />
      </InventoryForm>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
