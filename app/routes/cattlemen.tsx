import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { findPublicEvent } from "~/events/public-event.server";
import { parseForm } from "~/forms/form-contract";
import { answerForm } from "~/forms/reply.server";
import { FUNDRAISER_PAGE_INTENT, FUNDRAISER_SIGNUP_FORM, fundraiserPageSchema } from "~/giving/fundraiser-forms";
import { eventFundraisers, fundraiserWords, ownFundraiser, signUpFundraiser } from "~/giving/fundraisers.server";
import { FundraiserLeaderboard, FundraiserPageForm, fundraiserHref } from "~/giving/ui/fundraiser-pages";
import { paths } from "~/http/paths";
import { redirectWithToast } from "~/http/toast.server";
import { keptImageChange, readFormKeepingImage } from "~/images/upload.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import biddingHref from "~/styles/bidding.css";
import givingHref from "~/styles/giving.css";
import { ButtonLink } from "~/ui/button";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { ErrorPage } from "~/ui/error-page";
import { GuestPage } from "~/ui/guest-bar";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: biddingHref },
  { rel: "stylesheet", href: givingHref },
  ...richTextLinks(),
  ...dateTimeFieldLinks(),
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.words.plural} · ${data.eventTitle}` : "Fundraisers · Gavel" },
];

const here = (eventId: number) => paths.cattlemen(eventId);

/**
 * /cattlemen?id=: the event's peer-to-peer fundraisers (named in the event's own words) as a leaderboard, most
 * raised first, the pages that have ended below it with their final totals, and the form a signed-in supporter fills in to start a page of their own (staff approve it first).
 * Works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  const [words, fundraisers, own] = await Promise.all([
    fundraiserWords(event.event_id),
    eventFundraisers(event.event_id),
    user ? ownFundraiser(event.event_id, user.usr_id) : null,
  ]);
  return {
    eventId: event.event_id,
    eventTitle: event.title,
    currency: event.currency,
    timeZone: event.timezone,
    latestEnd: event.end_date_time?.toISOString() ?? null,
    words,
    fundraisers,
    own,
    guestName: user ? (user.first_name ?? user.email_address) : null,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here(event.event_id))}`,
    allHref: paths.allcattlemen(event.event_id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  if (!user) throw redirect(`/auth/sign-in?returnTo=${encodeURIComponent(here(event.event_id))}`);
  const { form, fieldErrors } = await readFormKeepingImage(request, "photo");
  const submission = parseForm(form, fundraiserPageSchema(event.timezone));
  return answerForm(
    FUNDRAISER_SIGNUP_FORM,
    submission,
    async ({ photo: _upload, photo_pending: _kept, ...page }) => {
      await signUpFundraiser(event.event_id, user.usr_id, { ...page, ...keptImageChange(form, "photo") });
      return redirectWithToast(here(event.event_id), {
        title: "Thank you! Your page is sent",
        description: "The event's team looks at it before it goes public.",
      });
    },
    fieldErrors,
  );
}

export default function FundraisersPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const plural = data.words.plural;
  return (
    <GuestPage bar={data} className="giving">
      <section className="guest-card giving__card" aria-labelledby="fundraisers-heading">
        <h1 id="fundraisers-heading">{plural}</h1>
        <p>Supporters raising money for {data.eventTitle} on their own pages. Give on any page to cheer them on.</p>
        {data.fundraisers.running.length === 0 ? (
          <p>{data.fundraisers.ended.length === 0 ? "No pages yet: be the first." : "No page is taking gifts now."}</p>
        ) : (
          <FundraiserLeaderboard
            fundraisers={data.fundraisers.running}
            currency={data.currency}
            label={`${plural}, most raised first`}
          />
        )}
        {data.fundraisers.ended.length > 0 ? (
          <>
            <h2 id="ended-heading">Ended</h2>
            <FundraiserLeaderboard
              fundraisers={data.fundraisers.ended}
              currency={data.currency}
              label={`${plural} that have ended, with their final totals`}
            />
          </>
        ) : null}
        <p className="giving__muted">
          <a href={data.allHref}>All {plural} of the organisation's events</a>
        </p>
      </section>
      <section className="guest-card giving__card" aria-labelledby="join-heading">
        <h2 id="join-heading">Start your own page</h2>
        {data.own ? (
          data.own.approved ? (
            <p>
              You have a page: <a href={fundraiserHref(data.own.id)}>{data.own.name}</a>. You can change it there.
            </p>
          ) : (
            <p>Your page “{data.own.name}” is waiting for the event's team to approve it.</p>
          )
        ) : data.guestName === null ? (
          <>
            <p>Ask friends and family to give on a page of your own, with your photo, your story and a goal.</p>
            <ButtonLink to={data.signInHref} variant="primary" size="lg">
              Sign in to start a page
            </ButtonLink>
          </>
        ) : (
          <FundraiserPageForm
            formId={FUNDRAISER_SIGNUP_FORM}
            intent={FUNDRAISER_PAGE_INTENT.signUp}
            reply={reply}
            saved={{ name: data.guestName, goal: "", story: "", photo: null, ends_at: "" }}
            submitLabel="Send my page for approval"
            timeZone={data.timeZone}
            latestEnd={data.latestEnd}
          />
        )}
      </section>
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
