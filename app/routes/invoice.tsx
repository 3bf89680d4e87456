import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { guestInvoiceAction, guestInvoicePage } from "~/billing/guest-invoice.server";
import { GuestInvoiceScreen } from "~/billing/ui/guest-invoice-screen";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { readMoney } from "~/forms/rules";
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

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await readPostedForm(request);
  // "Pay part now" (to split the balance across two cards): blank is the whole balance.
  const part = readMoney(String(form.get("amount") ?? ""));
  if ("error" in part) return data({ problem: part.error }, { status: 400 });
  try {
    const outcome = await guestInvoiceAction(url, publicOrigin(request), String(form.get("intent") ?? ""), {
      coverFee: form.get("cover_fee") === "yes",
      saveCard: form.get("save_card") === "yes",
      amount: part.cents,
    });
    if ("redirect" in outcome) return redirect(outcome.redirect);
    return data({ problem: outcome.declined }, { status: 402 });
  } catch (error) {
    if (error instanceof Refusal) return data({ problem: error.message }, { status: 400 });
    throw error;
  }
}

export default function InvoicePage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <GuestInvoiceScreen {...page} problem={answer?.problem ?? null} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
