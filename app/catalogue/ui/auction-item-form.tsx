/**
 * The fields of an auction item (the auction_item table) for its page, on the form contract: the schema is
 * ./auction-item-schema.ts's, which the action parses with too. As the value is typed, the starting bid and increment the save would propose are
 * shown beside their fields (bid-proposal.ts runs here too), with a button to copy each one in.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { replyFor } from "~/forms/form-contract";
import { readMoney } from "~/forms/rules";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { ImageField } from "~/images/ui/image-field";
import { Button, buttonClass } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { centsToInput } from "~/ui/money-input";
import { InternalNotesField } from "~/ui/record-fields";
import { SaveActions } from "~/ui/save-actions";
import { SelectOptions } from "~/ui/select-options";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { AUCTION_ITEM_FORM, AUCTION_ITEM_INTENT, auctionItemSchema } from "../auction-item-schema";
import { proposeBids, type BidProposalSettings } from "../bid-proposal";
import { ITEM_STATUS_LABELS, ITEM_STATUSES, ITEM_TYPE_LABELS, ITEM_TYPES, PACKAGE_SUBTYPE } from "../item-rules";
import { DescriptionEditor, DisclaimerField, DisplayOrderField, OptionPicker } from "./item-form-fields";

export type AuctionItemFormValues = Record<
  | "title"
  | "lot"
  | "type"
  | "subtype"
  | "excerpt"
  | "description"
  | "value"
  | "starting_bid"
  | "increment"
  | "buy_now"
  | "quantity"
  | "in_person_only"
  | "status"
  | "tag"
  | "display_order"
  | "xinv_donor_id"
  | "xinv_category_id"
  | "xinv_staff_id"
  | "xinv_disclaimer"
  | "internal_notes",
  string
>;

type Option = { value: string; label: string };

export type AuctionItemFormProps = {
  /** What the fields show: the saved item (or a new one's defaults); after a refusal, what was typed. */
  values: AuctionItemFormValues;
  /** The action's answer to the page; its refusal of this form shows beside the fields. */
  reply: unknown;
  options: { categories: Option[]; donors: Option[]; staff: Option[] };
  currency: string;
  proposal: BidProposalSettings;
  /** The sum of the item's inventory values, as typed back ("1250"); blank when it holds none. */
  inventorySum: string;
  featuredImage: string | null;
  submitLabel: string;
  cancelTo: string;
  cancelLabel: string;
  /** Fields after the item's own (the new item's first images). */
  children?: ReactNode;
};

