import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { AuctionItemForm, type AuctionItemFormValues } from "~/catalogue/auction-item-form";
import {
  postedAuctionItemValues,
  readAuctionItemForm,
  type AuctionItemFormErrors,
  type AuctionItemInput,
} from "~/catalogue/auction-item-form.server";
import { auctionItemPagePath, packagesPath } from "~/catalogue/auction-item-paths";
import {
  addInventoryToItem,
  createAuctionItem,
  eventBidProposal,
  freeInventory,
  getAuctionItem,
  InventoryUnavailableError,
  ItemHasBidsError,
  lockAuctionItem,
  removeInventoryFromItem,
  updateAuctionItem,
  applyInventorySum,
} from "~/catalogue/auction-item.server";
import { deleteItems, DuplicateLotError, ItemsWithBidsError } from "~/catalogue/auction-items.server";
import { catalogueOptions, UnknownChoiceError } from "~/catalogue/catalogue-options.server";
import { inventoryPath, eventQuery as eventQueryOf } from "~/catalogue/inventory-paths";
import { eventCurrency } from "~/catalogue/inventory.server";
import { ITEM_STATUSES, isItemType, ITEM_TYPE_LABELS, type ItemType } from "~/catalogue/item-rules";
import { readSelectedIds } from "~/grid/grid-forms.server";
import { ImageGallery, imageGalleryLinks, GalleryUploadField } from "~/images/image-gallery";
import { MAX_GALLERY_UPLOAD } from "~/images/image-gallery-fields";
import {
  answerGallery,
  GalleryFullError,
  galleryUploadField,
  runGalleryIntent,
  uploadedGalleryUrls,
} from "~/images/image-gallery.server";
import { chosenImageUrl, readFormWithImages } from "~/images/upload.server";
import { richTextLinks } from "~/rich-text/rich-text-editor";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { redirectWithToast } from "~/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title:
      error || !data
        ? `${errorTitle(error)} · Gavel`
        : `${data.item ? data.item.title : "New auction item"} · Auction items · Gavel`,
  },
];

export const links: LinksFunction = () => [...richTextLinks(), ...imageGalleryLinks()];

const FEATURED_IMAGE = "featured_image";

/** `?item=<auction_item_id>`: the item to edit; absent, a new one. Anything else is no page at all. */
function itemIdOf(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("item");
  if (raw === null) return null;
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new Response("There is no such auction item.", { status: 404 });
  return Number(raw);
}

/** The packages screen an item of this type is listed on, else the raw data sheet. */
function listPathOf(eventId: number | undefined, type: string): { to: string; label: string } {
  if (type === "live" || type === "silent") {
    return { to: packagesPath(eventId, type), label: `Back to the ${type} packages` };
  }
  if (type === "sale")
    return { to: `/admin/auction_items/items_for_sale${eventQueryOf(eventId)}`, label: "Back to the items for sale" };
  return { to: `/admin/auction_items/rawdata${eventQueryOf(eventId)}`, label: "Back to the raw data" };
}

