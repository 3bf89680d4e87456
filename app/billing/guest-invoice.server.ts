/**
 * /invoice, the guest's own page (reached by a signed link: ./invoice-link.server.ts): their lines, what they owe,
 * paying it with the card on file or a new card on the provider's hosted page, saving or replacing a card, and the
 * receipt. Returning from the hosted page completes the payment (the webhook may have done so first).
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { formatInZone } from "~/ui/zoned-time";
import { event, invoice } from "~drizzle/schema";
import { finishCardSetup, startCardSetup } from "./cards.server";
import { chargeCardOnFile } from "./charges.server";
import { closeOpenPages, completeCheckout, startInvoiceCheckout } from "./checkout.server";
import { GUEST_INVOICE_INTENT, type GuestInvoiceIntent } from "./guest-invoice-form";
import { guestView, invoiceDocument } from "./invoice-document.server";
import { invoicePath, readInvoiceToken } from "./invoice-link.server";
import { syncInvoices } from "./invoice.server";

export function invoiceFromLink(url: URL) {
  const target = readInvoiceToken(url.searchParams.get("t"));
  if (!target) throw new Response("This invoice link is not valid. Ask the organisers for a new one.", { status: 404 });
  return target;
}

/** Whether guests may pay now (the checkout window of the event's billing settings). */
function checkoutState(opensAt: string | null, closesAt: string | null, timeZone: string, now = new Date()) {
  const closed = (reason: "opens" | "closed", at: string) => ({
    open: false as const,
    reason,
    at,
    atText: formatInZone(at, timeZone, "long"),
  });
  if (opensAt && now < new Date(opensAt)) return closed("opens", opensAt);
  if (closesAt && now > new Date(closesAt)) return closed("closed", closesAt);
  return { open: true as const };
}

export async function guestInvoicePage(url: URL) {
  const { eventId, invoiceId } = invoiceFromLink(url);
  // Back from the hosted pages: apply what happened there, then show the invoice at its own address.
  const paidSession = url.searchParams.get("paid_session");
  if (paidSession) await completeCheckout(eventId, paidSession);
  if (url.searchParams.get("cancelled")) await closeOpenPages(eventId, invoiceId);
  const cardSession = url.searchParams.get("card_session");
  if (cardSession) await finishCardSetup(eventId, cardSession);
  const [owner] = await db
    .select({ usrId: invoice.usr_id })
    .from(invoice)
    .where(and(eq(invoice.event_id, eventId), eq(invoice.invoice_id, invoiceId)));
  if (!owner) throw new Response("This invoice no longer exists.", { status: 404 });
  // Something won or pledged since the last visit shows at once.
  await db.transaction((tx) => syncInvoices(tx, eventId, [owner.usrId]));
  const document = guestView(await invoiceDocument(eventId, invoiceId));
  const [eventRow] = await db.select({ timeZone: event.timezone }).from(event).where(eq(event.event_id, eventId));
  return {
    invoice: document,
    timeZone: eventRow.timeZone,
    checkout: checkoutState(document.checkoutOpensAt, document.checkoutClosesAt, eventRow.timeZone),
    notice: paidSession ? "paid" : cardSession ? "card_saved" : url.searchParams.get("cancelled") ? "cancelled" : null,
    receipt: url.searchParams.get("receipt") === "1",
    selfPath: invoicePath(eventId, invoiceId),
    /** The payment form's key: one charge of the card on file per page shown, however often it is sent. */
    submissionKey: randomUUID(),
  };
}

/**
 * Does what the guest asked. Answers where to send the browser (the hosted page, or back to the invoice), or the
 * message of a card that was declined.
 */
export async function guestInvoiceAction(
  url: URL,
  origin: string,
  intent: GuestInvoiceIntent,
  options: { coverFee: boolean; saveCard: boolean; amount: number | null; submissionKey: string },
): Promise<{ redirect: string } | { declined: string }> {
  const { eventId, invoiceId } = invoiceFromLink(url);
  const self = `${origin}${invoicePath(eventId, invoiceId)}`;
  const document = await invoiceDocument(eventId, invoiceId);
  const checkout = checkoutState(document.checkoutOpensAt, document.checkoutClosesAt, "UTC");
  if (intent !== GUEST_INVOICE_INTENT.saveCard && !checkout.open)
    throw new Refusal("Payments on this page are closed for now. Please see the organisers.");
  switch (intent) {
    case GUEST_INVOICE_INTENT.paySaved: {
      const result = await chargeCardOnFile(eventId, invoiceId, {
        byUsrId: null,
        coverFee: options.coverFee,
        amount: options.amount ?? undefined,
        submissionKey: options.submissionKey,
      });
      if (result.status === "declined" || result.status === "requires_authentication")
        return {
          declined:
            result.status === "requires_authentication"
              ? `${result.message} Pay with a card below instead: your bank will ask you to confirm.`
              : `${result.message} Nothing was charged. Try another card below.`,
        };
      if (result.status === "no_card") throw new Refusal("There is no card on file: pay with a card below.");
      return { redirect: `${invoicePath(eventId, invoiceId)}&notice=paid` };
    }
    case GUEST_INVOICE_INTENT.payNew:
      return {
        redirect: await startInvoiceCheckout(eventId, invoiceId, {
          coverFee: options.coverFee,
          saveCard: options.saveCard,
          amount: options.amount ?? undefined,
          pages: { successUrl: `${self}&paid_session={CHECKOUT_SESSION_ID}`, cancelUrl: `${self}&cancelled=1` },
        }),
      };
    case GUEST_INVOICE_INTENT.saveCard:
      return {
        redirect: await startCardSetup(eventId, document.usrId, {
          successUrl: `${self}&card_session={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${self}&cancelled=1`,
        }),
      };
  }
}
