import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import {
  GUEST_INVOICE_FORM,
  GUEST_INVOICE_INTENT,
  guestPaymentSchema,
  type GuestInvoiceIntent,
  type GuestPayment,
} from "~/billing/guest-invoice-form";
import { guestInvoiceAction, guestInvoicePage } from "~/billing/guest-invoice.server";
import { GuestInvoiceScreen } from "~/billing/ui/guest-invoice-screen";
import { intentAction } from "~/forms/intent-action.server";
import { publicOrigin } from "~/security/request.server";
import billingHref from "~/styles/billing.css";
import { ErrorPage } from "~/ui/error-page";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: billingHref }];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Invoice ${page.invoice.number} · ${page.invoice.eventTitle}` : "Invoice · Gavel" },
  // A signed link opens this page: keep it out of search engines and out of the Referer sent to other sites (the
  // payment page). "same-origin", not "no-referrer": the latter makes the browser post the page's forms with
  // "Origin: null", which is how other sites' forms look.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

/**
 * /invoice?t=<signed>: a guest's invoice, reached from the link the organisers send or the bidder pages. Pay the
 * balance with the card on file or a new card (the provider's page), save or replace a card, see the receipt.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = await guestInvoicePage(url);
  // Back from the payment page: show the invoice at its own address, so a reload does not repeat anything.
  if (page.notice && ["paid_session", "card_session", "cancelled"].some((name) => url.searchParams.has(name)))
    throw redirect(`${page.selfPath}&notice=${page.notice}`);
  return { ...page, notice: page.notice ?? url.searchParams.get("notice") };
}

/** Pay with the card on file, pay with a new card, save a card: answered on the page as one line, `problem`. */
export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  /** One button of the page, carried out by the domain: a redirect (paid, or the provider's page), or a decline. */
  const pay = (intent: GuestInvoiceIntent) => ({
    formId: GUEST_INVOICE_FORM,
    schema: guestPaymentSchema,
    run: async (_: unknown, payment: GuestPayment) => {
      const outcome = await guestInvoiceAction(url, publicOrigin(request), intent, {
        coverFee: payment.cover_fee,
        saveCard: payment.save_card,
        amount: payment.amount,
        submissionKey: payment.submission,
      });
      if ("redirect" in outcome) return redirect(outcome.redirect);
      return data({ problem: outcome.declined }, { status: 402 });
    },
  });
  return intentAction(request, {
    // The signed link in ?t is the access: the domain reads it, and refuses a link that is not one.
    access: async () => ({}),
    intents: (intent) => ({
      [GUEST_INVOICE_INTENT.paySaved]: intent(pay(GUEST_INVOICE_INTENT.paySaved)),
      [GUEST_INVOICE_INTENT.payNew]: intent(pay(GUEST_INVOICE_INTENT.payNew)),
      [GUEST_INVOICE_INTENT.saveCard]: intent(pay(GUEST_INVOICE_INTENT.saveCard)),
    }),
    refusal: (reply) => data({ problem: Object.values(reply.error ?? {}).flat()[0] ?? "" }, { status: 400 }),
  });
}

export default function InvoicePage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <GuestInvoiceScreen {...page} problem={answer?.problem ?? null} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
