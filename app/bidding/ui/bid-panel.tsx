import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { IN_PLACE_FIELD, IN_PLACE_VALUE } from "~/navigation/answer-in-place";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { useHydrated } from "~/ui/use-hydrated";
import { BID_FORM, BIDDER_INTENT, bidSchema, bidSummary, newBidKey, type BidReview } from "../bid-form";
import { quickBids, type IncrementPolicy } from "../increments";
import type { LiveItem } from "../live-item";

export interface BidPanelProps {
  item: LiveItem;
  /** The item's title, for the words of a bid's confirmation. */
  title: string;
  increment: number | null;
  incrementPolicy: IncrementPolicy;
  currency: string;
  inPersonOnly: boolean;
  proxyEnabled: boolean;
  show: { buyNow: boolean; maxBid: boolean };
  /** cardHref: the event asks for a card on file first, and this is where to save one. */
  user: { paddle: number | null; canBidForGuests: boolean; cardHref?: string | null } | null;
  signInHref: string;
  codeHref: string;
  /** The page's answer to a post: a bid's review, or a reply refusing one (the bid form's, or another form's). */
  actionData: unknown;
  here: string;
  /** Where the bidder pages' forms post (/inroombid, also from a short path). */
  postHref: string;
}

const units = (cents: number) => (cents / 100).toFixed(2);

/**
 * Bidding on one item: quick bids, an amount, a maximum and buy now, each confirmed on a second step. Plain forms
 * throughout, so it works before (and without) JavaScript.
 */
