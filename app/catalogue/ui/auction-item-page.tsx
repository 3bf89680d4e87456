/**
 * The auction item page (/admin/auction_items/auction_item_page): the item's form, its images, the inventory it
 * bundles, and deleting it; or the form of a new item. Its data: auction-item-page.server.ts.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import { MAX_GALLERY_UPLOAD } from "~/images/image-gallery-fields";
import { ImageGallery, GalleryUploadField } from "~/images/ui/image-gallery";
import { Button, ButtonLink } from "~/ui/button";
import { DeleteSection } from "~/ui/delete-section";
import { EmptyState } from "~/ui/empty-state";
import { FormAlert } from "~/ui/form-alert";
import { useEventHref } from "~/ui/use-event-href";
import { AUCTION_ITEM_FORM, AUCTION_ITEM_INTENT } from "../auction-item-schema";
import { ITEM_TYPE_LABELS, type ItemType } from "../item-rules";
import { AuctionItemForm } from "./auction-item-form";
import type { AuctionItemScreen } from "../auction-item-page.server";

/** The form id, in the contract, of the moves of inventory into and out of the item (and "use the sum"). */
export const ITEM_INVENTORY_FORM = "item-inventory";

export function AuctionItemPage() {
  const { item, values, options, currency, proposal, back, free } = useLoaderData<AuctionItemScreen>();
  const answer = useActionData<unknown>();
  const inventoryError = formErrorOf(replyFor(answer, ITEM_INVENTORY_FORM));
  const navigation = useNavigation();
  const eventHref = useEventHref();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  const form = (
    <AuctionItemForm
      // The form starts afresh when the saved item changes (another item, a save, "use the sum"): its fields take
      // their values when it mounts. A reload with the same values (a gallery move) keeps what is being typed.
      key={`${item?.auction_item_id ?? "new"}:${JSON.stringify(values)}`}
      values={values}
      reply={answer}
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
          error={replyFor(answer, AUCTION_ITEM_FORM)?.error?.images?.[0]}
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
            <EmptyState
              size="sm"
              headingLevel={3}
              title="No inventory in this item yet"
              text={
                free.length > 0
                  ? "Tick inventory items below and add them; with two or more, the item becomes a package."
                  : "Every inventory item of the event is already in an auction item: add a new one, then put it here."
              }
              action={
                free.length === 0 ? (
                  <ButtonLink to={eventHref("/admin/auction_items/inventory/new")} variant="primary" size="sm">
                    New inventory item
                  </ButtonLink>
                ) : null
              }
            />
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
                  value={AUCTION_ITEM_INTENT.removeInventory}
                  disabled={busy(AUCTION_ITEM_INTENT.removeInventory) || item.bid_count > 0}
                >
                  Take the ticked ones out
                </Button>
                <Button
                  type="submit"
                  size="sm"
                  name="intent"
                  value={AUCTION_ITEM_INTENT.useSum}
                  disabled={busy(AUCTION_ITEM_INTENT.useSum)}
                >
                  Use the sum as the value
                </Button>
              </div>
            </Form>
          )}
          {free.length === 0 ? (
            item.inventory.length > 0 ? (
              <p className="muted">Every inventory item of the event is already in an auction item.</p>
            ) : null
          ) : (
            <Form method="post" className="stack">
              <input type="hidden" name="intent" value={AUCTION_ITEM_INTENT.addInventory} />
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

        <DeleteSection
          trigger="Delete this auction item"
          title={`Delete “${item.title}”?`}
          description="Its details and images go for good; its inventory stays in the inventory. An item with bids or sales is not deleted: withdraw it instead."
        />
      </div>
    </>
  );
}
