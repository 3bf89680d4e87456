import { type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { findPublicEvent } from "~/events/public-event.server";
import { fundraiserWords, organisationFundraisers } from "~/giving/fundraisers.server";
import { FundraiserLeaderboard } from "~/giving/ui/fundraiser-pages";
import { paths } from "~/http/paths";
import biddingHref from "~/styles/bidding.css";
import givingHref from "~/styles/giving.css";
import { ErrorPage } from "~/ui/error-page";
import { GuestPage } from "~/ui/guest-bar";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: biddingHref },
  { rel: "stylesheet", href: givingHref },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `All ${data.words.plural} · ${data.eventTitle}` : "Fundraisers · Gavel" },
];

/**
 * /allcattlemen?id=: every public fundraiser's page of the organisation's current events (the event of ?id names
 * the organisation, and its words name the pages), most raised first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  const [words, fundraisers] = await Promise.all([
    fundraiserWords(event.event_id),
    organisationFundraisers(event.event_id),
  ]);
  return {
    eventId: event.event_id,
    eventTitle: event.title,
    currency: event.currency,
    words,
    fundraisers,
    guestName: user ? (user.first_name ?? user.email_address) : null,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(paths.allcattlemen(event.event_id))}`,
  };
}

export default function AllFundraisersPage() {
  const data = useLoaderData<typeof loader>();
  const plural = data.words.plural;
  return (
    <GuestPage bar={data} className="giving">
      <section className="guest-card giving__card" aria-labelledby="all-heading">
        <h1 id="all-heading">All {plural}</h1>
        {data.fundraisers.length === 0 ? (
          <p>No pages yet.</p>
        ) : (
          <FundraiserLeaderboard
            fundraisers={data.fundraisers}
            currency={data.currency}
            label={`${plural} of every event, most raised first`}
          />
        )}
        <p className="giving__muted">
          <a href={paths.cattlemen(data.eventId)}>
            {plural} of {data.eventTitle}
          </a>
        </p>
      </section>
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
