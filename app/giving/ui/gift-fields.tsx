import { checkboxProps, Field } from "~/ui/field";
import { centsToInput } from "~/ui/money-input";
import type { attributablePages } from "../fundraisers.server";
import type { donationSchema } from "../gift-forms";
import type { DonationRow } from "./donation-columns";
import type { SerializeFrom } from "@remix-run/node";
import type { Fieldset } from "~/ui/form-dialog";

type FundraiserPage = SerializeFrom<typeof attributablePages>[number];

/** A saved gift as its dialog posts it. */
export function giftValues(gift: DonationRow) {
  return {
    first_name: gift.first_name ?? "",
    last_name: gift.last_name ?? "",
    email: gift.email ?? "",
    amount: centsToInput(gift.amount),
    method: gift.method === "check" ? "check" : "cash",
    check_number: gift.check_number ?? "",
    tribute_kind: gift.tribute_kind ?? "",
    tribute_name: gift.tribute_name ?? "",
    is_anonymous: gift.is_anonymous ? "yes" : "no",
    message: gift.message ?? "",
    fundraiser: gift.fundraiserId === null ? "" : String(gift.fundraiserId),
  };
}

/** A gift's fields: a card or bill gift keeps its amount and how it was paid; cash and check gifts can change. */
export function GiftFields({
  fields,
  gift,
  pages,
  newGiftKey,
}: {
  fields: Fieldset<typeof donationSchema>;
  gift: DonationRow | undefined;
  pages: FundraiserPage[];
  /** The page view's key for a new gift: the same form sent twice records one gift. */
  newGiftKey: string;
}) {
  const staffGift = !gift || gift.method === "cash" || gift.method === "check";
  return (
    <>
      {gift ? null : <input type="hidden" name="submission" value={newGiftKey} />}
      <Field label="First name" meta={fields.first_name}>
        {(control) => <input {...control} />}
      </Field>
      <Field label="Last name" meta={fields.last_name}>
        {(control) => <input {...control} />}
      </Field>
      <Field label="Email" meta={fields.email}>
        {(control) => <input {...control} type="email" />}
      </Field>
      <Field
        label="Amount"
        required
        meta={fields.amount}
        help={gift?.method === "card" ? "A card gift keeps the amount charged." : undefined}
      >
        {(control) => <input {...control} inputMode="decimal" required readOnly={gift?.method === "card"} />}
      </Field>
      {staffGift ? (
        <>
          <Field label="Paid by" meta={fields.method}>
            {(control) => (
              <select {...control} disabled={Boolean(gift)}>
                <option value="cash">Cash</option>
                <option value="check">Check</option>
              </select>
            )}
          </Field>
          {gift ? <input type="hidden" name="method" value={gift.method} /> : null}
          <Field label="Check number" help="For a check." meta={fields.check_number}>
            {(control) => <input {...control} />}
          </Field>
        </>
      ) : (
        <input type="hidden" name="method" value="cash" />
      )}
      {pages.length > 0 ? (
        <Field
          label="Fundraiser"
          help="The page this gift counts on, if the donor gave for one."
          meta={fields.fundraiser}
        >
          {(control) => (
            <select {...control}>
              <option value="">None</option>
              {pages.map((page) => (
                <option key={page.id} value={page.id}>
                  {page.name}
                  {page.ended ? " (ended)" : page.isActive ? "" : " (hidden)"}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <Field label="Dedication" meta={fields.tribute_kind}>
        {(control) => (
          <select {...control}>
            <option value="">None</option>
            <option value="honour">In honour of</option>
            <option value="memory">In memory of</option>
          </select>
        )}
      </Field>
      <Field label="Their name" meta={fields.tribute_name}>
        {(control) => <input {...control} />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_anonymous)} />
        Not named on the screens
      </label>
      <Field label="Note" meta={fields.message}>
        {(control) => <textarea {...control} rows={2} />}
      </Field>
    </>
  );
}
