import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type LinksFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/access.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { cardLabel } from "~/billing/card-label";
import { cardOnFile, finishCardSetup, startCardSetup } from "~/billing/cards.server";
import { db } from "~/db.server";
import { findPublicEvent } from "~/events/public-event.server";
import { Refusal } from "~/forms/refusal";
import { paths } from "~/http/paths";
import { publicOrigin } from "~/security/request.server";
import billingHref from "~/styles/billing.css";
import { Button, ButtonLink } from "~/ui/button";
import { ErrorPage } from "~/ui/error-page";
import { FormAlert } from "~/ui/form-alert";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: billingHref }];
export const meta: MetaFunction = () => [{ title: "Save a card · Gavel" }];

/**
 * /billing/card?id=<event>&returnTo=<page>: a signed-in guest saves (or replaces) the card this event keeps on file,
 * on the payment provider's page, and comes back to where they were (the bidder page, registration). Back from
 * the provider, ?card_session= keeps the card.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const event = await findPublicEvent(request);
  const url = new URL(request.url);
  const returnTo = safeRedirect(url.searchParams.get("returnTo"), paths.event(event.event_id));
  const session = url.searchParams.get("card_session");
  if (session) {
    try {
      await finishCardSetup(event.event_id, session);
    } catch (error) {
      // The event takes no cards (any more): the way back from a payment page it cannot have opened.
      if (error instanceof Refusal) throw new Response(error.message, { status: 400 });
      throw error;
    }
    throw redirect(returnTo);
  }
  const card = await cardOnFile(db, event.event_id, user.usr_id);
  return { eventTitle: event.title, card: card ? cardLabel(card) : null, returnTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const event = await findPublicEvent(request);
  const url = new URL(request.url);
  const returnTo = safeRedirect(url.searchParams.get("returnTo"), paths.event(event.event_id));
  const back = `${publicOrigin(request)}/billing/card?${new URLSearchParams({ id: String(event.event_id), returnTo })}`;
  try {
    return redirect(
      await startCardSetup(event.event_id, user.usr_id, {
        successUrl: `${back}&card_session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicOrigin(request)}${returnTo}`,
      }),
    );
  } catch (error) {
    if (error instanceof Refusal) return data({ problem: error.message }, { status: 400 });
    throw error;
  }
}

export default function SaveCardPage() {
  const { eventTitle, card, returnTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main className="guest-invoice">
      <p className="guest-invoice__event">{eventTitle}</p>
      <h1>{card ? "Your card on file" : "Save a card"}</h1>
      {answer?.problem ? <FormAlert>{answer.problem}</FormAlert> : null}
      <p>
        {card
          ? `${card} is saved for this event. You can replace it.`
          : "The event keeps a card on file for what you win or pledge. It is saved now and charged only at checkout."}
      </p>
      <Form method="post" className="guest-invoice__ways">
        <Button type="submit" variant="primary" size="lg">
          {card ? "Replace my card" : "Save a card"}
        </Button>
      </Form>
      <ButtonLink to={returnTo} variant="ghost">
        Back
      </ButtonLink>
    </main>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
