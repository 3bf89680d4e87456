/**
 * /dp on a guest's phone: the gift form (a suggested amount or one's own, once or monthly, in honour or memory of
 * someone, the fee, shown on the screens or not, a note, by card or on one's bill), the receipt after it, and the
 * items guests can buy outright. The gift is reviewed (amount + fee = total, on the bill or by card) and confirmed
 * before anything is recorded or charged. Plain HTML forms: every step works without JavaScript.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { feeFormula } from "~/billing/cover-fee";
import { DemoMoneyNote } from "~/billing/ui/demo-money-note";
import { replyFor, type FormReply } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { paths } from "~/http/paths";
import { Button, ButtonLink } from "~/ui/button";
import { checkboxProps, Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney, formatRoundMoney } from "~/ui/format";
import { GuestPage } from "~/ui/guest-bar";
import { CardFirst, MoneyReview } from "~/ui/money-review";
import { PersonNameFields } from "~/ui/record-fields";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { BUY_ITEM_FORM, DONATION_PAGE_INTENT, GIFT_FORM, giftSchema } from "../gift-forms";
import type { donationPage, giftReceipt, GiftReview } from "../donation-page.server";
import type { GuestBranding } from "~/events/guest-branding.server";

export type DonationScreenData = Awaited<ReturnType<typeof donationPage>> & {
  eventId: number;
  /** The event's colours and fonts, as its other guest pages wear them. */
  branding: GuestBranding;
  guest: { name: string; firstName: string | null; lastName: string | null; email: string } | null;
  signInHref: string;
  /** Where to save the card the event asks for before a gift goes on the bill; null when none is needed. */
  cardHref: string | null;
  submissionKey: string;
  receipt: NonNullable<Awaited<ReturnType<typeof giftReceipt>>> | null;
  /** The fundraiser's page the gift is given on, when the donor came from its give button. */
  fundraiser: { id: number; name: string } | null;
  /** Said when the donor came from the give button of a page that has ended since. */
  fundraiserEnded: string | null;
  /** The suggested amount chosen on the giving page's button. */
  preset: string | null;
  /** The event's cards go to the demo's sandbox: the page says no real money moves. */
  demoSandbox: boolean;
  notice: string | null;
  bought: string | null;
};

type ReviewReply = { formId: string; review: GiftReview; fields: Record<string, string> };
/** An item for sale to confirm before it goes on the bill. */
type BuyReviewReply = { formId: string; buyReview: number; fields: Record<string, string> };

export function DonationScreen({
  data,
  reply,
}: {
  data: DonationScreenData;
  reply: FormReply | ReviewReply | BuyReviewReply | undefined;
}) {
  const review = reply && "review" in reply ? reply : null;
  const buyReview = reply && "buyReview" in reply ? reply : null;
  const formReply = review || buyReview ? undefined : (reply as FormReply | undefined);
  return (
    <GuestPage bar={{ ...data, guestName: data.guest?.name ?? null }} branding={data.branding} className="giving">
      {data.demoSandbox ? <DemoMoneyNote /> : null}
      {data.receipt ? (
        <Receipt data={data} receipt={data.receipt} />
      ) : review ? (
        <GiftConfirm data={data} reply={review} />
      ) : (
        <GiftForm data={data} reply={formReply} />
      )}
      {data.items.length > 0 ? <ItemsForSale data={data} reply={formReply} buyReview={buyReview} /> : null}
      <p className="giving__muted">
        <a href={paths.raffle(data.eventId)}>Raffle tickets</a> · <a href={paths.pi(data.eventId)}>Paddle raise</a>
      </p>
    </GuestPage>
  );
}

