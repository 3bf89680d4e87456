import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { needsCardForCredit, saveCardHref } from "~/billing/cards.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { GIVE_FORM, giveSchema } from "~/duels/duels";
import { duelBoards, giveToDuel, guestGift, reviewDuelGift } from "~/duels/duels.server";
import { DuelScreen, type DuelPageData } from "~/duels/ui/duel-screen";
import { findPublicEvent } from "~/events/public-event.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { paths } from "~/http/paths";
import biddingHref from "~/styles/bidding.css";
import duelHref from "~/styles/duel.css";
import { ErrorPage } from "~/ui/error-page";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: biddingHref },
  { rel: "stylesheet", href: duelHref },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Duel · ${data.eventTitle}` : "Duel · Gavel" },
];

/**
 * /duel?id=[&duel=]: head-to-head giving (public; giving needs the guest signed in, with the code sign-in). Two
 * sides' totals live; a tap on an amount asks to confirm the gift to a side, billed at checkout (with a card on file
 * first when the event asks for one). Works without JavaScript: the first POST answers the review, the confirming
 * POST gives.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<DuelPageData> {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  const params = new URL(request.url).searchParams;
  const chosenId = readRowId(params.get("duel"));
  const thanksId = readRowId(params.get("thanks"));
  const here = paths.duel(event.event_id, { duel: chosenId || undefined });
  const [boards, thanks, needsCard] = await Promise.all([
    duelBoards(db, event.event_id),
    user && thanksId ? guestGift(db, event.event_id, user.usr_id, thanksId) : null,
    user ? needsCardForCredit(db, event.event_id, user.usr_id) : false,
  ]);
  return {
    eventId: event.event_id,
    eventTitle: event.title,
    currency: event.currency,
    timeZone: event.timezone || "UTC",
    boards,
    chosenId,
    guestName: user ? user.first_name || user.email_address : null,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
    cardHref: needsCard ? saveCardHref(event.event_id, here) : null,
    here,
    streamUrl: paths.duelStream(event.event_id),
    thanks: thanks && { amount: thanks.amount, side: thanks.side as "a" | "b", duelId: thanks.duelId },
    // A double tap of this page's buttons gives once.
    giftKey: crypto.randomUUID(),
    loadedAt: Date.now(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const event = await findPublicEvent(request);
  const user = await getSignedInUser(request);
  if (!user) throw redirect(`/auth/sign-in?returnTo=${encodeURIComponent(paths.duel(event.event_id))}`);
  return answerForm(GIVE_FORM, parseForm(await readPostedForm(request), giveSchema), async (input) => {
    const gift = {
      duelId: input.duel,
      side: input.side,
      amount: input.amount,
      idempotencyKey: `duel-${user.usr_id}-${input.key}`,
    };
    if (input.step === "review") {
      const review = await reviewDuelGift(db, event.event_id, user.usr_id, gift);
      return { formId: GIVE_FORM, review: { ...review, duelId: input.duel, side: input.side, key: input.key } };
    }
    const giftId = await giveToDuel(db, event.event_id, user.usr_id, gift);
    return redirect(paths.duel(event.event_id, { duel: input.duel, thanks: giftId }));
  });
}

export default function DuelPage() {
  return <DuelScreen {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
