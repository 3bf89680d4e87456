/**
 * /pi on a guest's phone: the raise's total and recent gifts (live), then three steps: choose a level or an amount
 * (a GET form), review and confirm (a POST), thanks. Big targets; every step works without JavaScript.
 */
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { Button, ButtonLink } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatRoundMoney } from "~/ui/format";
import { GuestPage } from "~/ui/guest-bar";
import { Thermometer } from "~/ui/thermometer";
import { GUEST_PLEDGE_FORM, guestPledgeSchema } from "../pledge-forms";
import { RecentGifts } from "./recent-gifts";
import type { guestPledgePage } from "../guest-pledge.server";

// Types only: erased from the browser's bundle.
type PageData = Awaited<ReturnType<typeof guestPledgePage>> & {
  eventId: number;
  eventTitle: string;
  currency: string;
  guestName: string | null;
  /** The guest's first name, to thank them by; null when their account has none (never their email). */
  firstName: string | null;
  here: string;
  signInHref: string;
  streamUrl: string;
};

export function GuestPledgeScreen(data: PageData) {
  const live = useLiveRefresh(data.streamUrl, data.marker);
  const { raise, currency } = data;
  return (
    <GuestPage bar={data} live={live} className="guest-pledge">
      {raise === null ? (
        <section className="guest-card">
          <h1>Paddle raise</h1>
          <p>No paddle raise is open right now. It opens when the auctioneer calls for it.</p>
        </section>
      ) : (
        <>
          <section className="guest-card guest-pledge__raise" aria-labelledby="raise-heading">
            <h1 id="raise-heading">{raise.title}</h1>
            {data.descriptionHtml ? (
              <div
                className="guest-pledge__description"
                // Sanitised on the server (app/rich-text/sanitize.server.ts).
                dangerouslySetInnerHTML={{ __html: data.descriptionHtml }}
              />
            ) : null}
            <Thermometer total={raise.total} goal={raise.goal} count={raise.count} currency={currency} size="lg" />
          </section>
          {data.thanks ? (
            <Thanks data={data} amount={data.thanks.amount} anonymous={data.thanks.anonymous} />
          ) : data.guestName === null ? (
            <section className="guest-card">
              <h2>Pledge from your phone</h2>
              <p>Sign in with your email to pledge. Your pledge is added to your bill at checkout.</p>
              <ButtonLink to={data.signInHref} variant="primary" size="lg">
                Sign in to pledge
              </ButtonLink>
            </section>
          ) : data.review ? (
            <Review data={data} review={data.review} />
          ) : (
            <Choose data={data} />
          )}
          <section className="guest-card guest-pledge__gifts">
            <RecentGifts gifts={data.recent} currency={currency} headingId="guest-recent-gifts" />
          </section>
        </>
      )}
    </GuestPage>
  );
}

function Choose({ data }: { data: PageData }) {
  const raise = data.raise!;
  const { form, fields } = useContractForm({
    id: GUEST_PLEDGE_FORM,
    schema: guestPledgeSchema,
    reply: data.reply,
    defaultValue: data.choice,
  });
  const [level, setLevel] = useState(String(fields.level.initialValue ?? ""));
  return (
    <section className="guest-card" aria-labelledby="choose-heading">
      <h2 id="choose-heading">Choose your gift</h2>
      <Form method="get" {...formProps(form)} className="guest-pledge__form">
        <input type="hidden" name="id" value={data.eventId} />
        <input type="hidden" name="raise" value={raise.id} />
        <input type="hidden" name="review" value="1" />
        {/* The page's submission key, carried into the review's address: its confirmation sent again is one pledge. */}
        <input type="hidden" name="key" value={data.submissionKey} />
        <fieldset className="pledge-levels pledge-levels--guest">
          <legend>Amount</legend>
          {data.levels.map((candidate) => (
            <label key={candidate.amount} className="pledge-level">
              <input
                type="radio"
                name="level"
                value={candidate.amount}
                defaultChecked={level === String(candidate.amount)}
                onChange={() => setLevel(String(candidate.amount))}
              />
              <span className="pledge-level__amount">{formatRoundMoney(candidate.amount, data.currency)}</span>
              {candidate.label ? <span className="pledge-level__count">{candidate.label}</span> : null}
            </label>
          ))}
          <label className="pledge-level">
            <input
              type="radio"
              name="level"
              value="custom"
              defaultChecked={level === "custom"}
              onChange={() => setLevel("custom")}
            />
            <span className="pledge-level__amount">Another amount</span>
          </label>
          {fields.level.errors ? <p className="field__error">{fields.level.errors[0]}</p> : null}
        </fieldset>
        <Field label="Another amount" meta={fields.custom} help="Only when you chose “Another amount”.">
          {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
        </Field>
        <label className="guest-pledge__check">
          <input
            type="checkbox"
            name="anonymous"
            value="yes"
            defaultChecked={fields.anonymous.initialValue === "yes"}
          />
          Show me as “Anonymous” on the room’s screens
        </label>
        <Button type="submit" variant="primary" size="lg">
          Continue
        </Button>
      </Form>
    </section>
  );
}

function Review({ data, review }: { data: PageData; review: NonNullable<PageData["review"]> }) {
  const raise = data.raise!;
  const refused = useActionData<{ error?: Record<string, string[]> }>();
  const navigation = useNavigation();
  // Posts to this very address (the review's query), so a refusal comes back to this step with its message.
  const { search } = useLocation();
  const message = refused?.error ? Object.values(refused.error).flat()[0] : null;
  const change = `${data.here}&level=${review.level}&custom=${encodeURIComponent(review.custom)}${review.anonymous ? "&anonymous=yes" : ""}`;
  return (
    <section className="guest-card" aria-labelledby="review-heading">
      <h2 id="review-heading">Confirm your pledge</h2>
      {message ? <FormAlert>{message}</FormAlert> : null}
      <p className="big-figure">{formatRoundMoney(review.amount, data.currency)}</p>
      <p>
        to {raise.title}, added to your bill at checkout.{" "}
        {review.anonymous
          ? "The room’s screens will show “Anonymous”."
          : "The room’s screens will show your first name."}
      </p>
      <Form method="post" action={`/pi${search}`} className="guest-pledge__form">
        <input type="hidden" name="raise" value={raise.id} />
        <input type="hidden" name="level" value={review.level} />
        <input type="hidden" name="custom" value={review.custom} />
        <input type="hidden" name="anonymous" value={review.anonymous ? "yes" : "no"} />
        <input type="hidden" name="key" value={review.key} />
        <Button type="submit" variant="primary" size="lg" disabled={navigation.state === "submitting"}>
          Pledge {formatRoundMoney(review.amount, data.currency)}
        </Button>
      </Form>
      <Link to={change}>Change the amount</Link>
    </section>
  );
}

function Thanks({ data, amount, anonymous }: { data: PageData; amount: number; anonymous: boolean }) {
  return (
    <section className="guest-card guest-pledge__card--thanks" aria-labelledby="thanks-heading">
      <h2 id="thanks-heading">Thank you{data.firstName ? `, ${data.firstName}` : ""}!</h2>
      <p>
        Your pledge of <strong>{formatRoundMoney(amount, data.currency)}</strong> is recorded
        {anonymous ? ", as Anonymous on the screens" : ""}. It is added to your bill at checkout.
      </p>
      <Link to={data.here}>Pledge again</Link>
    </section>
  );
}