function GiftForm({ data, reply }: { data: DonationScreenData; reply: FormReply | undefined }) {
  const { form, fields } = useContractForm({
    id: GIFT_FORM,
    schema: giftSchema,
    reply,
    defaultValue: {
      frequency: "one_time",
      pay: data.guest ? "invoice" : "card",
      first_name: data.guest?.firstName ?? "",
      last_name: data.guest?.lastName ?? "",
      email: data.guest?.email ?? "",
      choice: data.preset ?? "",
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, GIFT_FORM));
  const busy = useNavigation().formData?.get("submission") === data.submissionKey;
  const chosen = String(fields.choice.initialValue ?? "");
  const money = (cents: number) => formatRoundMoney(cents, data.currency);
  // A guest the event asks for a card can still give by card now, not on the bill.
  const onBill = data.guest !== null && data.cardHref === null;
  const canGive = data.cardsOpen || onBill;
  return (
    <section className="guest-card giving__card" aria-labelledby="give-heading">
      <h1 id="give-heading">Give to {data.organisation}</h1>
      {data.notice ? <FormAlert>{data.notice}</FormAlert> : null}
      {!canGive && data.cardHref ? (
        <CardFirst cardHref={data.cardHref} />
      ) : !canGive ? (
        <>
          <p>Gifts by card open soon. Sign in to add a gift to your bill at checkout.</p>
          <ButtonLink to={data.signInHref} variant="primary" size="lg">
            Sign in to give
          </ButtonLink>
        </>
      ) : (
        <Form method="post" ref={formRef} className="giving__form" {...formProps(form)}>
          {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
          <input type="hidden" name="intent" value={DONATION_PAGE_INTENT.give} />
          <input type="hidden" name="submission" value={data.submissionKey} />
          {data.fundraiserEnded ? <p className="giving__muted">{data.fundraiserEnded}</p> : null}
          {data.fundraiser ? (
            <>
              <input type="hidden" name="fundraiser" value={data.fundraiser.id} />
              <p className="giving__muted">Your gift counts towards {data.fundraiser.name}'s page.</p>
            </>
          ) : null}
          <fieldset className="giving__choices" aria-describedby={fields.choice.errors ? "choice-error" : undefined}>
            <legend>Amount</legend>
            {data.suggested.map((amount) => (
              <label key={amount} className="giving__choice">
                <input type="radio" name="choice" value={amount} defaultChecked={chosen === String(amount)} />
                <span className="giving__choice-main">{money(amount)}</span>
              </label>
            ))}
            <label className="giving__choice">
              <input type="radio" name="choice" value="other" defaultChecked={chosen === "other"} />
              <span className="giving__choice-main">Other</span>
            </label>
          </fieldset>
          {fields.choice.errors ? (
            <p id="choice-error" className="field__error" role="alert">
              {fields.choice.errors[0]}
            </p>
          ) : null}
          <Field label="Other amount" help="Used when you choose Other." meta={fields.other}>
            {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
          </Field>
          {data.cardsOpen ? (
            <fieldset className="giving__choices">
              <legend>How often</legend>
              <label className="giving__choice">
                <input
                  type="radio"
                  name="frequency"
                  value="one_time"
                  defaultChecked={fields.frequency.initialValue !== "monthly"}
                />
                <span>Once</span>
              </label>
              <label className="giving__choice">
                <input
                  type="radio"
                  name="frequency"
                  value="monthly"
                  defaultChecked={fields.frequency.initialValue === "monthly"}
                />
                <span>Monthly (by card)</span>
              </label>
            </fieldset>
          ) : (
            <input type="hidden" name="frequency" value="one_time" />
          )}
          <Field label="Dedicate this gift" meta={fields.tribute_kind}>
            {(control) => (
              <select {...control} data-tribute-kind>
                <option value="">No dedication</option>
                <option value="honour">In honour of…</option>
                <option value="memory">In memory of…</option>
              </select>
            )}
          </Field>
          <Field
            label="Their name"
            help="The person the gift honours or remembers."
            meta={fields.tribute_name}
            className="giving__tribute-name"
          >
            {(control) => <input {...control} autoComplete="off" />}
          </Field>
          {data.fee ? (
            <label className="giving__check">
              <input type="checkbox" {...checkboxProps(fields.cover_fee)} />
              <span>
                Cover the card fee ({feeFormula(data.fee, (cents) => formatMoney(cents, data.currency))}) so all of my
                gift reaches the cause
              </span>
            </label>
          ) : null}
          <PersonNameFields fields={fields} own />
          <Field label="Email" help="For your receipt." meta={fields.email}>
            {(control) => <input {...control} type="email" autoComplete="email" />}
          </Field>
          <label className="giving__check">
            <input type="checkbox" {...checkboxProps(fields.is_anonymous)} />
            <span>Don't show my name on the screens in the room</span>
          </label>
          <Field label="A note (optional)" meta={fields.message}>
            {(control) => <textarea {...control} rows={2} />}
          </Field>
          {onBill && data.cardsOpen ? (
            <fieldset className="giving__choices">
              <legend>How to pay</legend>
              <label className="giving__choice">
                <input type="radio" name="pay" value="invoice" defaultChecked={fields.pay.initialValue !== "card"} />
                <span>Add to my bill</span>
              </label>
              <label className="giving__choice">
                <input type="radio" name="pay" value="card" defaultChecked={fields.pay.initialValue === "card"} />
                <span>Pay by card now</span>
              </label>
            </fieldset>
          ) : (
            <input type="hidden" name="pay" value={onBill ? "invoice" : "card"} />
          )}
          {data.cardHref ? (
            <p className="giving__muted">
              To add a gift to your bill instead, first <a href={data.cardHref}>save a card</a>: it is saved, not
              charged.
            </p>
          ) : null}
          {fields.pay.errors ? <FormAlert>{fields.pay.errors[0]}</FormAlert> : null}
          <Button type="submit" name="step" value="review" variant="primary" size="lg" disabled={busy}>
            {busy ? "Sending…" : "Continue"}
          </Button>
          {data.guest === null ? (
            <p className="giving__muted">
              At the event? <a href={data.signInHref}>Sign in</a> to add your gift to your bill instead.
            </p>
          ) : null}
        </Form>
      )}
    </section>
  );
}

/** The gift as it will be given: amount + fee = total, and whether it goes on the bill or to the card page. */
function GiftConfirm({ data, reply }: { data: DonationScreenData; reply: ReviewReply }) {
  const money = (cents: number) => formatMoney(cents, data.currency);
  const { review } = reply;
  const each = review.monthly ? " each month" : "";
  return (
    <MoneyReview
      heading="Confirm your gift"
      summary={
        review.pay === "invoice"
          ? `${money(review.total)} gift to ${data.organisation}, on your bill at checkout.`
          : `${money(review.total)}${each} to ${data.organisation}, paid by card on the next page.`
      }
      fields={reply.fields}
      confirmLabel={
        review.pay === "invoice"
          ? `Confirm: add ${money(review.total)} to my bill`
          : `Confirm: pay ${money(review.total)}${each}`
      }
    >
      <dl className="giving__receipt" aria-label="Your gift">
        <dt>Gift</dt>
        <dd>{money(review.amount)}</dd>
        {review.fee > 0 ? (
          <>
            <dt>Card fee you cover</dt>
            <dd>{money(review.fee)}</dd>
          </>
        ) : null}
        <dt>Total{review.pay === "invoice" ? ", on your bill" : ", by card"}</dt>
        <dd>{money(review.total)}</dd>
        {review.tribute ? (
          <>
            <dt>Dedication</dt>
            <dd>{review.tribute}</dd>
          </>
        ) : null}
        <dt>From</dt>
        <dd>
          {[review.donor.name, review.donor.email].filter(Boolean).join(", ")}
          {review.anonymous ? " (shown as Anonymous in the room)" : ""}
        </dd>
        {review.note ? (
          <>
            <dt>Your note</dt>
            <dd>{review.note}</dd>
          </>
        ) : null}
      </dl>
      {review.fundraiserName ? <p>It counts towards {review.fundraiserName}'s page.</p> : null}
    </MoneyReview>
  );
}

function Receipt({ data, receipt }: { data: DonationScreenData; receipt: NonNullable<DonationScreenData["receipt"]> }) {
  const money = (cents: number) => formatMoney(cents, data.currency);
  const pledged = receipt.status === "pledged";
  return (
    <section className="guest-card giving__card giving__card--thanks" aria-labelledby="receipt-heading">
      <h1 id="receipt-heading">Thank you{receipt.name ? `, ${receipt.name.split(" ")[0]}` : ""}!</h1>
      <p>
        {pledged
          ? "Your gift is on your bill: it is paid at checkout."
          : receipt.frequency === "monthly"
            ? "Your monthly gift has started. This is the receipt for its first month."
            : "Your gift has been received. This is your receipt."}
      </p>
      {/* A gift on the bill is not paid yet: no receipt number or deductible amount until it is (the invoice's). */}
      <dl className="giving__receipt" aria-label={pledged ? "Your gift" : "Receipt"}>
        <dt>Gift</dt>
        <dd>{money(receipt.amount)}</dd>
        {receipt.fee > 0 ? (
          <>
            <dt>Card fee you covered</dt>
            <dd>{money(receipt.fee)}</dd>
          </>
        ) : null}
        <dt>Total{pledged ? ", on your bill" : ""}</dt>
        <dd>{money(receipt.total)}</dd>
        {pledged ? null : (
          <>
            <dt>Tax-deductible amount</dt>
            <dd>{money(receipt.deductible)}</dd>
          </>
        )}
        <dt>Date</dt>
        <dd>{receipt.date}</dd>
        {pledged ? null : (
          <>
            <dt>Receipt no.</dt>
            <dd>D-{receipt.donationId}</dd>
          </>
        )}
      </dl>
      {receipt.tribute ? <p>{receipt.tribute}.</p> : null}
      {pledged ? (
        <p className="giving__muted">Your receipt comes with your invoice once it is paid.</p>
      ) : (
        <>
          <p className="giving__muted">
            No goods or services were provided in exchange for this gift.
            {receipt.taxId ? ` ${data.organisation}, tax id ${receipt.taxId}.` : ""}
          </p>
          {receipt.receiptText ? <p className="giving__muted">{receipt.receiptText}</p> : null}
        </>
      )}
      <ButtonLink to={paths.dp(data.eventId)}>Give again</ButtonLink>
    </section>
  );
}

function ItemsForSale({
  data,
  reply,
  buyReview,
}: {
  data: DonationScreenData;
  reply: FormReply | undefined;
  buyReview: BuyReviewReply | null;
}) {
  const answer = replyFor(reply, BUY_ITEM_FORM);
  const reviewed = buyReview ? data.items.find((item) => item.id === buyReview.buyReview) : undefined;
  if (buyReview && reviewed) {
    const price = formatMoney(reviewed.price ?? 0, data.currency);
    return (
      <MoneyReview
        heading="Confirm your purchase"
        summary={`${reviewed.title} for ${price}, on your bill at checkout.`}
        fields={buyReview.fields}
        confirmLabel={`Confirm: buy for ${price}`}
        changeHref={paths.dp(data.eventId)}
      />
    );
  }
  const refusal = answer?.error?.[""]?.[0] ?? Object.values(answer?.error ?? {})[0]?.[0];
  return (
    <section className="guest-card giving__card" aria-labelledby="items-heading">
      <h2 id="items-heading">Buy outright</h2>
      {data.bought ? <p role="status">{data.bought}</p> : null}
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <ul className="giving__items">
        {data.items.map((item) => (
          <li key={item.id}>
            <strong>
              {item.title} · {formatMoney(item.price ?? 0, data.currency)}
            </strong>
            {item.excerpt ? <span className="giving__muted">{item.excerpt}</span> : null}
            {item.left <= 0 ? (
              <span className="giving__muted">Sold out</span>
            ) : data.guest ? (
              <Form method="post">
                <input type="hidden" name="intent" value={DONATION_PAGE_INTENT.buy} />
                <input type="hidden" name="item" value={item.id} />
                <input type="hidden" name="submission" value={`${data.submissionKey}-${item.id}`} />
                <Button type="submit" aria-label={`Buy ${item.title}`}>
                  Buy one, on my bill
                </Button>
              </Form>
            ) : (
              <a href={data.signInHref}>Sign in to buy</a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
