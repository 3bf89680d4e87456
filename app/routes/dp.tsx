import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { getSignedInUser, type SignedInUser } from "~/auth/access.server";
import { deviceCookieHeaders, heldDeviceKey } from "~/auth/devices.server";
import { needsCardForCredit, requireCardForCredit, saveCardHref } from "~/billing/cards.server";
import { abandonGiftCheckout, completeGiftCheckout } from "~/billing/donation-checkout.server";
import { readReceiptToken, receiptToken } from "~/billing/gift-receipt-link.server";
import { recordPurchase } from "~/billing/purchases.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { guestBranding } from "~/events/guest-branding.server";
import { findPublicEvent } from "~/events/public-event.server";
import { formReply, postedValues } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import {
  donationPage,
  giftReceipt,
  give,
  openSessionsOfSubmission,
  reviewGift,
  type Donor,
} from "~/giving/donation-page.server";
import { fundraiserForGift } from "~/giving/fundraisers.server";
import { BUY_ITEM_FORM, buyItemSchema, DONATION_PAGE_INTENT, GIFT_FORM, giftSchema } from "~/giving/gift-forms";
import { DonationScreen } from "~/giving/ui/donation-screen";
import { cardsInSandbox } from "~/sandbox/switch.server";
import { publicOrigin } from "~/security/request.server";
import pageStylesHref from "~/styles/pages/dp.css";
import { ErrorPage } from "~/ui/error-page";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Give · ${data.eventTitle}` : "Give · Gavel" },
];

const donorOf = (user: SignedInUser | undefined): Donor | null =>
  user ? { usrId: user.usr_id, firstName: user.first_name, lastName: user.last_name, email: user.email_address } : null;

const pagePath = (eventId: number, extra: Record<string, string> = {}) =>
  `/dp?${new URLSearchParams({ id: String(eventId), ...extra })}`;

/**
 * /dp?id=: the event's donation and items page (public, on a phone first, works without JavaScript). The gift form
 * is posted to review the gift (amount + fee = total, on the bill or by card), then confirmed with the same
 * submission; a gift on the bill needs the card the event may ask for first. A gift by card
 * goes to the payment provider's page and comes back here with `session` (recorded once paid, then the receipt at
 * `receipt=`); `cancelled` is the way back from that page without paying.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const event = await findPublicEvent(request);
  const eventId = event.event_id;
  const url = new URL(request.url);
  const user = await getSignedInUser(request);
  let notice: string | null = null;
  const session = url.searchParams.get("session");
  if (session) {
    const donationId = await completeGiftCheckout(eventId, session);
    if (donationId !== null) throw redirect(pagePath(eventId, { receipt: receiptToken(eventId, donationId) }));
    notice = "Your payment was not completed, so no gift was recorded. You can try again.";
  }
  const cancelled = url.searchParams.get("cancelled");
  if (cancelled) {
    for (const abandoned of await openSessionsOfSubmission(eventId, cancelled))
      await abandonGiftCheckout(eventId, abandoned);
    notice = "Your card was not charged. You can choose again.";
  }
  const receiptId = readReceiptToken(eventId, url.searchParams.get("receipt"));
  // A fundraiser's give button (/dp?fundraiser=): the gift counts on that page.
  const fundraiserId = readRowId(url.searchParams.get("fundraiser"));
  const page = fundraiserId === null ? null : await fundraiserForGift(eventId, fundraiserId);
  // An ended page takes no more gifts: the form gives to the event, and says so.
  const fundraiser = page && page.endedOn === null ? { id: page.id, name: page.name } : null;
  const here = pagePath(eventId, fundraiser ? { fundraiser: String(fundraiser.id) } : {});
  const giving = await donationPage(eventId);
  // A give button of the giving page (/dp?amount=) chooses one of the suggested amounts.
  const amount = url.searchParams.get("amount");
  // The gift form's payment pages are paced by the browser's device cookie (giving/gift-page-pacing.server.ts).
  const headers = await deviceCookieHeaders(request);
  return data(
    {
      ...giving,
      eventId,
      branding: guestBranding(event),
      fundraiser,
      fundraiserEnded: page?.endedOn
        ? `${page.name}'s page ended on ${page.endedOn}: a gift here goes to the event.`
        : null,
      preset: giving.suggested.some((suggested) => String(suggested) === amount) ? amount : null,
      demoSandbox: cardsInSandbox(eventId),
      guest: user
        ? {
            name: user.first_name ?? user.email_address,
            firstName: user.first_name,
            lastName: user.last_name,
            email: user.email_address,
          }
        : null,
      signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(here)}`,
      // Where to save the card the event asks for before a gift goes on the bill.
      cardHref: user && (await needsCardForCredit(db, eventId, user.usr_id)) ? saveCardHref(eventId, here) : null,
      // A fresh key per page view: the same form sent twice is one gift (or one payment page).
      submissionKey: randomUUID(),
      receipt: receiptId === null ? null : await giftReceipt(eventId, receiptId),
      notice,
      bought: url.searchParams.get("bought") ? "Bought: it is on your bill at checkout." : null,
    },
    { headers },
  );
}

/** A gift (reviewed, then confirmed: by card or on the bill), or an item bought onto the guest's bill. */
export async function action({ request, context }: ActionFunctionArgs) {
  return intentAction(request, {
    // The page is public; buying needs a signed-in guest, and a gift says who gave when one is signed in.
    access: async (request) => ({
      eventId: (await findPublicEvent(request)).event_id,
      user: await getSignedInUser(request),
    }),
    intents: (intent) => ({
      [DONATION_PAGE_INTENT.buy]: intent({
        formId: BUY_ITEM_FORM,
        // Someone not signed in is sent to sign in first, before the form is read.
        schema: ({ eventId, user }) => {
          if (!user) throw redirect(`/auth/sign-in?returnTo=${encodeURIComponent(pagePath(eventId))}`);
          return buyItemSchema;
        },
        run: async ({ eventId, user, form }, input) => {
          // On the bill, like a gift there: the event's card rule first, then the guest confirms before it is bought.
          await requireCardForCredit(db, eventId, user!.usr_id);
          if (form.get("step") !== "confirm")
            return data({ formId: BUY_ITEM_FORM, buyReview: input.item, fields: postedFields(form) });
          await recordPurchase(eventId, {
            itemId: input.item,
            paddle: null,
            buyerUsrId: user!.usr_id,
            quantity: 1,
            submissionKey: input.submission,
            byUsrId: user!.usr_id,
          });
          return redirect(pagePath(eventId, { bought: String(input.item) }));
        },
      }),
      [DONATION_PAGE_INTENT.give]: intent({
        formId: GIFT_FORM,
        schema: giftSchema,
        run: async ({ eventId, user, form }, input) => {
          // The form again with what was typed, to change it.
          if (input.step === "change") return data(formReply(GIFT_FORM, { values: postedValues(form) }));
          if (input.step === "review") {
            const review = await reviewGift(eventId, input, donorOf(user));
            return data({ formId: GIFT_FORM, review, fields: postedFields(form) });
          }
          const origin = publicOrigin(request);
          const answer = await give(
            eventId,
            input,
            donorOf(user),
            {
              successUrl: `${origin}${pagePath(eventId)}&session={CHECKOUT_SESSION_ID}`,
              cancelUrl: `${origin}${pagePath(eventId, {
                cancelled: input.submission,
                ...(input.fundraiser === null ? {} : { fundraiser: String(input.fundraiser) }),
              })}`,
            },
            { device: await heldDeviceKey(request), ip: context.clientAddress },
          );
          if (answer.kind === "redirect") return redirect(answer.url);
          return redirect(pagePath(eventId, { receipt: receiptToken(eventId, answer.donationId) }));
        },
      }),
    }),
  });
}

/** The gift form's fields as posted, to post again from the review. */
function postedFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && name !== "step") fields[name] = value;
  return fields;
}

export default function DonationPage() {
  return <DonationScreen data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
