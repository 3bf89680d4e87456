/**
 * /raffle on a guest's phone: each open raffle with its prizes, tickets sold (the odds, kept up to date as they sell)
 * and bundles, the guest's own ticket numbers, and the licence number where the event shows one. Buying is two plain
 * POST forms, so it works without JavaScript: the guest chooses a bundle (none is chosen for them), reviews what goes
 * on their invoice, and confirms. While the event asks for a card on file, the guest is sent to save one instead.
 */
import { Form, useNavigation } from "@remix-run/react";
import { formErrorOf, replyFor, type FormReply } from "~/forms/form-contract";
import { paths } from "~/http/paths";
import { useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { Button, ButtonLink } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { GuestPage } from "~/ui/guest-bar";
import { CardFirst, MoneyReview } from "~/ui/money-review";
import { GUEST_RAFFLE_FORM } from "../raffle-forms";
import type { RaffleSaleReview } from "../raffle-sales.server";
import type { guestRafflePage } from "../raffle-screens.server";

type PageData = Awaited<ReturnType<typeof guestRafflePage>> & {
  eventId: number;
  /** The latest sale and draw (raffleDeskMarker): tells whether the stream's first word brings anything new. */
  marker: number;
  streamUrl: string;
  guestName: string | null;
  signInHref: string;
  submissionKey: string;
  /** Where to save the card the event asks for before anything goes on the bill; null when none is needed. */
  cardHref: string | null;
  bought: { raffleTitle: string; numbers: number[] } | null;
};

type Review = RaffleSaleReview & { bundleId: number; submission: string };

export function GuestRaffleScreen({
  data,
  reply,
}: {
  data: PageData;
  reply: FormReply | { formId: string; review: Review } | undefined;
}) {
  // Tickets sold elsewhere and prizes drawn load the page again, except while the guest has a review to confirm or a
  // refusal to read: loading the page again would take those away (they are the post's answer, not the page's data).
  const following = reply === undefined;
  const live = useLiveRefresh(following ? data.streamUrl : null, data.marker);
  const review = reply && "review" in reply ? reply.review : null;
  const money = (cents: number) => formatMoney(cents, data.currency);
  const busy = useNavigation().state === "submitting";
  const error =
    formErrorOf(replyFor(reply, GUEST_RAFFLE_FORM)) ?? replyFor(reply, GUEST_RAFFLE_FORM)?.error?.bundle?.[0];
  return (
    <GuestPage bar={data} live={following ? live : null} className="giving">
      {review ? (
        <MoneyReview
          heading="Confirm your tickets"
          summary={`${review.quantity} ticket${review.quantity === 1 ? "" : "s"} for ${money(review.price)} in ${review.raffleTitle}, on your bill at checkout.`}
          fields={{ bundle: String(review.bundleId), submission: review.submission }}
          confirmLabel={`Confirm: buy for ${money(review.price)}`}
          changeHref={paths.raffle(data.eventId)}
        />
      ) : null}
      {data.bought ? (
        <section className="guest-card giving__card giving__card--thanks" aria-labelledby="bought-heading">
          <h1 id="bought-heading">Good luck!</h1>
          <p>
            Your {data.bought.raffleTitle} ticket{data.bought.numbers.length === 1 ? "" : "s"}, on your bill at
            checkout:
          </p>
          <ul className="giving__numbers" aria-label="Your new ticket numbers">
            {data.bought.numbers.map((number) => (
              <li key={number}>No. {number}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.raffles.length === 0 ? (
        <section className="guest-card giving__card">
          <h1>Raffle</h1>
          <p>No raffle is selling tickets right now.</p>
        </section>
      ) : (
        data.raffles.map((row) => (
          <section key={row.id} className="guest-card giving__card raffle-card" aria-labelledby={`raffle-${row.id}`}>
            <h1 id={`raffle-${row.id}`}>{row.title}</h1>
            {row.description ? (
              <div
                className="giving__muted"
                // Sanitised on the server (app/rich-text/sanitize.server.ts).
                dangerouslySetInnerHTML={{ __html: row.description }}
              />
            ) : null}
            {row.prizes.length > 0 ? (
              // Each prize's winner once drawn; on a wide screen (the room's), the prizes stand beside the rest.
              <div className="raffle-card__prizes">
                <h2>Prizes</h2>
                <ul className="raffle-prizes">
                  {row.prizes.map((prize) => (
                    <li key={prize.id}>
                      <span className="raffle-prizes__title">
                        {prize.title}
                        {prize.value !== null ? ` (value ${money(prize.value)})` : ""}
                      </span>
                      {prize.winner ? (
                        <span className="raffle-prizes__winner">
                          Won by <strong>{prize.winner.name}</strong>, ticket {prize.winner.ticketNumber}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="giving__muted">
              {row.sold} ticket{row.sold === 1 ? "" : "s"} sold so far
              {row.drawAt ? ` · drawn ${row.drawAt}` : ""}. Raffle tickets are not tax deductible.
            </p>
            {row.mine.length > 0 ? (
              <>
                <h2>Your tickets</h2>
                <ul className="giving__numbers">
                  {row.mine.map((number) => (
                    <li key={number}>No. {number}</li>
                  ))}
                </ul>
              </>
            ) : null}
            {review ? null : !row.onSale ? (
              <p className="giving__muted">Tickets are no longer on sale.</p>
            ) : data.guestName === null ? (
              <ButtonLink to={data.signInHref} variant="primary" size="lg">
                Sign in to buy tickets
              </ButtonLink>
            ) : data.cardHref ? (
              <CardFirst cardHref={data.cardHref} />
            ) : (
              <Form method="post" className="giving__form">
                {error ? <FormAlert>{error}</FormAlert> : null}
                <input type="hidden" name="submission" value={data.submissionKey} />
                <fieldset className="giving__choices">
                  <legend>How many tickets</legend>
                  {row.bundles.map((bundle) => (
                    <label key={bundle.id} className="giving__choice">
                      <input type="radio" name="bundle" value={bundle.id} />
                      <span className="giving__choice-main">
                        {bundle.quantity} for {money(bundle.price)}
                      </span>
                    </label>
                  ))}
                </fieldset>
                <Button type="submit" name="step" value="review" variant="primary" size="lg" disabled={busy}>
                  Continue
                </Button>
              </Form>
            )}
          </section>
        ))
      )}
      <p className="giving__muted">
        {data.mustBePresent ? "You must be present to win." : "You need not be present to win."}
      </p>
      {data.licence ? <p className="giving__muted">Raffle licence no. {data.licence}</p> : null}
    </GuestPage>
  );
}
