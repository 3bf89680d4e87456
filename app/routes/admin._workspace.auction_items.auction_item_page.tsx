import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { auctionItemScreen } from "~/catalogue/auction-item-page.server";
import { auctionItemPagePath, listPathOf } from "~/catalogue/auction-item-paths";
import {
  AUCTION_ITEM_FORM,
  AUCTION_ITEM_INTENT,
  auctionItemSchema,
  type AuctionItemInput,
} from "~/catalogue/auction-item-schema";
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
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm } from "~/forms/reply.server";
import { readSelectedIds } from "~/grid/grid-forms.server";
import { redirectWithToast } from "~/http/toast.server";
import { galleryIntents } from "~/images/gallery-intents.server";
import { galleryUploadField, uploadedGalleryUrls } from "~/images/image-gallery.server";
import { imageGalleryLinks } from "~/images/ui/image-gallery";
import { chosenImageUrl, readFormWithImages, type FormWithImages } from "~/images/upload.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { DELETE_FORM, DELETE_INTENT } from "~/ui/delete-section";
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

/**
 * Save the item (new or not), delete it; add inventory to it, take some out, take their sum as its value; its
 * images (a saved item's gallery).
 */
export async function action({ request }: ActionFunctionArgs) {
  let read: FormWithImages = { form: new FormData(), imageErrors: {} };
  return intentAction(request, {
    access: async (request) => {
      const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
      return { eventId, itemId: itemIdOf(request), queryEvent: eventIdFromQuery(request) };
    },
    readForm: async (request) => (read = await readFormWithImages(request, [galleryUploadField, FEATURED_IMAGE])).form,
    intents: (intent) => {
      /** A change to the saved item's inventory: the domain's refusals go above the inventory's list. */
      const inventoryIntent = (change: (eventId: number, itemId: number, form: FormData) => Promise<string>) =>
        intent({
          formId: ITEM_INVENTORY_FORM,
          schema: z.object({}),
          run: async ({ eventId, itemId, form }) => {
            if (itemId === null) throw new Response("Save the item first.", { status: 400 });
            try {
              return await change(eventId, itemId, form);
            } catch (error) {
              const listed = error instanceof InventoryUnavailableError || error instanceof ItemHasBidsError;
              if (listed || error instanceof Refusal) return refuseForm(ITEM_INVENTORY_FORM, error.message);
              throw error;
            }
          },
        });
      return {
        ...galleryIntents(intent, ({ eventId, itemId }) =>
          itemId === null
            ? null
            : {
                kind: "auction_item",
                imageErrors: read.imageErrors,
                lockOwner: async (tx) => (await lockAuctionItem(tx, eventId, itemId)).auction_item_id,
              },
        ),
        [AUCTION_ITEM_INTENT.save]: intent({
          formId: AUCTION_ITEM_FORM,
          schema: auctionItemSchema,
          otherErrors: ({ itemId }) => uploadErrors(read.imageErrors, itemId === null),
          run: async ({ eventId, itemId, queryEvent, form }, input) => {
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
              return `“${input.title}” saved`;
            } catch (error) {
              throw onItemField(error);
            }
          },
        }),
        [DELETE_INTENT]: intent({
          formId: DELETE_FORM,
          schema: z.object({}),
          run: async ({ eventId, itemId, queryEvent }) => {
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
          },
        }),
        [AUCTION_ITEM_INTENT.addInventory]: inventoryIntent(async (eventId, itemId, form) => {
          const ids = selected(form, "Choose the inventory items to add first.");
          const added = await addInventoryToItem(eventId, itemId, ids);
          return added === 1 ? "1 inventory item added" : `${added} inventory items added`;
        }),
        [AUCTION_ITEM_INTENT.removeInventory]: inventoryIntent(async (eventId, itemId, form) => {
          const ids = selected(form, "Choose what to take out first.");
          const removed = await removeInventoryFromItem(eventId, itemId, ids);
          return removed === 1 ? "1 inventory item taken out" : `${removed} inventory items taken out`;
        }),
        [AUCTION_ITEM_INTENT.useSum]: inventoryIntent(async (eventId, itemId) => {
          if ((await applyInventorySum(eventId, itemId)) === null)
            throw new Refusal("Its inventory has no values to add up: nothing was changed.");
          return "The value is now the sum of its inventory";
        }),
      };
    },
  });
}

/** The inventory rows ticked in the list, or the refusal to say when there are none. */
function selected(form: FormData, noneMessage: string) {
  const ids = readSelectedIds(form);
  if (!ids) throw new Refusal(noneMessage);
  return ids;
}

/** Refused files: the featured image's, and the gallery's of a new item (a saved item's gallery posts its own). */
function uploadErrors(imageErrors: Record<string, string>, isNew: boolean): Record<string, string[]> {
  const fields = isNew ? [FEATURED_IMAGE, galleryUploadField.name] : [FEATURED_IMAGE];
  return Object.fromEntries(fields.flatMap((field) => (imageErrors[field] ? [[field, [imageErrors[field]]]] : [])));
}

export default function AuctionItemRoute() {
  return <AuctionItemPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