export function AuctionItemForm({
  values,
  reply,
  options,
  currency,
  proposal,
  inventorySum,
  featuredImage,
  submitLabel,
  cancelTo,
  cancelLabel,
  children,
}: AuctionItemFormProps) {
  const { form, fields } = useContractForm({
    id: AUCTION_ITEM_FORM,
    schema: auctionItemSchema,
    reply,
    defaultValue: values,
  });
  const refused = replyFor(reply, AUCTION_ITEM_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refused);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === AUCTION_ITEM_INTENT.save;
  const error = (name: keyof AuctionItemFormValues) => fields[name].errors?.[0];
  const typed = (name: keyof AuctionItemFormValues) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : "";
  };

  // The value as typed, for the live proposal; a blank value stands for the inventory's sum, as on save.
  const [valueText, setValueText] = useState(typed("value"));
  const [type, setType] = useState(typed("type"));
  const reading = readMoney(valueText.trim() === "" ? inventorySum : valueText);
  const proposed = proposeBids("cents" in reading ? reading.cents : null, proposal);
  const startingRef = useRef<HTMLInputElement>(null);
  const incrementRef = useRef<HTMLInputElement>(null);
  const forSale = type === "sale";

  const statuses: Option[] = ITEM_STATUSES.map((status) => ({ value: status, label: ITEM_STATUS_LABELS[status] }));
  // The status the item has now, when the auction set one that is not offered here.
  if (values.status && !statuses.some((option) => option.value === values.status)) {
    statuses.push({ value: values.status, label: `${values.status} (as it is now)` });
  }

  const props = (name: keyof AuctionItemFormValues) => ({ name, defaultValue: typed(name), error: error(name) });

  const proposedField = (
    name: "starting_bid" | "increment",
    label: string,
    ref: React.RefObject<HTMLInputElement>,
    cents: number | null,
    percent: number,
  ) => {
    const text = centsToInput(cents);
    return (
      <Field
        label={`${label} (${currency})`}
        help={
          cents === null
            ? `Blank: proposed on save as ${percent}% of the value.`
            : `Blank: ${text} is used (${percent}% of the value).`
        }
        error={error(name)}
      >
        {(control) => (
          <div className="cluster">
            <input
              {...control}
              ref={ref}
              name={name}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed(name)}
              placeholder={cents === null ? undefined : `Proposed: ${text}`}
            />
            {cents !== null ? (
              <Button
                type="button"
                size="sm"
                onClick={() => {
                  if (ref.current) ref.current.value = text;
                }}
              >
                Use {text}
                <span className="visually-hidden"> as the {label.toLowerCase()}</span>
              </Button>
            ) : null}
          </div>
        )}
      </Field>
    );
  };

  return (
    <Form method="post" encType="multipart/form-data" ref={formRef} className="settings-form" {...formProps(form)}>
      <input type="hidden" name="intent" value={AUCTION_ITEM_INTENT.save} />
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      {/* A long form in panels, each named, with its save bar kept in view (issue 34: 2,200 px in one column). */}
      <fieldset className="stack">
        <legend>The item</legend>
        <Field label="Title" required meta={fields.title}>
          {(control) => <input {...control} required />}
        </Field>
        <div className="field-grid">
          <Field label="Lot" help="Its number in the catalogue; unique in the event." meta={fields.lot}>
            {(control) => <input {...control} inputMode="numeric" autoComplete="off" />}
          </Field>
          <Field label="Type" error={error("type")}>
            {(control) => (
              <select
                {...control}
                name="type"
                defaultValue={typed("type")}
                onChange={(event) => setType(event.currentTarget.value)}
              >
                {ITEM_TYPES.map((itemType) => (
                  <option key={itemType} value={itemType}>
                    {ITEM_TYPE_LABELS[itemType]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Subtype" help="A package bundles several inventory items." error={error("subtype")}>
            {(control) => (
              <select {...control} name="subtype" defaultValue={typed("subtype")}>
                <option value="">Single item</option>
                <option value={PACKAGE_SUBTYPE}>Package</option>
              </select>
            )}
          </Field>
          <Field label="Status" error={error("status")}>
            {(control) => (
              <select {...control} name="status" defaultValue={typed("status")}>
                <SelectOptions options={statuses} />
              </select>
            )}
          </Field>
        </div>
        <Field label="Excerpt" help="One or two lines for lists and the catalogue." error={error("excerpt")}>
          {(control) => (
            <textarea {...control} name="excerpt" rows={2} maxLength={500} defaultValue={typed("excerpt")} />
          )}
        </Field>
        <DescriptionEditor {...props("description")} />
      </fieldset>
      <fieldset className="stack">
        <legend>{forSale ? "Price" : "Value and bidding"}</legend>
        <div className="field-grid">
          <Field
            label={`Fair market value (${currency})`}
            help={
              inventorySum
                ? `Blank: the sum of its inventory's values (${inventorySum}).`
                : "What it would cost to buy, such as 1,250; shown on receipts."
            }
            error={error("value")}
          >
            {(control) => (
              <input
                {...control}
                name="value"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={typed("value")}
                onChange={(event) => setValueText(event.currentTarget.value)}
              />
            )}
          </Field>
          {forSale
            ? null
            : proposedField(
                "starting_bid",
                "Starting bid",
                startingRef,
                proposed.starting_bid,
                proposal.starting_bid_percent,
              )}
          {forSale
            ? null
            : proposedField("increment", "Increment", incrementRef, proposed.increment, proposal.increment_percent)}
          <Field
            label={forSale ? `Price (${currency})` : `Buy now (${currency})`}
            help={
              forSale ? "What one costs." : "Optional: a price that ends the bidding at once; above the starting bid."
            }
            error={error("buy_now")}
          >
            {(control) => (
              <input
                {...control}
                name="buy_now"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={typed("buy_now")}
              />
            )}
          </Field>
          <Field
            label="Quantity"
            help="How many of it there are; each top bidder (or buyer) wins one."
            error={error("quantity")}
          >
            {(control) => (
              <input
                {...control}
                name="quantity"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={typed("quantity")}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <fieldset className="stack">
        <legend>In the catalogue</legend>
        <div className="field-grid">
          <Field label="Tag" help="A short label of your own." error={error("tag")}>
            {(control) => <input {...control} name="tag" maxLength={100} defaultValue={typed("tag")} />}
          </Field>
          <DisplayOrderField {...props("display_order")} />
          <OptionPicker label="Donor" options={options.donors} none="No donor" {...props("xinv_donor_id")} />
          <OptionPicker
            label="Category"
            options={options.categories}
            none="No category"
            {...props("xinv_category_id")}
          />
          <OptionPicker label="Staff" options={options.staff} none="No one" {...props("xinv_staff_id")} />
        </div>
        <label className="checkbox">
          <input type="checkbox" name="in_person_only" defaultChecked={typed("in_person_only") === "on"} />
          In person only (cannot be bid on online)
        </label>
      </fieldset>
      <fieldset className="stack">
        <legend>Pictures</legend>
        <ImageField
          name="featured_image"
          label="Featured image"
          currentUrl={featuredImage}
          error={refused?.error?.featured_image?.[0]}
          help="The image lists and the catalogue show first. JPEG, PNG, WebP or GIF."
        />
        {children}
      </fieldset>
      <fieldset className="stack">
        <legend>Notes</legend>
        <DisclaimerField {...props("xinv_disclaimer")} />
        <InternalNotesField {...props("internal_notes")} maxLength={5000} />
      </fieldset>
      <SaveActions saving={saving} label={submitLabel} sticky>
        <Link to={cancelTo} className={buttonClass({ variant: "secondary" })}>
          {cancelLabel}
        </Link>
      </SaveActions>
    </Form>
  );
}