export function BidPanel(props: BidPanelProps) {
  const { item, currency, user, actionData } = props;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const money = (cents: number) => formatMoney(cents, currency);
  // The confirmation and buy now are plain forms whose refusals this form shows: beside its fields, or above it.
  const { form, fields } = useContractForm({ id: BID_FORM, schema: bidSchema, reply: actionData });
  const reply = replyFor(actionData, BID_FORM);
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusFirstError(panelRef, reply);
  // Once the page's script runs, a confirmed bid is answered in place: the confirmation one round trip after the tap.
  const hydrated = useHydrated();
  // And a quick bid for oneself is reviewed here, at once: the page knows all the review says (a quick bid is at
  // least the next minimum), and the engine decides on the confirmation as it does after a review by the server.
  const [reviewHere, setReviewHere] = useState<BidReview | null>(null);
  // Any answer of the server (the confirmation's, a refusal) replaces the review made here.
  useEffect(() => setReviewHere(null), [actionData]);

  if (item.closed) return <p className="bid-panel bid-panel--closed">Bidding on this item has closed.</p>;
  if (!user) {
    return (
      <div className="bid-panel">
        <p>Sign in to bid. It takes a moment, and you keep your place in the auction.</p>
        <div className="bid-panel__row">
          <Link className="button button--primary button--lg" to={props.signInHref}>
            Sign in to bid
          </Link>
          <Link className="button button--secondary button--lg" to={props.codeHref}>
            Email me a sign-in code
          </Link>
        </div>
      </div>
    );
  }
  if (user.paddle === null && !user.canBidForGuests) {
    return (
      <Form method="post" action={props.postHref} className="bid-panel">
        <p>To bid you need a bidder (paddle) number.</p>
        <button
          type="submit"
          name="intent"
          value={BIDDER_INTENT.join}
          className="button button--primary button--lg"
          disabled={busy}
        >
          Join the auction
        </button>
      </Form>
    );
  }
  if (user.cardHref && !user.canBidForGuests) {
    return (
      <div className="bid-panel">
        <p>This event asks for a card on file before bidding. It is saved, not charged: you pay at checkout.</p>
        <Link className="button button--primary button--lg" to={user.cardHref} reloadDocument>
          Save a card to bid
        </Link>
      </div>
    );
  }
  if (props.inPersonOnly && !user.canBidForGuests) {
    return (
      <p className="bid-panel">This item takes bids in the room only: a volunteer at a bid station can bid for you.</p>
    );
  }

  const review = reviewHere ?? reviewIn(actionData);
  if (review && review.itemId === item.id) {
    const confirmIntent = review.kind === "buy_now" ? BIDDER_INTENT.buyNow : BIDDER_INTENT.place;
    return (
      <Form
        method="post"
        action={props.postHref}
        className="bid-panel bid-panel--confirm"
        aria-labelledby="confirm-title"
      >
        <h2 id="confirm-title" className="bid-panel__heading">
          Confirm
        </h2>
        <p className="bid-panel__summary">{review.summary}</p>
        {review.amount !== null ? <input type="hidden" name="amount" value={units(review.amount)} /> : null}
        {review.maximum !== null ? <input type="hidden" name="maximum" value={units(review.maximum)} /> : null}
        {review.paddle !== null ? <input type="hidden" name="paddle" value={review.paddle} /> : null}
        <input type="hidden" name="key" value={review.key} />
        {hydrated ? <input type="hidden" name={IN_PLACE_FIELD} value={IN_PLACE_VALUE} /> : null}
        <div className="bid-panel__row">
          <button
            type="submit"
            name="intent"
            value={confirmIntent}
            className="button button--primary button--lg"
            disabled={busy}
            // The review step exists for this one button: a bidder confirms with Enter or a tap where they look.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          >
            {busy ? "Placing…" : review.kind === "buy_now" ? "Confirm: buy now" : "Confirm bid"}
          </button>
          {review === reviewHere ? (
            <button type="button" className="button button--ghost button--lg" onClick={() => setReviewHere(null)}>
              Cancel
            </button>
          ) : (
            <Link to={props.here} className="button button--ghost button--lg">
              Cancel
            </Link>
          )}
        </div>
      </Form>
    );
  }

  const canMax = props.proxyEnabled && props.show.maxBid && item.quantity === 1;
  const stationField = user.canBidForGuests ? (
    <Field
      label="Bid for paddle number"
      help={user.paddle === null ? "You have no paddle here: enter the guest's." : "Leave empty to bid for yourself."}
      meta={fields.paddle}
    >
      {(control) => <input {...control} inputMode="numeric" autoComplete="off" required={user.paddle === null} />}
    </Field>
  ) : null;
  return (
    <div className="bid-panel" ref={panelRef}>
      {formErrorOf(reply) ? <FormAlert>{formErrorOf(reply)}</FormAlert> : null}
      <Form method="post" action={props.postHref} className="bid-panel__form" aria-label="Bid" {...formProps(form)}>
        <input type="hidden" name="intent" value={BIDDER_INTENT.review} />
        {stationField}
        <fieldset className="bid-panel__quick">
          <legend>Quick bid</legend>
          {quickBids({ increment: props.increment }, item.nextMinimum, props.incrementPolicy).map((amount) => (
            <button
              key={amount}
              type="submit"
              name="amount"
              value={units(amount)}
              className="button button--primary button--lg"
              disabled={busy}
              onClick={(event) => {
                if (!hydrated || user.canBidForGuests) return;
                event.preventDefault();
                setReviewHere({
                  kind: "bid",
                  itemId: item.id,
                  amount,
                  maximum: null,
                  paddle: null,
                  key: newBidKey(),
                  summary: bidSummary(
                    { buyNow: false, amount, maximum: null, paddle: null },
                    { title: props.title, buyNow: item.buyNow },
                    money,
                  ),
                });
              }}
            >
              {money(amount)}
            </button>
          ))}
        </fieldset>
        <Field label="Your bid" help={`At least ${money(item.nextMinimum)}`} meta={fields.amount}>
          {(control) => (
            <input {...control} inputMode="decimal" autoComplete="off" placeholder={units(item.nextMinimum)} />
          )}
        </Field>
        {canMax ? (
          <Field
            label="Maximum bid (optional)"
            help="Kept secret: we bid for you, only as much as needed to keep you ahead."
            meta={fields.maximum}
          >
            {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
          </Field>
        ) : null}
        <button type="submit" className="button button--secondary button--lg" disabled={busy}>
          Review bid
        </button>
      </Form>
      {props.show.buyNow && item.buyNowAvailable && item.buyNow !== null ? (
        <Form method="post" action={props.postHref} className="bid-panel__buy-now">
          <button
            type="submit"
            name="intent"
            value={BIDDER_INTENT.reviewBuyNow}
            className="button button--secondary button--lg"
            disabled={busy}
          >
            Buy now for {money(item.buyNow)}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The review the page answered, if it did. */
function reviewIn(actionData: unknown): BidReview | undefined {
  return typeof actionData === "object" && actionData !== null && "review" in actionData
    ? (actionData as { review: BidReview }).review
    : undefined;
}
