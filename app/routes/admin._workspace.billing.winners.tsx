import { randomUUID } from "node:crypto";
import { Form, Link, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { chargeAllCards, chargeAllPreview, latestChargeRun } from "~/billing/charge-all.server";
import { chargeCardOnFile, compLine } from "~/billing/charges.server";
import {
  CHARGE_ALL_FORM,
  chargeAllSchema,
  CHARGE_FORM,
  chargeSchema,
  compFormOf,
  compSchema,
  RECEIPT_FORM,
  WINNERS_INTENT,
  receiptSchema,
} from "~/billing/checkout-forms";
import { pickupsTaken, waitingByInvoice } from "~/billing/desk-overlay";
import { DESK_STATION, deskActions } from "~/billing/desk-station.server";
import { invoicePath } from "~/billing/invoice-link.server";
import { sendReceipt } from "~/billing/receipt-mail.server";
import { billingSettings } from "~/billing/settings.server";
import { ChargeAllPanel } from "~/billing/ui/charge-all-panel";
import { CheckoutPanel } from "~/billing/ui/checkout-panel";
import { OfflineCheckout } from "~/billing/ui/offline-checkout";
import { WinnersTable } from "~/billing/ui/winners-table";
import { winnersScreen } from "~/billing/winners.server";
import { db } from "~/db.server";
import { eventSettings } from "~/events/event-settings.server";
import { intentAction } from "~/forms/intent-action.server";
import { refuseForm } from "~/forms/reply.server";
import { rowId } from "~/forms/rules";
import { paths } from "~/http/paths";
import { notWhileOffline } from "~/navigation/offline-revalidation";
import { publicOrigin } from "~/security/request.server";
import { stationLinks } from "~/stations/station-links";
import { stationConflicts, stationIntents } from "~/stations/station-sync.server";
import { StationBar } from "~/stations/ui/station-bar";
import { StationConflicts } from "~/stations/ui/station-conflicts";
import { useStationQueue } from "~/stations/use-station-queue";
import { Button } from "~/ui/button";
import { titleMeta } from "~/ui/error-page";
import { formatMoney } from "~/ui/format";
import { useHydrated } from "~/ui/use-hydrated";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { StationMessage } from "~/stations/station-entry";

export const meta = titleMeta("Winners · Billing · Gavel");

export const links: LinksFunction = () => stationLinks;

export const shouldRevalidate = notWhileOffline;

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
    // What "Charge all cards on file" would charge, said in its confirmation (winnersScreen synced the invoices).
    chargeAll: cardsEnabled ? await chargeAllPreview(eventId) : null,
    // A fresh key per page view: a form sent twice from this page records one cash or check payment.
    submissionKey: randomUUID(),
    eventId,
    syncUrl: paths.billingWinnersSync(eventId),
    conflicts: await stationConflicts(db, eventId, DESK_STATION),
  };
}

/** Charge the card on file, take cash or a check, comp a line, email the receipt; charge every card on file. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId, user } = await requireEventPermission(request, "can_bill");
      return { db, eventId, usrId: user.usr_id, byUsrId: user.usr_id, at: new Date() };
    },
    intents: (intent) => ({
      // Cash and checks: the same as the desk's queue posts (billing/desk-station.server.ts).
      ...stationIntents(intent, deskActions, (message) => message),
      [WINNERS_INTENT.charge]: intent({
        formId: CHARGE_FORM,
        schema: chargeSchema,
        run: async ({ eventId, byUsrId }, { invoice, amount, cover_fee, submission }) => {
          const { currency } = await eventSettings(eventId);
          const charge = { byUsrId, amount: amount ?? undefined, coverFee: cover_fee, submissionKey: submission };
          const result = await chargeCardOnFile(eventId, invoice, charge);
          if (result.status === "paid") return `Charged ${formatMoney(result.amount, currency)}`;
          if (result.status === "nothing_owed") return "Nothing is owed: no charge made";
          if (result.status === "no_card") return refuseForm(CHARGE_FORM, "This guest has no card on file.");
          return refuseForm(CHARGE_FORM, `Not charged: ${result.message}`);
        },
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

export default function WinnersPage() {
  const loaded = useLoaderData<typeof loader>();
  const { owing, guest, currency, timeZone, run, chargeAll, submissionKey, cardsEnabled, eventId, syncUrl, conflicts } =
    loaded;
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const queue = useStationQueue<StationMessage>({ queue: `desk:${eventId}`, syncUrl, loaded: loaded.winners });
  const waiting = useMemo(
    () => waitingByInvoice([...queue.confirmed, ...queue.waiting]),
    [queue.confirmed, queue.waiting],
  );
  const pickups = useMemo(() => pickupsTaken([...queue.confirmed, ...queue.waiting]), [queue.confirmed, queue.waiting]);
  const winners = loaded.winners.map((winner) => ({
    ...winner,
    balance: winner.balance - (waiting.get(winner.invoiceId) ?? 0),
  }));
  // Offline the desk cannot load another guest's invoice: it takes cash or a check against the balance it last saw.
  const [offlineGuest, setOfflineGuest] = useState<number | null>(null);
  useEffect(() => setOfflineGuest(null), [loaded]);
  const chosenOffline = winners.find((winner) => winner.invoiceId === offlineGuest) ?? null;
  const take = hydrated ? queue.take : undefined;
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
      {hydrated ? (
        <StationBar
          queue={queue}
          timezone={timeZone}
          signInHref={`/auth/sign-in?returnTo=${encodeURIComponent(paths.billingWinners(eventId))}`}
          showsAnswer
        />
      ) : null}
      <StationConflicts conflicts={conflicts} syncUrl={syncUrl} timezone={timeZone} />
      <div className="billing-winners">
        <div className="billing-winners__list">
          <Form method="get" className="billing-search" role="search">
            <label htmlFor="winners-search">Paddle or name</label>
            <input id="winners-search" name="q" type="search" defaultValue={params.get("q") ?? ""} autoComplete="off" />
            <Button type="submit">Find</Button>
          </Form>
          {cardsEnabled && chargeAll ? (
            <ChargeAllPanel run={run} preview={chargeAll} currency={currency} winners={winners} />
          ) : (
            <p className="muted">
              Cards are not set up for this event: take cash and checks here, or add the Stripe keys at{" "}
              <Link to={paths.setupBilling(params.get("id") || undefined)}>Setup › Billing</Link>.
            </p>
          )}
          <WinnersTable
            winners={winners}
            openInvoiceId={chosenOffline?.invoiceId ?? guest?.invoiceId ?? null}
            currency={currency}
            onOpenOffline={setOfflineGuest}
          />
        </div>
        {chosenOffline && chosenOffline.invoiceId !== guest?.invoiceId ? (
          <OfflineCheckout
            key={chosenOffline.invoiceId}
            winner={chosenOffline}
            currency={currency}
            submissionKey={submissionKey}
            take={take}
          />
        ) : guest ? (
          <CheckoutPanel
            key={guest.invoiceId}
            guest={guest}
            timeZone={timeZone}
            submissionKey={submissionKey}
            waiting={waiting.get(guest.invoiceId) ?? 0}
            pickups={pickups}
            take={take}
          />
        ) : null}
      </div>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
