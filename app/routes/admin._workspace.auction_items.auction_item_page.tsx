import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import {
  postedAuctionItemValues,
  readAuctionItemForm,
  type AuctionItemField,
  type AuctionItemFormErrors,
  type AuctionItemInput,
} from "~/catalogue/auction-item-form.server";
import { auctionItemScreen } from "~/catalogue/auction-item-page.server";
import { auctionItemPagePath, listPathOf } from "~/catalogue/auction-item-paths";
import {
  addInventoryToItem,
  createAuctionItem,
  getAuctionItem,
  InventoryUnavailableError,
  ItemHasBidsError,
  lockAuctionItem,
  removeInventoryFromItem,
  updateAuctionItem,
  applyInventorySum,
} from "~/catalogue/auction-item.server";
import { deleteItems, DuplicateLotError, ItemsWithBidsError } from "~/catalogue/auction-items.server";
import { UnknownChoiceError } from "~/catalogue/catalogue-options.server";
import { ITEM_STATUSES } from "~/catalogue/item-rules";
import { AuctionItemPage, ITEM_INVENTORY_FORM } from "~/catalogue/ui/auction-item-page";
import { Refusal } from "~/forms/refusal";
import { refuseForm } from "~/forms/reply.server";
import { readSelectedIds } from "~/grid/grid-forms.server";
import { imageGalleryLinks } from "~/images/image-gallery";
import {
  answerGallery,
  GalleryFullError,
  galleryUploadField,
  runGalleryIntent,
  uploadedGalleryUrls,
} from "~/images/image-gallery.server";
import { chosenImageUrl, readFormWithImages } from "~/images/upload.server";
import { richTextLinks } from "~/rich-text/rich-text-editor";
import { DELETE_FORM } from "~/ui/delete-section";
import { titleMeta } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";

export const meta = titleMeta<typeof loader>(
  (data) => `${data.item ? data.item.title : "New auction item"} · Auction items · Gavel`,
);

export const links: LinksFunction = () => [...richTextLinks(), ...imageGalleryLinks()];

const FEATURED_IMAGE = "featured_image";

/** `?item=<auction_item_id>`: the item to edit; absent, a new one. Anything else is no page at all. */
function itemIdOf(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("item");
  if (raw === null) return null;
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new Response("There is no such auction item.", { status: 404 });
  return Number(raw);
}

