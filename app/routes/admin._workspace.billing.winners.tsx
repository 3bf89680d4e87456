import { randomUUID } from "node:crypto";
import { Form, Link, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { latestChargeRun, processChargeRun, runIsIdle, startChargeAll } from "~/billing/charge-all.server";
import { chargeCardOnFile, compLine, recordManualPayment } from "~/billing/charges.server";
import {
  CASH_FORM,
  cashSchema,
  CHARGE_ALL_FORM,
  CHARGE_FORM,
  chargeSchema,
  CHECK_FORM,
  checkSchema,
  compFormId,
  compSchema,
} from "~/billing/checkout-forms";
import { invoicePath } from "~/billing/invoice-link.server";
import { sendReceipt } from "~/billing/receipt-mail.server";
import { billingSettings } from "~/billing/settings.server";
import { ChargeAllPanel } from "~/billing/ui/charge-all-panel";
import { CheckoutPanel } from "~/billing/ui/checkout-panel";
import { WinnersTable } from "~/billing/ui/winners-table";
import { winnersScreen } from "~/billing/winners.server";
import { eventSettings } from "~/events/event-settings.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm, refuseForm } from "~/forms/reply.server";
import { rowId } from "~/forms/rules";
import { paths } from "~/http/paths";
import { backWithToast, redirectWithToast } from "~/http/toast.server";
import { publicOrigin } from "~/security/request.server";
import { Button } from "~/ui/button";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

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

export async function action({ request }: ActionFunctionArgs) {
  const { eventId, user } = await requireEventPermission(request, "can_bill");
  const formData = await readPostedForm(request);
  const intent = formData.get("intent");
  const { currency } = await eventSettings(eventId);
  const money = (cents: number) => formatMoney(cents, currency);
  switch (intent) {
    case "charge":
      return answerForm(CHARGE_FORM, parseForm(formData, chargeSchema), async (input) => {
        const result = await chargeCardOnFile(eventId, input.invoice, {
          byUsrId: user.usr_id,
          amount: input.amount ?? undefined,
          coverFee: input.cover_fee,
        });
        if (result.status === "paid") return backWithToast(request, `Charged ${money(result.amount)}`);
        if (result.status === "nothing_owed") return backWithToast(request, "Nothing is owed: no charge made");
        if (result.status === "no_card") return refuseForm(CHARGE_FORM, "This guest has no card on file.");
        return refuseForm(CHARGE_FORM, `Not charged: ${result.message}`);
      });
    case "cash":
    case "check":
      return answerForm(
        intent === "cash" ? CASH_FORM : CHECK_FORM,
        parseForm(formData, intent === "cash" ? cashSchema : checkSchema),
        async (input) => {
          await recordManualPayment(eventId, input.invoice, {
            method: intent,
            amount: input.amount!,
            checkNumber: "check_number" in input ? (input.check_number as string) : null,
            byUsrId: user.usr_id,
            submissionKey: input.submission,
          });
          return backWithToast(request, intent === "cash" ? "Cash recorded" : "Check recorded");
        },
      );
    case "comp": {
      const submission = parseForm(formData, compSchema);
      const line = Number(formData.get("line"));
      return answerForm(compFormId(Number.isSafeInteger(line) ? line : 0), submission, async (input) => {
        await compLine(eventId, input.invoice, input.line, { reason: input.reason, byUsrId: user.usr_id });
        return backWithToast(request, "Line comped");
      });
    }
    case "email-receipt": {
      const invoiceId = rowId.safeParse(formData.get("invoice"));
      if (!invoiceId.success) return refuseForm("email-receipt", "Choose a guest.");
      const sentTo = await sendReceipt(
        eventId,
        invoiceId.data,
        `${publicOrigin(request)}${invoicePath(eventId, invoiceId.data)}`,
      );
      return backWithToast(request, `Receipt sent to ${sentTo}`);
    }
    case "charge-all": {
      if (!(await billingSettings(eventId)).cardsEnabled)
        return refuseForm(CHARGE_ALL_FORM, "Cards are not set up for this event: add the keys at Setup › Billing.");
      const { runId, resumed } = await startChargeAll(eventId, user.usr_id);
      // The charges run on after this answer; the page follows their progress. A run whose worker died is resumed.
      if (!resumed || (await runIsIdle(eventId, runId)))
        void processChargeRun(eventId, runId).catch((error: unknown) => console.error("Charge all stopped:", error));
      const url = new URL(request.url);
      return redirectWithToast(`${url.pathname}${url.search}`, {
        title: resumed ? "Resuming the unfinished run" : "Charging every card on file",
      });
    }
    default:
      return refuseForm(CHARGE_ALL_FORM, "Unknown action.", "", 400);
  }
}

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