/**
 * /admin/auction_items/auction_item_page (spec §2, a sibling screen of /admin/auction_items): every field of one
 * auction item (`?item=<id>`), or a new one (`?type=live` preselects its type), with its images and the inventory
 * it bundles.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const itemId = itemIdOf(request);
  const queryEvent = eventIdFromQuery(request);
  const [options, currency, proposal] = [
    await catalogueOptions(eventId),
    await eventCurrency(eventId),
    await eventBidProposal(eventId),
  ];
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, currency));

  if (itemId === null) {
    const asked = new URL(request.url).searchParams.get("type") ?? "";
    const type: ItemType = isItemType(asked) ? asked : "silent";
    const values: AuctionItemFormValues = {
      title: "",
      lot: "",
      type,
      subtype: "",
      excerpt: "",
      description: "",
      value: "",
      starting_bid: "",
      increment: "",
      buy_now: "",
      quantity: "1",
      in_person_only: "",
      status: "draft",
      tag: "",
      display_order: "0",
      xinv_donor_id: "",
      xinv_category_id: "",
      xinv_staff_id: "",
      xinv_disclaimer: "",
      internal_notes: "",
    };
    return {
      item: null,
      values,
      options,
      currency,
      proposal,
      queryEvent,
      back: listPathOf(queryEvent, type),
      free: [],
    };
  }

  const item = await getAuctionItem(eventId, itemId);
  if (!item) throw new Response("This event has no such auction item.", { status: 404 });
  const id = (value: number | null) => (value === null ? "" : String(value));
  const values: AuctionItemFormValues = {
    title: item.title,
    lot: id(item.lot),
    type: item.type,
    subtype: item.subtype ?? "",
    excerpt: item.excerpt ?? "",
    description: sanitizeRichText(item.description ?? ""),
    value: centsToInput(item.value),
    starting_bid: centsToInput(item.starting_bid),
    increment: centsToInput(item.increment),
    buy_now: centsToInput(item.buy_now),
    quantity: String(item.quantity),
    in_person_only: item.in_person_only ? "on" : "",
    status: item.status,
    tag: item.tag ?? "",
    display_order: String(item.display_order),
    xinv_donor_id: id(item.xinv_donor_id),
    xinv_category_id: id(item.xinv_category_id),
    xinv_staff_id: id(item.xinv_staff_id),
    xinv_disclaimer: item.xinv_disclaimer ?? "",
    internal_notes: item.internal_notes ?? "",
  };
  return {
    item: {
      auction_item_id: item.auction_item_id,
      title: item.title,
      lot: item.lot,
      type: item.type,
      featured_image: item.featured_image,
      images: item.images,
      bid_count: item.bid_count,
      value_label: money(item.value),
      inventory: item.inventory.map((row) => ({
        ...row,
        value_label: money(row.value),
        href: inventoryPath(eventQueryOf(queryEvent), row.inventory_id),
      })),
      inventory_sum: centsToInput(item.inventory_sum),
      inventory_sum_label: money(item.inventory_sum),
    },
    values,
    options,
    currency,
    proposal,
    queryEvent,
    back: listPathOf(queryEvent, item.type),
    free: (await freeInventory(eventId)).map((row) => ({ ...row, value_label: money(row.value) })),
  };
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
        if (error instanceof ItemHasBidsError) return refuse({ type: [error.message] });
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
        return data({ deleteError: `This item was not deleted. ${error.message}` }, { status: 400 });
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
            return data(
              { inventoryError: "Its inventory has no values to add up: nothing was changed." },
              { status: 400 },
            );
          return redirectWithToast(here, { title: "The value is now the sum of its inventory" });
        }
        const ids = readSelectedIds(form);
        if (!ids) {
          return data(
            {
              inventoryError:
                intent === "add-inventory"
                  ? "Choose the inventory items to add first."
                  : "Choose what to take out first.",
            },
            { status: 400 },
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
          return data({ inventoryError: error.message }, { status: 400 });
        }
        throw error;
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

export default function AuctionItemPage() {
  const { item, values, options, currency, proposal, back, free } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && "errors" in answer ? answer : undefined;
  const deleteError = answer && "deleteError" in answer ? answer.deleteError : undefined;
  const inventoryError = answer && "inventoryError" in answer ? answer.inventoryError : undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  const form = (
    <AuctionItemForm
      key={item?.auction_item_id ?? "new"}
      values={refused?.values ?? values}
      errors={refused?.errors}
      options={options}
      currency={currency}
      proposal={proposal}
      inventorySum={item?.inventory_sum ?? ""}
      featuredImage={item?.featured_image ?? null}
      submitLabel={item ? "Save" : "Create auction item"}
      cancelTo={back.to}
      cancelLabel={back.label}
    >
      {item ? null : (
        <GalleryUploadField
          label="Images"
          error={refused?.errors?.images?.[0]}
          help={`JPEG, PNG, WebP or GIF; up to ${MAX_GALLERY_UPLOAD}. Bidders see them in the order chosen; you can reorder them once the item is saved.`}
        />
      )}
    </AuctionItemForm>
  );

  if (!item) {
    return (
      <>
        <div className="page-header">
          <h1>New auction item</h1>
          <p>
            A lot of the {ITEM_TYPE_LABELS[values.type as ItemType]?.toLowerCase() ?? "auction"}. Once it is saved, you
            can bundle inventory items into it.
          </p>
        </div>
        {form}
      </>
    );
  }

  return (
    <>
      <div className="page-header">
        <h1>{item.title}</h1>
        <p>
          {item.lot === null ? "No lot number yet" : `Lot ${item.lot}`} ·{" "}
          {ITEM_TYPE_LABELS[item.type as ItemType] ?? item.type} ·{" "}
          {item.bid_count === 0 ? "no bids yet" : item.bid_count === 1 ? "1 bid" : `${item.bid_count} bids`}
        </p>
      </div>
      <div className="stack stack--loose">
        {form}
        <ImageGallery
          images={item.images}
          itemTitle={item.title}
          heading="Gallery"
          help="Bidders see them in this order."
        />

        <section className="stack" aria-labelledby="inventory-heading">
          <h2 id="inventory-heading">Inventory in this item</h2>
          <p className="field__help">
            A package bundles several inventory items; with two or more it is marked a package. While its value is
            blank, it is the sum of their values (and the starting bid and increment are proposed from it). “Use the
            sum” replaces the value you typed with the sum.
          </p>
          {inventoryError ? <FormAlert>{inventoryError}</FormAlert> : null}
          {item.inventory.length === 0 ? (
            <p className="muted">No inventory items in it yet.</p>
          ) : (
            <Form method="post" className="stack">
              <ul className="stack" aria-label="Inventory in this item">
                {item.inventory.map((row) => (
                  <li key={row.inventory_id}>
                    <label className="checkbox">
                      <input type="checkbox" name="id" value={row.inventory_id} />
                      {row.title} · {row.value_label ?? "no value"}
                    </label>
                  </li>
                ))}
              </ul>
              <p>
                Sum of their values: <strong>{item.inventory_sum_label ?? "none"}</strong>. Value of the item:{" "}
                <strong>{item.value_label ?? "none"}</strong>.
              </p>
              <div className="cluster">
                <Button
                  type="submit"
                  size="sm"
                  name="intent"
                  value="remove-inventory"
                  disabled={busy("remove-inventory") || item.bid_count > 0}
                >
                  Take the ticked ones out
                </Button>
                <Button type="submit" size="sm" name="intent" value="use-sum" disabled={busy("use-sum")}>
                  Use the sum as the value
                </Button>
              </div>
            </Form>
          )}
          {free.length === 0 ? (
            <p className="muted">Every inventory item of the event is already in an auction item.</p>
          ) : (
            <Form method="post" className="stack">
              <input type="hidden" name="intent" value="add-inventory" />
              <fieldset className="stack">
                <legend>Inventory not yet in an auction item</legend>
                {free.map((row) => (
                  <label key={row.inventory_id} className="checkbox">
                    <input type="checkbox" name="id" value={row.inventory_id} />
                    {row.title} · {row.value_label ?? "no value"}
                  </label>
                ))}
              </fieldset>
              <div>
                <Button type="submit" size="sm" disabled={busy("add-inventory") || item.bid_count > 0}>
                  Add the ticked ones
                </Button>
              </div>
            </Form>
          )}
        </section>

        <section className="stack" aria-labelledby="delete-heading">
          <h2 id="delete-heading">Delete</h2>
          {deleteError ? <FormAlert>{deleteError}</FormAlert> : null}
          <div>
            <ConfirmDialog
              trigger="Delete this auction item"
              triggerVariant="danger"
              title={`Delete “${item.title}”?`}
              description="Its details and images go for good; its inventory stays in the inventory. An item with bids or sales is not deleted: withdraw it instead."
              confirmLabel="Delete"
              confirmVariant="danger"
              fields={{ intent: "delete" }}
            />
          </div>
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
