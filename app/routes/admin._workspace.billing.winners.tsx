import { randomUUID } from "node:crypto";
import { Form, Link, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { chargeAllCards, latestChargeRun } from "~/billing/charge-all.server";
import { chargeCardOnFile, compLine, recordManualPayment } from "~/billing/charges.server";
import {
  CASH_FORM,
  cashSchema,
  CHARGE_ALL_FORM,
  chargeAllSchema,
  CHARGE_FORM,
  chargeSchema,
  CHECK_FORM,
  checkSchema,
  compFormOf,
  compSchema,
  RECEIPT_FORM,
  WINNERS_INTENT,
  receiptSchema,
} from "~/billing/checkout-forms";
import { invoicePath } from "~/billing/invoice-link.server";
import { sendReceipt } from "~/billing/receipt-mail.server";
import { billingSettings } from "~/billing/settings.server";
import { ChargeAllPanel } from "~/billing/ui/charge-all-panel";
import { CheckoutPanel } from "~/billing/ui/checkout-panel";
import { WinnersTable } from "~/billing/ui/winners-table";
import { winnersScreen } from "~/billing/winners.server";
import { eventSettings } from "~/events/event-settings.server";
import { intentAction } from "~/forms/intent-action.server";
import { refuseForm } from "~/forms/reply.server";
import { rowId } from "~/forms/rules";
import { paths } from "~/http/paths";
import { publicOrigin } from "~/security/request.server";
import { Button } from "~/ui/button";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

export const meta = titleMeta("Winners · Billing · Gavel");

/**
 * /admin/billing/winners: every guest who owes, searchable by paddle or name; a guest's invoice with the ways to
 * take payment; and "charge all cards on file". A paddle number and Enter open the guest (one match opens it).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_bill");
  const url = new URL(request.url);
  const guestParam = rowId.safeParse(url.searchParams.get("guest"));
  const screen = await winnersScreen(eventId, {
    search: url.searchParams.get("q") ?? "",
    invoiceId: guestParam.success ? guestParam.data : null,
  });
  const { timezone } = await eventSettings(eventId);
  const { cardsEnabled } = await billingSettings(eventId);
  return {
    ...screen,
    cardsEnabled,
    timeZone: timezone,
    guest: screen.guest ? { ...screen.guest, invoiceLink: invoicePath(eventId, screen.guest.invoiceId) } : null,
    run: await latestChargeRun(eventId),
    // A fresh key per page view: a form sent twice from this page records one cash or check payment.
    submissionKey: randomUUID(),
  };
}

/** Charge the card on file, take cash or a check, comp a line, email the receipt; charge every card on file. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, "can_bill");
      return { eventId, byUsrId: user.usr_id };
    },
    intents: (intent) => ({
      [WINNERS_INTENT.charge]: intent({
        formId: CHARGE_FORM,
        schema: chargeSchema,
        run: async ({ eventId, byUsrId }, { invoice, amount, cover_fee }) => {
          const { currency } = await eventSettings(eventId);
          const charge = { byUsrId, amount: amount ?? undefined, coverFee: cover_fee };
          const result = await chargeCardOnFile(eventId, invoice, charge);
          if (result.status === "paid") return `Charged ${formatMoney(result.amount, currency)}`;
          if (result.status === "nothing_owed") return "Nothing is owed: no charge made";
          if (result.status === "no_card") return refuseForm(CHARGE_FORM, "This guest has no card on file.");
          return refuseForm(CHARGE_FORM, `Not charged: ${result.message}`);
        },
      }),
      [WINNERS_INTENT.cash]: intent({
        formId: CASH_FORM,
        schema: cashSchema,
        run: (call, paid) => recordPaid(call, "cash", paid),
      }),
      [WINNERS_INTENT.check]: intent({
        formId: CHECK_FORM,
        schema: checkSchema,
        run: (call, paid) => recordPaid(call, "check", paid),
      }),
      [WINNERS_INTENT.comp]: intent({
        formId: compFormOf,
        schema: compSchema,
        run: async ({ eventId, byUsrId }, { invoice, line, reason }) => {
          await compLine(eventId, invoice, line, { reason, byUsrId });
          return "Line comped";
        },
      }),
      [WINNERS_INTENT.emailReceipt]: intent({
        formId: RECEIPT_FORM,
        schema: receiptSchema,
        unparsed: "Choose a guest.",
        run: async ({ eventId, request }, { invoice }) => {
          const link = `${publicOrigin(request)}${invoicePath(eventId, invoice)}`;
          return `Receipt sent to ${await sendReceipt(eventId, invoice, link)}`;
        },
      }),
      [WINNERS_INTENT.chargeAll]: intent({
        formId: CHARGE_ALL_FORM,
        schema: chargeAllSchema,
        run: async ({ eventId, byUsrId }) => {
          if (!(await billingSettings(eventId)).cardsEnabled)
            return refuseForm(CHARGE_ALL_FORM, "Cards are not set up for this event: add the keys at Setup › Billing.");
          const { resumed } = await chargeAllCards(eventId, byUsrId);
          return resumed ? "Resuming the unfinished run" : "Charging every card on file";
        },
      }),
    }),
  });
}

/** Cash or a check taken at checkout: the page's submission key records it once however often it is posted. */
async function recordPaid(payer: { eventId: number; byUsrId: number }, method: "cash" | "check", paid: ManualPaid) {
  const { invoice, amount, submission, check_number = null } = paid;
  const { eventId, byUsrId } = payer;
  const input = { method, amount: amount!, checkNumber: check_number, byUsrId, submissionKey: submission };
  await recordManualPayment(eventId, invoice, input);
  return method === "cash" ? "Cash recorded" : "Check recorded";
}

type ManualPaid = z.output<typeof cashSchema> & { check_number?: string };

export default function WinnersPage() {
  const { winners, owing, guest, currency, timeZone, run, submissionKey, cardsEnabled } =
    useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const running = run !== null && !run.finished;
  // While charge-all runs, follow its progress (without JavaScript, the page refreshes itself: see below).
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <>
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <div className="page-header">
        <h1>Winners</h1>
        <p>
          {params.get("q")
            ? `Guests found who owe money: ${owing}.`
            : owing === 1
              ? "1 guest owes money."
              : `${owing} guests owe money.`}{" "}
          Type a paddle number or a name to check a guest out.
        </p>
      </div>
      <div className="billing-winners">
        <div className="billing-winners__list">
          <Form method="get" className="billing-search" role="search">
            <label htmlFor="winners-search">Paddle or name</label>
            <input id="winners-search" name="q" type="search" defaultValue={params.get("q") ?? ""} autoComplete="off" />
            <Button type="submit">Find</Button>
          </Form>
          {cardsEnabled ? (
            <ChargeAllPanel run={run} currency={currency} winners={winners} />
          ) : (
            <p className="muted">
              Cards are not set up for this event: take cash and checks here, or add the Stripe keys at{" "}
              <Link to={paths.setupBilling(params.get("id") || undefined)}>Setup › Billing</Link>.
            </p>
          )}
          <WinnersTable winners={winners} openInvoiceId={guest?.invoiceId ?? null} currency={currency} />
        </div>
        {guest ? (
          <CheckoutPanel key={guest.invoiceId} guest={guest} timeZone={timeZone} submissionKey={submissionKey} />
        ) : null}
      </div>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