/**
 * /admin/auction_items/auction_item_page (a sibling screen of /admin/auction_items): every field of one
 * auction item (`?item=<id>`), or a new one (`?type=live` preselects its type), with its images and the inventory
 * it bundles.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const asked = new URL(request.url).searchParams.get("type") ?? undefined;
  return auctionItemScreen(eventId, { itemId: itemIdOf(request), queryEvent: eventIdFromQuery(request), asked });
}

/** The status must be one of the list, or the one the item has now (set by the auction, say). */
function statusProblem(input: AuctionItemInput, current: string | null): string | null {
  return (ITEM_STATUSES as readonly string[]).includes(input.status) || input.status === current
    ? null
    : "Choose draft, published or withdrawn.";
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const itemId = itemIdOf(request);
  const queryEvent = eventIdFromQuery(request);
  const { form, imageErrors } = await readFormWithImages(request, [galleryUploadField, FEATURED_IMAGE]);
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const intent = form.get("intent");

  if (itemId !== null) {
    const gallery = await runGalleryIntent({
      kind: "auction_item",
      intent,
      form,
      imageErrors,
      lockOwner: async (tx) => (await lockAuctionItem(tx, eventId, itemId)).auction_item_id,
    });
    if (gallery) return answerGallery(gallery, here);
  }

  switch (intent) {
    case "save": {
      const read = readAuctionItemForm(form);
      const errors: AuctionItemFormErrors = read.ok ? {} : { ...read.errors };
      if (imageErrors[FEATURED_IMAGE]) errors.featured_image = [imageErrors[FEATURED_IMAGE]];
      if (itemId === null && imageErrors[galleryUploadField.name])
        errors.images = [imageErrors[galleryUploadField.name]];
      const refuse = (more: AuctionItemFormErrors = {}) =>
        data({ errors: { ...errors, ...more }, values: postedAuctionItemValues(form) }, { status: 400 });
      if (!read.ok || Object.keys(errors).length > 0) return refuse();
      const input = read.input;

      try {
        if (itemId === null) {
          const status = statusProblem(input, null);
          if (status) return refuse({ status: [status] });
          const created = await createAuctionItem(eventId, input, {
            featuredImage: chosenImageUrl(form, FEATURED_IMAGE, null),
            imageUrls: uploadedGalleryUrls(form),
          });
          return redirectWithToast(auctionItemPagePath(queryEvent, { item: created }), {
            title: `Auction item “${input.title}” created`,
          });
        }
        const current = await getAuctionItem(eventId, itemId);
        if (!current) throw new Response("This event has no such auction item.", { status: 404 });
        const status = statusProblem(input, current.status);
        if (status) return refuse({ status: [status] });
        await updateAuctionItem(eventId, itemId, input, (saved) => chosenImageUrl(form, FEATURED_IMAGE, saved));
      } catch (error) {
        if (error instanceof DuplicateLotError) {
          return refuse({
            lot: [`Lot ${error.lot} is already taken by another item of this event. Choose another number.`],
          });
        }
        if (error instanceof UnknownChoiceError) return refuse({ [`xinv_${error.field}`]: [error.message] });
        if (error instanceof Refusal) return refuse({ [(error.field ?? "form") as AuctionItemField]: [error.message] });
        if (error instanceof GalleryFullError) return refuse({ images: [error.message] });
        throw error;
      }
      return redirectWithToast(here, { title: `“${input.title}” saved` });
    }

    case "delete": {
      if (itemId === null) throw new Response("There is no item to delete.", { status: 400 });
      const current = await getAuctionItem(eventId, itemId);
      if (!current) throw new Response("This event has no such auction item.", { status: 404 });
      try {
        await deleteItems(eventId, [itemId]);
      } catch (error) {
        if (!(error instanceof ItemsWithBidsError)) throw error;
        return refuseForm(DELETE_FORM, `This item was not deleted. ${error.message}`);
      }
      return redirectWithToast(listPathOf(queryEvent, current.type).to, { title: `“${current.title}” deleted` });
    }

    case "add-inventory":
    case "remove-inventory":
    case "use-sum": {
      if (itemId === null) throw new Response("Save the item first.", { status: 400 });
      try {
        if (intent === "use-sum") {
          const sum = await applyInventorySum(eventId, itemId);
          if (sum === null)
            return refuseForm(ITEM_INVENTORY_FORM, "Its inventory has no values to add up: nothing was changed.");
          return redirectWithToast(here, { title: "The value is now the sum of its inventory" });
        }
        const ids = readSelectedIds(form);
        if (!ids) {
          return refuseForm(
            ITEM_INVENTORY_FORM,
            intent === "add-inventory" ? "Choose the inventory items to add first." : "Choose what to take out first.",
          );
        }
        if (intent === "add-inventory") {
          const added = await addInventoryToItem(eventId, itemId, ids);
          return redirectWithToast(here, {
            title: added === 1 ? "1 inventory item added" : `${added} inventory items added`,
          });
        }
        const removed = await removeInventoryFromItem(eventId, itemId, ids);
        return redirectWithToast(here, {
          title: removed === 1 ? "1 inventory item taken out" : `${removed} inventory items taken out`,
        });
      } catch (error) {
        if (error instanceof InventoryUnavailableError || error instanceof ItemHasBidsError) {
          return refuseForm(ITEM_INVENTORY_FORM, error.message);
        }
        throw error;
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

export default function AuctionItemRoute() {
  return <AuctionItemPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
