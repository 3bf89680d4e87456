import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { getSignedInUser, type SignedInUser } from "~/auth/access.server";
import { db } from "~/db.server";
import { findPublicEvent } from "~/events/public-event.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { refuseSubmission, refuseWith } from "~/forms/reply.server";
import { paths } from "~/http/paths";
import {
  guestPledgePage,
  pledgeAsGuest,
  reviewWithoutKey,
  type GuestIdentity,
} from "~/paddle-raise/guest-pledge.server";
import { GUEST_PLEDGE_FORM, guestPledgeSchema } from "~/paddle-raise/pledge-forms";
import { GuestPledgeScreen } from "~/paddle-raise/ui/guest-pledge-screen";
import pageStylesHref from "~/styles/pages/pi.css";
import { ErrorPage } from "~/ui/error-page";
import { fullName } from "~/ui/format";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.raise?.title ?? "Paddle raise"} · ${data.eventTitle}` : "Paddle raise · Gavel" },
];

const identity = (user: SignedInUser): GuestIdentity => ({
  usrId: user.usr_id,
  firstName: user.first_name,
  name: fullName(user.first_name, user.last_name) || user.email_address,
});

/**
 * /pi?id=: a guest's own paddle raise on their phone (public; pledging needs the guest signed in, with the code
 * sign-in). Choose a level or an amount, review, confirm: it reaches the clerk's screen and the room's monitors like
 * a spotted paddle, and is billed at checkout. Works without JavaScript: the choice is a GET form, the confirmation
 * a POST. The choice form's submission key stays in the review's address, so Back to the review after pledging and
 * confirming again answers with the pledge already recorded.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  const url = new URL(request.url);
  const keyed = reviewWithoutKey(url.searchParams);
  if (keyed) throw redirect(`${url.pathname}?${keyed}`);
  const page = await guestPledgePage(db, event.event_id, user ? identity(user) : null, url.searchParams);
  const here = paths.pi(event.event_id, { raise: page.raise?.id });
  return {
    ...page,
    eventId: event.event_id,
    eventTitle: event.title,
    currency: event.currency,
    guestName: user ? (user.first_name ?? identity(user).name) : null,
    firstName: user?.first_name ?? null,
    here,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
    streamUrl: paths.piStream(event.event_id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  if (!user) throw redirect(`/auth/sign-in?returnTo=${encodeURIComponent(paths.pi(event.event_id))}`);
  const submission = parseForm(await readPostedForm(request), guestPledgeSchema);
  if (submission.status !== "success") return refuseSubmission(GUEST_PLEDGE_FORM, submission);
  try {
    const pledgeId = await pledgeAsGuest(db, event.event_id, identity(user), submission.value);
    return redirect(paths.pi(event.event_id, { raise: submission.value.raise, thanks: pledgeId }));
  } catch (error) {
    if (error instanceof Refusal) return refuseWith(GUEST_PLEDGE_FORM, submission, error);
    throw error;
  }
}

export default function GuestPledgePage() {
  return <GuestPledgeScreen {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
