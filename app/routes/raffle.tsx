import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { needsCardForCredit, saveCardHref } from "~/billing/cards.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { findPublicEvent } from "~/events/public-event.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { paths } from "~/http/paths";
import { GUEST_RAFFLE_FORM, guestRaffleSchema } from "~/raffles/raffle-forms";
import { reviewGuestRaffleSale, sellRaffleTickets } from "~/raffles/raffle-sales.server";
import { guestRafflePage, raffleDeskMarker } from "~/raffles/raffle-screens.server";
import { GuestRaffleScreen } from "~/raffles/ui/guest-raffle-screen";
import biddingHref from "~/styles/bidding.css";
import givingHref from "~/styles/giving.css";
import { ErrorPage } from "~/ui/error-page";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: biddingHref },
  { rel: "stylesheet", href: givingHref },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Raffle · ${data.eventTitle}` : "Raffle · Gavel" },
];

/**
 * /raffle?id=: a guest buys raffle tickets on their phone (public; buying needs the guest signed in, and a card on
 * file when the event asks for one). Works without JavaScript: a first POST answers the review (what goes on the
 * bill), the confirming POST buys, then a redirect here with the new ticket numbers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  const [page, { marker }] = await Promise.all([
    guestRafflePage(event.event_id, user?.usr_id ?? null),
    raffleDeskMarker(db, event.event_id),
  ]);
  const url = new URL(request.url);
  const boughtRaffle = readRowId(url.searchParams.get("bought"));
  const boughtRow = page.raffles.find((row) => row.id === boughtRaffle);
  const numbers = (url.searchParams.get("numbers") ?? "").split(",").map(Number);
  const here = paths.raffle(event.event_id);
  return {
    cardHref:
      user && (await needsCardForCredit(db, event.event_id, user.usr_id)) ? saveCardHref(event.event_id, here) : null,
    ...page,
    eventId: event.event_id,
    marker,
    // Tickets sold and prizes drawn reach the page as they happen.
    streamUrl: paths.raffleStream(event.event_id),
    guestName: user ? (user.first_name ?? user.email_address) : null,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
    submissionKey: randomUUID(),
    // Only numbers that are the guest's own are shown back.
    bought: boughtRow
      ? { raffleTitle: boughtRow.title, numbers: numbers.filter((number) => boughtRow.mine.includes(number)) }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  if (!user) throw redirect(`/auth/sign-in?returnTo=${encodeURIComponent(paths.raffle(event.event_id))}`);
  return answerForm(GUEST_RAFFLE_FORM, parseForm(await readPostedForm(request), guestRaffleSchema), async (input) => {
    if (input.step === "review") {
      const review = await reviewGuestRaffleSale(event.event_id, user.usr_id, input.bundle);
      return { formId: GUEST_RAFFLE_FORM, review: { ...review, bundleId: input.bundle, submission: input.submission } };
    }
    const sold = await sellRaffleTickets(event.event_id, {
      bundleId: input.bundle,
      buyer: { usrId: user.usr_id },
      submissionKey: input.submission,
      byUsrId: user.usr_id,
    });
    return redirect(paths.raffle(event.event_id, { bought: sold.raffleId, numbers: sold.numbers }));
  });
}

export default function GuestRafflePage() {
  return <GuestRaffleScreen data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
