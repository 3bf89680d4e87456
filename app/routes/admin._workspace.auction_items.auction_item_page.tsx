import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { auctionItemScreen } from "~/catalogue/auction-item-page.server";
import { auctionItemPagePath, listPathOf } from "~/catalogue/auction-item-paths";
import { AUCTION_ITEM_FORM, auctionItemSchema, type AuctionItemInput } from "~/catalogue/auction-item-schema";
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
import { parseForm } from "~/forms/form-contract";
import { Refusal } from "~/forms/refusal";
import { answerForm, answerOutcome, refuseForm } from "~/forms/reply.server";
import { readSelectedIds } from "~/grid/grid-forms.server";
import { redirectWithToast } from "~/http/toast.server";
import { GALLERY_FORM } from "~/images/image-gallery-fields";
import { galleryUploadField, runGalleryIntent, uploadedGalleryUrls } from "~/images/image-gallery.server";
import { imageGalleryLinks } from "~/images/ui/image-gallery";
import { chosenImageUrl, readFormWithImages } from "~/images/upload.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { DELETE_FORM } from "~/ui/delete-section";
import { titleMeta } from "~/ui/error-page";

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
function refuseStatus(input: AuctionItemInput, current: string | null) {
  if (!(ITEM_STATUSES as readonly string[]).includes(input.status) && input.status !== current)
    throw new Refusal("Choose draft, published or withdrawn.", "status");
}

/** The domain's refusals about the item's fields, on the form's fields (its choices are named `xinv_…` here). */
function onItemField(error: unknown) {
  if (error instanceof DuplicateLotError)
    return new Refusal(
      `Lot ${error.lot} is already taken by another item of this event. Choose another number.`,
      "lot",
    );
  if (error instanceof UnknownChoiceError) return new Refusal(error.message, `xinv_${error.field}`);
  return error;
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
    if (gallery) return answerOutcome(GALLERY_FORM, gallery, here);
  }

  switch (intent) {
    case "save": {
      const uploadErrors: Record<string, string[]> = {};
      if (imageErrors[FEATURED_IMAGE]) uploadErrors[FEATURED_IMAGE] = [imageErrors[FEATURED_IMAGE]];
      if (itemId === null && imageErrors[galleryUploadField.name])
        uploadErrors[galleryUploadField.name] = [imageErrors[galleryUploadField.name]];
      const submission = parseForm(form, auctionItemSchema);
      return answerForm(
        AUCTION_ITEM_FORM,
        submission,
        async (input) => {
          try {
            if (itemId === null) {
              refuseStatus(input, null);
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
            refuseStatus(input, current.status);
            await updateAuctionItem(eventId, itemId, input, (saved) => chosenImageUrl(form, FEATURED_IMAGE, saved));
            return redirectWithToast(here, { title: `“${input.title}” saved` });
          } catch (error) {
            throw onItemField(error);
          }
        },
        uploadErrors,
      );
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
