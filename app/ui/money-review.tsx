/**
 * The confirm step before a guest's money is recorded: raffle tickets, a duel gift, a gift on /dp (DOMAIN "Money":
 * guests see the exact total, fee included, before they confirm). A plain form, so it works without JavaScript: the
 * guest's first post answers this review, and only its Confirm, which carries the same fields and submission key,
 * records. Change goes back to the form without recording: a link, or a post (`step=change`) when the form's typed
 * values should come back with it.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Button, ButtonLink } from "./button";
import type { ReactNode } from "react";

export function MoneyReview({
  heading,
  summary,
  fields,
  confirmLabel,
  changeHref,
  children,
}: {
  heading: string;
  /** One sentence: what, how much in all, and where it goes (on the bill, or to the card payment page). */
  summary: string;
  /** What the first post sent, posted again with the confirmation. */
  fields: Record<string, string>;
  confirmLabel: string;
  /** Where Change goes; without it, Change posts the fields back with `step=change`. */
  changeHref?: string;
  children?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="guest-card bid-panel bid-panel--confirm" aria-labelledby="money-review-heading">
      <h2 id="money-review-heading">{heading}</h2>
      <p className="bid-panel__summary">{summary}</p>
      {children}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="bid-panel__row">
        <Button
          type="submit"
          name="step"
          value="confirm"
          variant="primary"
          size="lg"
          disabled={busy}
          // The review exists for this one button: the guest confirms with Enter or a tap where they look.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        >
          {busy ? "Sending…" : confirmLabel}
        </Button>
        {changeHref ? (
          <ButtonLink to={changeHref} variant="ghost" size="lg">
            Change
          </ButtonLink>
        ) : (
          <Button type="submit" name="step" value="change" variant="ghost" size="lg" disabled={busy}>
            Change
          </Button>
        )}
      </div>
    </Form>
  );
}

/** Said instead of a form that would put something on the bill, while the event asks this guest to save a card. */
export function CardFirst({ cardHref }: { cardHref: string }) {
  return (
    <div className="bid-panel">
      <p>
        This event asks for a card on file before anything goes on your bill. It is saved, not charged: you pay at
        checkout.
      </p>
      <ButtonLink to={cardHref} variant="primary" size="lg" reloadDocument>
        Save a card
      </ButtonLink>
    </div>
  );
}
