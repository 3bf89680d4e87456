/**
 * The cash desk's payments and pickups (/admin/billing/winners), declared once for the page's form posts and the station's queue
 * (app/stations/station-sync.server.ts), which also carries the cash and checks taken while the venue's Wi-Fi is
 * down. The amount is checked against the balance when the entry arrives: a payment above a balance that changed
 * meanwhile (the guest paid by card on their phone) is the desk's to see and put right, never recorded silently.
 */
import { stationAction, type StationAction, type StationCall } from "~/stations/station-sync.server";
import { formatMoney } from "~/ui/format";
import { recordManualPayment } from "./charges.server";
import {
  CASH_FORM,
  cashSchema,
  CHECK_FORM,
  checkSchema,
  RECEIVED_FORM,
  receivedSchema,
  WINNERS_INTENT,
} from "./checkout-forms";
import { setItemReceived } from "./payments-list.server";
import { billingSettings } from "./settings.server";
import type { z } from "zod";

/** The station kind the desk's entries and conflicts are listed under. */
export const DESK_STATION = "desk";

type ManualPaid = z.output<typeof cashSchema> & { check_number?: string };

/**
 * Cash or a check: recorded once by its key (the page's submission key without JavaScript; the entry's key from the
 * queue, so two payments taken offline from one page view are two payments). It closes the provider's open payment
 * pages first, in transactions of its own.
 */
async function recordPaid(call: StationCall, method: "cash" | "check", paid: ManualPaid) {
  const { invoice, amount, submission, check_number = null } = paid;
  const paymentId = await recordManualPayment(call.eventId, invoice, {
    method,
    amount: amount!,
    checkNumber: check_number,
    byUsrId: call.usrId,
    submissionKey: call.entryKey ?? submission,
  });
  if (paid.picked_up) await setItemReceived(call.eventId, paymentId, true);
  const { currency } = await billingSettings(call.eventId);
  const what = `${formatMoney(amount!, currency)} ${method === "cash" ? "cash" : "by check"} recorded`;
  return paid.picked_up ? `${what}, items picked up` : what;
}

export const deskActions: Record<string, StationAction<string>> = {
  [WINNERS_INTENT.cash]: stationAction({
    formId: CASH_FORM,
    schema: cashSchema,
    ownTransactions: true,
    run: (call, paid) => recordPaid(call, "cash", paid),
  }),
  [WINNERS_INTENT.check]: stationAction({
    formId: CHECK_FORM,
    schema: checkSchema,
    ownTransactions: true,
    run: (call, paid) => recordPaid(call, "check", paid),
  }),
  // A guest collecting what a payment already recorded paid for.
  [WINNERS_INTENT.received]: stationAction({
    formId: RECEIVED_FORM,
    schema: receivedSchema,
    unparsed: "Choose a payment.",
    run: async (call, { payment, received }) => {
      await setItemReceived(call.eventId, payment, received === "yes", call.db);
      return received === "yes" ? "Marked as picked up" : "Pickup undone";
    },
  }),
};
